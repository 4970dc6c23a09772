/**
 * The visitor's saved call as it goes on (docs/product.md#waiting-for-an-advisor and
 * #saved-call-and-recovery-banner): one `apply` takes what the socket, the 30 s status poll and
 * her own requests learn about the call, and moves her on — the waiting view's queue position and
 * stylist, the video that opens by itself once an advisor accepts, the toast and rating card when
 * it ends, or the toast that says why it was cancelled.
 */
import { CLIENT_LEFT_REASON, NO_ANSWER_REASON } from '@belleza/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { isClientError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import {
  callStatusQuery,
  fetchCallStatus,
  fetchClientToken,
  type CallCredentials,
} from './consultation.api';
import {
  clearSavedCall,
  isLiveStatus,
  loadSavedCall,
  savePendingRating,
  updateSavedCall,
  type SavedCall,
} from './saved-call';
import { useCallSocket, type CallSocketUpdate } from './use-call-socket';

export const FINISHED_TOAST_MS = 4000;

export type VideoSession = {
  callId: string;
  roomUrl: string;
  token: string;
  userName: string;
};

/** A failed status check that proves the call is gone or not ours (not a network blip). */
const isFinalFailure = isClientError;

export type LiveCallOptions = {
  /** re-reads the landing's availability, which a call that got no answer may have changed */
  refreshAvailability: () => void;
  setModalOpen: (open: boolean) => void;
  setBusy: (busy: 'video' | null) => void;
  /** the rating card's call: set when the call ends */
  setRating: (call: CallCredentials | null) => void;
};

export function useLiveCall({
  refreshAvailability,
  setModalOpen,
  setBusy,
  setRating,
}: LiveCallOptions) {
  const { t } = useTranslation('consultation');
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedCall | null>(() => loadSavedCall());
  /** the saved call as last stored: requests that finish between renders read it */
  const savedRef = useRef(saved);
  const [video, setVideo] = useState<VideoSession | null>(null);
  /** why the accepted call's video did not open (its token was refused or never came), if so */
  const [videoError, setVideoError] = useState<string | null>(null);
  /** her own 'Cancelar' is in flight: its cancellation is announced as hers */
  const cancelledByVisitorRef = useRef(false);

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
      setVideoError(null);
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
        const message = errorMessage(error, t('toasts.videoError'));
        // The dialog that said "Abriendo la videollamada..." now says why not, with a retry.
        setVideoError(message);
        toast.error(t('toasts.videoErrorTitle'), message);
        void queryClient.invalidateQueries({ queryKey: ['consultation', 'status', call.callId] });
      } finally {
        setBusy(null);
      }
    },
    [queryClient, t, setBusy, setModalOpen],
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
          if (cancelledByVisitorRef.current) {
            cancelledByVisitorRef.current = false;
            toast.info(t('toasts.cancelledTitle'), t('toasts.cancelledMessage'));
          } else if (update.reason === NO_ANSWER_REASON) {
            toast.warning(t('toasts.noAnswerTitle'), t('toasts.noAnswerMessage'));
            refreshAvailability();
          } else if (update.reason === CLIENT_LEFT_REASON) {
            // Her page was away past the grace (closed, offline): said plainly, with a way back.
            toast.info(t('toasts.leftTitle'), t('toasts.leftMessage'));
            refreshAvailability();
          } else {
            toast.info(t('toasts.cancelledTitle'), t('toasts.cancelledElsewhere'));
          }
          return;
        }
      }
    },
    [forget, openVideo, refreshAvailability, store, t, setModalOpen, setRating],
  );

  const credentials = saved && isLiveStatus(saved.status) ? saved : null;
  // Counts the socket's news, so a poll answer that was on its way meanwhile cannot undo them.
  const newsRef = useRef(0);
  const applyNews = useCallback(
    (update: CallSocketUpdate) => {
      newsRef.current += 1;
      apply(update);
    },
    [apply],
  );
  const chat = useCallSocket(credentials, applyNews);

  // The status is polled every 30 s as a fallback to the socket; each answer goes through
  // `apply`. A failed status check clears the saved call, stops polling and hides the banner (a
  // network blip or a 5xx is not a failed check: the call may well go on).
  const pollRef = useRef({ apply, forget });
  useEffect(() => {
    pollRef.current = { apply, forget };
  }, [apply, forget]);
  const pollTarget = credentials ?? { callId: '', clientKey: '' };
  useQuery({
    ...callStatusQuery(pollTarget),
    queryFn: async ({ signal }) => {
      try {
        const newsBefore = newsRef.current;
        const data = await fetchCallStatus(pollTarget, signal);
        const queue =
          newsRef.current !== newsBefore
            ? // The socket told newer news while this answer travelled: only its status counts.
              {}
            : {
                queuePosition: data.queuePosition,
                estimatedWaitTime: data.estimatedWaitTime,
                // Who rings for her as the server read it (the title comes with the socket's news).
                ringing:
                  data.status !== 'pending'
                    ? undefined
                    : data.advisorName
                      ? { name: data.advisorName, title: '' }
                      : null,
              };
        pollRef.current.apply({
          callId: data.callId,
          status: data.status,
          reason: data.reason,
          ...queue,
        });
        return data;
      } catch (error) {
        if (isFinalFailure(error)) pollRef.current.forget();
        throw error;
      }
    },
    enabled: credentials !== null,
  });

  return {
    saved,
    savedRef,
    store,
    video,
    setVideo,
    openVideo,
    videoError,
    apply,
    cancelledByVisitorRef,
    /** the visitor's socket for the call's chat, once it joined the call */
    chat,
  };
}
