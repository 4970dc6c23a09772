/**
 * The visitor's video page in its frame (docs/product.md#client-video-modal): its stage (loading,
 * joining, joined with the participant count, reconnecting, left, closed), the loading overlay
 * hidden after 1.5 s and 'Conectando...' after 3 s without news, up to 3 retries before the error
 * is persistent, toasts for what the page reports, and for a page warmed up in standby the camera
 * started on accept and the room handed over by message (docs/product.md#video-page-protocol).
 */
import type { SnapshotFailureReason, VideoPageMedia, VideoPageMessage } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { buildClientFrameUrl, buildClientStandbyUrl, type ClientFrame } from './client-frame-url';
import { useVideoPageMessages } from './use-video-page-messages';
import { useVideoToasts } from './use-video-toasts';

export const LOADING_OVERLAY_MS = 1500;
export const JOINING_FALLBACK_MS = 3000;
export const MAX_VIDEO_RETRIES = 3;
const CONNECTED_TOAST_MS = 3000;

export type ClientVideoStage =
  'loading' | 'joining' | 'joined' | 'reconnecting' | 'left' | 'closed';

/** What the page reports that the rest of the modal handles (read when it arrives). */
export type ClientPageEvents = {
  /** Escape pressed inside the video */
  onEscape: () => void;
  /** her page's answer to a snapshot request: her camera's still, or why none */
  onSnapshot: (image: Blob | null, failure: SnapshotFailureReason | undefined) => void;
};

export type ClientVideoFrameOptions = ClientFrame & {
  standby: boolean;
  preparing: boolean;
  events: RefObject<ClientPageEvents>;
};

export function useClientVideoFrame({
  callId,
  roomUrl,
  token,
  userName,
  media,
  standby,
  preparing,
  events,
}: ClientVideoFrameOptions) {
  const { t } = useTranslation('video');
  const toast = useVideoToasts();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [stage, setStage] = useState<ClientVideoStage>('loading');
  const [showLoading, setShowLoading] = useState(true);
  const [participants, setParticipants] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [retries, setRetries] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const [persistent, setPersistent] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [pageMedia, setPageMedia] = useState<VideoPageMedia | null>(null);
  const joinedRef = useRef(false);
  const retriesRef = useRef(0);
  // Opened in standby: the frame keeps its standby page, and joins by message when ready.
  const [standbySrc] = useState(() => (standby ? buildClientStandbyUrl(media) : null));
  const [frameReady, setFrameReady] = useState(false);
  const joinSentRef = useRef(false);

  // Per attempt: the loading overlay hides after 1.5 s; with no news after 3 s we say "Conectando...".
  useEffect(() => {
    if (standby) return;
    const hide = window.setTimeout(() => setShowLoading(false), LOADING_OVERLAY_MS);
    const fallback = window.setTimeout(
      () => setStage((s) => (s === 'loading' ? 'joining' : s)),
      JOINING_FALLBACK_MS,
    );
    return () => {
      window.clearTimeout(hide);
      window.clearTimeout(fallback);
    };
  }, [attempt, standby]);

  const handleMessage = useCallback(
    (m: VideoPageMessage) => {
      switch (m.action) {
        case 'loading':
          break;
        case 'loaded':
          setFrameReady(true);
          break;
        case 'joining':
          setStage('joining');
          break;
        case 'joined':
        case 'connected-despite-error':
          setStage('joined');
          setShowLoading(false);
          setError(null);
          setRetrying(false);
          if (m.participantCount !== undefined) setParticipants(m.participantCount);
          if (!joinedRef.current) {
            joinedRef.current = true;
            toast.success(
              t('toasts.connectedTitle'),
              t('toasts.connectedMessage'),
              CONNECTED_TOAST_MS,
            );
          }
          break;
        case 'participant-joined':
          if (m.participantCount !== undefined) setParticipants(m.participantCount);
          toast.info(
            t('toasts.participantTitle'),
            t('toasts.participantJoined', { name: m.participantName || t('toasts.someone') }),
          );
          break;
        case 'participant-left':
          if (m.participantCount !== undefined) setParticipants(m.participantCount);
          toast.info(
            t('toasts.participantTitle'),
            t('toasts.participantLeft', { name: m.participantName || t('toasts.someone') }),
          );
          break;
        case 'reconnecting':
          setStage('reconnecting');
          break;
        case 'media-state':
          setPageMedia(m.media ?? null);
          break;
        case 'left':
          setStage('left');
          setPageMedia(null);
          joinedRef.current = false;
          break;
        case 'closed':
          setStage('closed');
          setPageMedia(null);
          joinedRef.current = false;
          break;
        case 'camera-error':
          toast.warning(t('toasts.warningTitle'), t('toasts.cameraError'));
          break;
        case 'mic-error':
          toast.warning(t('toasts.warningTitle'), t('toasts.micError'));
          break;
        case 'error': {
          const message = m.error || t('errors.connection');
          setRetrying(false);
          setShowLoading(false);
          setPageMedia(null);
          joinedRef.current = false;
          if (retriesRef.current >= MAX_VIDEO_RETRIES) {
            setPersistent(true);
            setError(t('modal.persistent'));
            toast.error(t('toasts.persistentTitle'), t('toasts.persistentMessage'));
          } else {
            setError(message);
            toast.error(t('toasts.errorTitle'), message);
          }
          break;
        }
        case 'escape':
          events.current.onEscape();
          break;
        case 'snapshot':
          events.current.onSnapshot(m.image instanceof Blob ? m.image : null, m.snapshotError);
          break;
        default: {
          const never: never = m.action;
          void never;
        }
      }
    },
    [t, toast, events],
  );

  const { sendControl } = useVideoPageMessages(frameRef, handleMessage);

  // Accepted, token on its way: the camera starts alongside the token request.
  const prepareSentRef = useRef(false);
  useEffect(() => {
    if (!standbySrc || !standby || !preparing || !frameReady || prepareSentRef.current) return;
    prepareSentRef.current = true;
    sendControl('prepare');
  }, [standbySrc, standby, preparing, frameReady, sendControl]);

  // The call was accepted while the standby page waited: hand it the room.
  useEffect(() => {
    if (!standbySrc || standby || !frameReady || joinSentRef.current) return;
    joinSentRef.current = true;
    sendControl('join', { roomUrl, token, callId, userName: userName?.trim() || 'Cliente' });
  }, [standbySrc, standby, frameReady, sendControl, roomUrl, token, callId, userName]);

  const retry = () => {
    if (retriesRef.current >= MAX_VIDEO_RETRIES) return;
    retriesRef.current += 1;
    setRetries(retriesRef.current);
    setRetrying(true);
    setError(null);
    setStage('loading');
    setShowLoading(true);
    setPageMedia(null);
    setAttempt((a) => a + 1);
    sendControl('retry');
  };

  return {
    frameRef,
    src:
      standbySrc ??
      buildClientFrameUrl({ roomUrl, token, userName, callId, ...(media ? { media } : {}) }),
    stage,
    /** the loading overlay shows */
    showLoading,
    participants,
    /** her microphone, camera and screen share as the page reports them; null outside the room */
    pageMedia,
    error,
    /** retries so far, and whether one is under way */
    retries,
    retrying,
    /** the retries are used up: only 'Cerrar' is left */
    persistent,
    retry,
    sendControl,
  };
}
