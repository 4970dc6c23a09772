/**
 * The visitor's consultation from request to rating (docs/product.md#consultation-request and
 * #client-video-modal): the request modal, the waiting state fed by the socket (with 30 s status
 * polling as a fallback), the video modal that opens by itself once an advisor accepts, the
 * recovery banner after closing or reloading, and the rating card once the call has ended.
 * Starting a call lives in use-call-request, following it in use-live-call; this hook holds what
 * the layer shows and what she does with a call under way (cancel, resume, end, rate).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { cancelCall, endCall, type CallCredentials } from './consultation.api';
import { clearPendingRating, loadPendingRating } from './saved-call';
import { useCallRequest } from './use-call-request';
import { useLiveCall } from './use-live-call';

export type ConsultationState = ReturnType<typeof useConsultation>;

/**
 * `refreshAvailability` re-reads GET /api/availability (owned by the landing page, whose call
 * buttons show it) when the consultation learns it may have changed.
 */
export function useConsultation(refreshAvailability: () => void) {
  const { t } = useTranslation('consultation');
  const queryClient = useQueryClient();
  const [modalOpen, setModalOpen] = useState(false);
  // A call that ended before a reload can still be rated: its card comes back.
  const [rating, setRating] = useState<CallCredentials | null>(loadPendingRating);
  // The call whose rating reached the server: its card still thanks her, but nothing is owed.
  const [ratedCallId, setRatedCallId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'request' | 'cancel' | 'video' | null>(null);

  const live = useLiveCall({ refreshAvailability, setModalOpen, setBusy, setRating });
  const { saved, savedRef, video, setVideo, openVideo, apply, cancelledByVisitorRef } = live;
  const request = useCallRequest({
    refreshAvailability,
    setModalOpen,
    setBusy,
    setRating,
    store: live.store,
    apply,
  });

  const cancel = useCallback(async () => {
    const current = savedRef.current;
    if (!current) return;
    setBusy('cancel');
    cancelledByVisitorRef.current = true;
    try {
      await cancelCall(current);
      apply({ callId: current.callId, status: 'cancelled' });
    } catch (error) {
      cancelledByVisitorRef.current = false;
      toast.error(t('toasts.cancelErrorTitle'), errorMessage(error));
      // Most likely accepted meanwhile: the status tells us what to show.
      void queryClient.invalidateQueries({ queryKey: ['consultation', 'status', current.callId] });
    } finally {
      setBusy(null);
    }
  }, [apply, queryClient, t, savedRef, cancelledByVisitorRef]);

  const endFromVideo = useCallback(async () => {
    const current = savedRef.current;
    if (!current) {
      setVideo(null);
      return;
    }
    try {
      await endCall(current);
      apply({ callId: current.callId, status: 'completed' });
    } catch (error) {
      toast.error(t('toasts.endErrorTitle'), errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: ['consultation', 'status', current.callId] });
    }
  }, [apply, queryClient, t, savedRef, setVideo]);

  /** 'Volver a la llamada': back to the waiting view, or into the video when it is going on. */
  const resume = useCallback(() => {
    const current = savedRef.current;
    if (!current) return;
    if (current.status === 'pending') setModalOpen(true);
    else void openVideo(current);
  }, [openVideo, savedRef]);

  return {
    saved,
    modalOpen,
    /** the form's topic; once a request is sent, the one she chose */
    subject: request.preset.subject,
    message: request.preset.message,
    video,
    /** why the accepted call's video did not open; 'Reintentar' is `resume` */
    videoError: live.videoError,
    /** the visitor's socket for the call's chat, once it joined the call */
    chat: live.chat,
    rating,
    /** a rating card is up and its rating not yet given: what a reload would bring back */
    ratingOwed: rating !== null && rating.callId !== ratedCallId,
    busy,
    openRequest: request.openRequest,
    closeModal: () => setModalOpen(false),
    submitRequest: request.submitRequest,
    cancel,
    resume,
    enterAppointment: request.enterAppointment,
    minimizeVideo: () => setVideo(null),
    endFromVideo,
    /** The rating was sent or refused as given already: a reload no longer offers it. */
    ratingSent: () => {
      clearPendingRating();
      setRatedCallId(rating?.callId ?? null);
    },
    dismissRating: () => {
      clearPendingRating();
      setRating(null);
    },
  };
}
