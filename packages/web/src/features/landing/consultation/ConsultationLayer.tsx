/**
 * Everything of the consultation that floats over the landing page. The video modal's code loads
 * only when a call is accepted, so the landing page itself carries none of it.
 */
import { builtinRoomUrl, type Availability } from '@belleza/contract';
import { lazy, Suspense, useEffect, useState, type ComponentType, type Ref } from 'react';
import {
  loadClientVideoModal,
  type ClientVideoModalProps,
  type MediaChoice,
} from '@/components/video-call/visitor';
import { loadNamespaces } from '@/lib/i18n';
import { ConsultationModal } from './ConsultationModal';
import { RatingCard } from './RatingCard';
import { RecoveryBanner } from './RecoveryBanner';
import type { ConsultationState } from './use-consultation';
import './consultation.css';

let videoModule: Promise<{ default: ComponentType<ClientVideoModalProps> }> | null = null;
/** Fetched once, as soon as a consultation is under way: the video must not wait for its code. */
const loadVideoModal = () =>
  (videoModule ??= Promise.all([loadClientVideoModal(), loadNamespaces(['video'])])
    .then(([mod]) => ({ default: mod.ClientVideoModal }))
    .catch((err: unknown) => {
      videoModule = null; // a failed fetch is tried again next time
      throw err;
    }));
const ClientVideoModal = lazy(loadVideoModal);

export function ConsultationLayer({
  state,
  availability,
  bannerRef,
}: {
  state: ConsultationState;
  availability: Availability | null;
  /** the recovery banner's element while it shows (the widget's frame fits around it) */
  bannerRef?: Ref<HTMLElement> | undefined;
}) {
  const { saved, video, modalOpen, rating } = state;
  // Devices the visitor checked while waiting, remembered for that call only.
  const [checked, setChecked] = useState<{ callId: string; media: MediaChoice } | null>(null);
  const media = checked && checked.callId === saved?.callId ? checked.media : null;
  // While she waits (and while the accepted call's token is fetched) the video page warms up
  // hidden, so the video starts the moment a stylist accepts.
  const standby =
    saved && !video && (saved.status === 'pending' || state.busy === 'video') ? saved : null;
  useEffect(() => {
    if (modalOpen || saved) void loadVideoModal().catch(() => undefined);
  }, [modalOpen, saved]);
  return (
    <>
      <ConsultationModal
        open={modalOpen}
        subject={state.subject}
        message={state.message}
        availability={availability}
        saved={saved}
        busy={state.busy}
        onClose={state.closeModal}
        onSubmit={state.submitRequest}
        onCancelCall={state.cancel}
        videoError={state.videoError}
        onRetryVideo={state.resume}
        media={media}
        onMediaChosen={(choice) => saved && setChecked({ callId: saved.callId, media: choice })}
      />
      {saved && !modalOpen && !video && (
        <RecoveryBanner
          ref={bannerRef}
          status={saved.status}
          busy={state.busy === 'video'}
          onResume={state.resume}
        />
      )}
      {(video ?? standby) && (
        <Suspense fallback={null}>
          <ClientVideoModal
            // One instance from standby to the call (the page must not reload); a device check
            // while waiting restarts the standby page with that camera.
            key={`${video?.callId ?? standby!.callId}:${JSON.stringify(media)}`}
            callId={video?.callId ?? standby!.callId}
            roomUrl={video?.roomUrl ?? builtinRoomUrl(standby!.callId)}
            token={video?.token}
            userName={video?.userName ?? standby?.userName}
            {...(media ? { media } : {})}
            standby={!video}
            preparing={!video && state.busy === 'video'}
            onMinimize={state.minimizeVideo}
            onEnd={() => void state.endFromVideo()}
            chat={state.chat}
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
