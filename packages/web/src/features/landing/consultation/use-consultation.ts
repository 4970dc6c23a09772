/**
 * The visitor's consultation from request to rating (SPEC §2 landing, §4 client side): the request
 * modal, the waiting state fed by the socket (with 30 s status polling as a fallback), the video
 * modal that opens by itself once an advisor accepts, the recovery banner after closing or
 * reloading, and the rating card once the call has ended.
 */
import { NO_ANSWER_REASON, type CallRequestBody, type CallSubject } from '@belleza/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { isClientError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import {
  callStatusQuery,
  cancelCall,
  endCall,
  enterBooking,
  fetchBooking,
  fetchCallStatus,
  fetchClientToken,
  requestCall,
  type BookingLink,
  type CallCredentials,
} from './consultation.api';
import { requestErrorDetail, requestErrorKind } from './request-errors';
import {
  clearPendingRating,
  clearSavedCall,
  isLiveStatus,
  loadPendingRating,
  loadSavedCall,
  saveCall,
  savePendingRating,
  updateSavedCall,
  type SavedCall,
} from './saved-call';
import { useCallSocket, type CallSocketUpdate } from './use-call-socket';

export const REQUEST_ERROR_TOAST_MS = 8000;
export const FINISHED_TOAST_MS = 4000;

export type VideoSession = {
  callId: string;
  roomUrl: string;
  token: string;
  userName: string;
};

export type ConsultationState = ReturnType<typeof useConsultation>;

/** A failed status check that proves the call is gone or not ours (not a network blip). */
const isFinalFailure = isClientError;

/**
 * `refreshAvailability` re-reads GET /api/availability (owned by the landing page, whose call
 * buttons show it) when the consultation learns it may have changed.
 */
export function useConsultation(refreshAvailability: () => void) {
  const { t } = useTranslation('consultation');
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedCall | null>(() => loadSavedCall());
  const savedRef = useRef(saved);
  const [modalOpen, setModalOpen] = useState(false);
  const [preset, setPreset] = useState<{ subject: CallSubject; message: string }>({
    subject: 'general',
    message: '',
  });
  const [video, setVideo] = useState<VideoSession | null>(null);
  // A call that ended before a reload can still be rated: its card comes back.
  const [rating, setRating] = useState<CallCredentials | null>(loadPendingRating);
  // The call whose rating reached the server: its card still thanks her, but nothing is owed.
  const [ratedCallId, setRatedCallId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'request' | 'cancel' | 'video' | null>(null);
  const cancelledByVisitor = useRef(false);

  const store = useCallback((next: SavedCall | null) => {
    savedRef.current = next;
    setSaved(next);
  }, []);

  const forget = useCallback(() => {
    clearSavedCall();
    store(null);
    setVideo(null);
  }, [store]);

  const openVideo = useCallback(
    async (call: SavedCall) => {
      setBusy('video');
      try {
        const room = await fetchClientToken(call);
        setModalOpen(false);
        setVideo({
          callId: call.callId,
          roomUrl: room.roomUrl,
          token: room.token,
          userName: call.userName,
        });
      } catch (error) {
        toast.error(t('toasts.videoErrorTitle'), errorMessage(error, t('toasts.videoError')));
        void queryClient.invalidateQueries({ queryKey: ['consultation', 'status', call.callId] });
      } finally {
        setBusy(null);
      }
    },
    [queryClient, t],
  );

  /** One place applies what the socket, the poll and our own requests learn about the call. */
  const apply = useCallback(
    (update: CallSocketUpdate) => {
      const current = savedRef.current;
      if (!current || current.callId !== update.callId) return;
      if (update.endingInMinutes !== undefined) {
        toast.warning(
          t('toasts.endingSoonTitle'),
          t('toasts.endingSoonMessage', { count: update.endingInMinutes }),
        );
        return;
      }
      const position =
        update.queuePosition !== undefined ? { queuePosition: update.queuePosition } : {};
      // Back in the queue, nobody rings for her any more.
      const known = current.ringing;
      const ringing =
        update.ringing === undefined
          ? update.queuePosition
            ? { ringing: null }
            : {}
          : // A snapshot names the same stylist without her title: keep the title we had.
            update.ringing && !update.ringing.title && known?.name === update.ringing.name
            ? {}
            : { ringing: update.ringing };
      const estimate =
        update.estimatedWaitTime !== undefined && update.estimatedWaitTime !== null
          ? { estimatedWaitTime: update.estimatedWaitTime }
          : {};
      switch (update.status) {
        case undefined:
        case 'pending':
          store(updateSavedCall(current, { ...position, ...estimate, ...ringing }));
          return;
        case 'accepted':
        case 'active': {
          const next = updateSavedCall(current, { status: 'active', queuePosition: null });
          store(next);
          // The advisor accepted while we waited: the video opens by itself.
          if (current.status === 'pending') void openVideo(next);
          return;
        }
        case 'completed':
          forget();
          setModalOpen(false);
          toast.success(t('toasts.finishedTitle'), t('toasts.finishedMessage'), {
            duration: FINISHED_TOAST_MS,
          });
          setRating(savePendingRating(current));
          return;
        case 'cancelled': {
          forget();
          setModalOpen(false);
          if (cancelledByVisitor.current) {
            cancelledByVisitor.current = false;
            toast.info(t('toasts.cancelledTitle'), t('toasts.cancelledMessage'));
          } else if (update.reason === NO_ANSWER_REASON) {
            toast.warning(t('toasts.noAnswerTitle'), t('toasts.noAnswerMessage'));
            refreshAvailability();
          } else {
            toast.info(t('toasts.cancelledTitle'), t('toasts.cancelledElsewhere'));
          }
          return;
        }
      }
    },
    [forget, openVideo, refreshAvailability, store, t],
  );

  const credentials = saved && isLiveStatus(saved.status) ? saved : null;
  const chat = useCallSocket(credentials, apply);

  // SPEC §9: the status is polled every 30 s as a fallback to the socket. Each answer goes
  // through `apply`; SPEC §4: a failed status check clears the saved call, stops polling and
  // hides the banner (a network blip or a 5xx is not a failed check: the call may well go on).
  const pollRef = useRef({ apply, forget });
  useEffect(() => {
    pollRef.current = { apply, forget };
  }, [apply, forget]);
  const pollTarget = credentials ?? { callId: '', clientKey: '' };
  useQuery({
    ...callStatusQuery(pollTarget),
    queryFn: async ({ signal }) => {
      try {
        const data = await fetchCallStatus(pollTarget, signal);
        pollRef.current.apply({
          callId: data.callId,
          status: data.status,
          queuePosition: data.queuePosition,
          estimatedWaitTime: data.estimatedWaitTime,
          reason: data.reason,
        });
        return data;
      } catch (error) {
        if (isFinalFailure(error)) pollRef.current.forget();
        throw error;
      }
    },
    enabled: credentials !== null,
  });

  const openRequest = useCallback(
    (subject: CallSubject = 'general', message = '') => {
      setPreset({ subject, message });
      setModalOpen(true);
      refreshAvailability();
    },
    [refreshAvailability],
  );

  /**
   * 'Entrar a mi cita' (issue 16 §4): the booked call, rung at her stylist first; then the same
   * waiting, video and rating as any consultation.
   */
  const enterAppointment = useCallback(
    async (link: BookingLink): Promise<boolean> => {
      setBusy('request');
      try {
        const booking = await fetchBooking(link);
        const created = await enterBooking(link);
        const booked = booking.advisor;
        const next = saveCall({
          callId: created.callId,
          clientKey: created.clientKey,
          status: 'pending',
          userName: booking.clientName,
          queuePosition: created.queuePosition,
          estimatedWaitTime: created.estimatedWaitTime,
          ringing:
            created.advisorId === booked.advisorId
              ? { name: booked.name, title: booked.title }
              : null,
          bookedWith: booked.name,
        });
        store(next);
        clearPendingRating();
        setRating(null);
        setModalOpen(true);
        if (created.status !== 'pending') apply({ callId: created.callId, status: created.status });
        return true;
      } catch (error) {
        toast.error(
          t('toasts.enterErrorTitle'),
          t('toasts.requestErrorMessage', { detail: requestErrorDetail(error, t) }),
          { duration: REQUEST_ERROR_TOAST_MS },
        );
        return false;
      } finally {
        setBusy(null);
      }
    },
    [apply, store, t],
  );

  const submitRequest = useCallback(
    async (body: CallRequestBody, subject?: CallSubject): Promise<boolean> => {
      setBusy('request');
      try {
        const created = await requestCall(body);
        // From now on `subject` is the topic she asked about (the frame tells its host, issue 17).
        if (subject) setPreset((current) => ({ ...current, subject }));
        const next = saveCall({
          callId: created.callId,
          clientKey: created.clientKey,
          status: 'pending',
          userName: body.name.trim(),
          queuePosition: created.queuePosition,
          estimatedWaitTime: created.estimatedWaitTime,
        });
        store(next);
        clearPendingRating();
        setRating(null);
        // No toast: the waiting dialog that replaces the form (and takes the focus) says it.
        // With auto-accept the call can already be active.
        if (created.status !== 'pending') apply({ callId: created.callId, status: created.status });
        return true;
      } catch (error) {
        toast.error(
          t('toasts.requestErrorTitle'),
          t('toasts.requestErrorMessage', { detail: requestErrorDetail(error, t) }),
          { duration: REQUEST_ERROR_TOAST_MS },
        );
        const kind = requestErrorKind(error);
        if (kind === 'noAdvisors' || kind === 'maintenance') refreshAvailability();
        return false;
      } finally {
        setBusy(null);
      }
    },
    [apply, refreshAvailability, store, t],
  );

  const cancel = useCallback(async () => {
    const current = savedRef.current;
    if (!current) return;
    setBusy('cancel');
    cancelledByVisitor.current = true;
    try {
      await cancelCall(current);
      apply({ callId: current.callId, status: 'cancelled' });
    } catch (error) {
      cancelledByVisitor.current = false;
      toast.error(t('toasts.cancelErrorTitle'), errorMessage(error));
      // Most likely accepted meanwhile: the status tells us what to show.
      void queryClient.invalidateQueries({ queryKey: ['consultation', 'status', current.callId] });
    } finally {
      setBusy(null);
    }
  }, [apply, queryClient, t]);

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
  }, [apply, queryClient, t]);

  /** 'Volver a la llamada': back to the waiting view, or into the video when it is going on. */
  const resume = useCallback(() => {
    const current = savedRef.current;
    if (!current) return;
    if (current.status === 'pending') setModalOpen(true);
    else void openVideo(current);
  }, [openVideo]);

  return {
    saved,
    modalOpen,
    /** the form's topic; once a request is sent, the one she chose */
    subject: preset.subject,
    message: preset.message,
    video,
    /** the visitor's socket for the call's chat, once it joined the call */
    chat,
    rating,
    /** a rating card is up and its rating not yet given: what a reload would bring back */
    ratingOwed: rating !== null && rating.callId !== ratedCallId,
    busy,
    openRequest,
    closeModal: () => setModalOpen(false),
    submitRequest,
    cancel,
    resume,
    enterAppointment,
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
