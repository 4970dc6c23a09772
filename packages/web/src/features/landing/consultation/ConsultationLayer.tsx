/**
 * Everything of the consultation that floats over the landing page. The video modal's code loads
 * only when a call is accepted, so the landing page itself carries none of it.
 */
import { lazy, Suspense } from 'react';
import { ConsultationModal } from './ConsultationModal';
import { RatingCard } from './RatingCard';
import { RecoveryBanner } from './RecoveryBanner';
import type { ConsultationState } from './use-consultation';
import './consultation.css';

const ClientVideoModal = lazy(() =>
  import('@/components/video-call/ClientVideoModal').then((m) => ({ default: m.ClientVideoModal })),
);

export function ConsultationLayer({ state }: { state: ConsultationState }) {
  const { saved, video, modalOpen, rating } = state;
  return (
    <>
      <ConsultationModal
        open={modalOpen}
        subject={state.subject}
        availability={state.availability}
        saved={saved}
        busy={state.busy}
        onClose={state.closeModal}
        onSubmit={state.submitRequest}
        onCancelCall={state.cancel}
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
            onMinimize={state.minimizeVideo}
            onEnd={() => void state.endFromVideo()}
          />
        </Suspense>
      )}
      {rating && !video && (
        <RatingCard key={rating.callId} call={rating} onClose={state.dismissRating} />
      )}
    </>
  );
}
