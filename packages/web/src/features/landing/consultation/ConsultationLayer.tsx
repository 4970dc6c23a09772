/**
 * Everything of the consultation that floats over the landing page. The video modal's code loads
 * only when a call is accepted, so the landing page itself carries none of it.
 */
import type { Availability } from '@belleza/contract';
import { lazy, Suspense, useState } from 'react';
import type { MediaChoice } from '@/components/video-call/ClientVideoModal';
import { loadNamespaces } from '@/lib/i18n';
import { ConsultationModal } from './ConsultationModal';
import { RatingCard } from './RatingCard';
import { RecoveryBanner } from './RecoveryBanner';
import type { ConsultationState } from './use-consultation';
import './consultation.css';

const ClientVideoModal = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/components/video-call/ClientVideoModal'),
    loadNamespaces(['video']),
  ]);
  return { default: mod.ClientVideoModal };
});

export function ConsultationLayer({
  state,
  availability,
}: {
  state: ConsultationState;
  availability: Availability | null;
}) {
  const { saved, video, modalOpen, rating } = state;
  // Devices the visitor checked while waiting, remembered for that call only.
  const [checked, setChecked] = useState<{ callId: string; media: MediaChoice } | null>(null);
  const media = checked && checked.callId === saved?.callId ? checked.media : null;
  return (
    <>
      <ConsultationModal
        open={modalOpen}
        subject={state.subject}
        availability={availability}
        saved={saved}
        busy={state.busy}
        onClose={state.closeModal}
        onSubmit={state.submitRequest}
        onCancelCall={state.cancel}
        media={media}
        onMediaChosen={(choice) => saved && setChecked({ callId: saved.callId, media: choice })}
      />
      {saved && !modalOpen && !video && (
        <RecoveryBanner
          status={saved.status}
          busy={state.busy === 'video'}
          onResume={state.resume}
        />
      )}
      {video && (
        <Suspense fallback={null}>
          <ClientVideoModal
            callId={video.callId}
            roomUrl={video.roomUrl}
            token={video.token}
            userName={video.userName}
            {...(checked?.callId === video.callId ? { media: checked.media } : {})}
            onMinimize={state.minimizeVideo}
            onEnd={() => void state.endFromVideo()}
          />
        </Suspense>
      )}
      {rating && !video && (
        <RatingCard
          key={rating.callId}
          call={rating}
          onSent={state.ratingSent}
          onClose={state.dismissRating}
        />
      )}
    </>
  );
}
