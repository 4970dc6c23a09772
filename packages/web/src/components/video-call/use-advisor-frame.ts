/**
 * The advisor's video page in its frame (docs/product.md#advisor-call-screen): the room token
 * fetched for the advisor (again on every retry) and the page opened with it, or, for a page warmed
 * up in standby while the call rang, the room handed over by message; the connecting / loaded /
 * error phase, with a page not loaded within 15 s shown as loaded anyway; and toasts for what the
 * page reports (docs/product.md#video-page-protocol).
 */
import {
  videoPageUrl,
  videoStandbyUrl,
  PARENT_BAR_QUERY,
  type Call,
  type CallToken,
  type VideoPageJoin,
  type VideoPageMedia,
  type VideoPageMessage,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { useVideoPageMessages } from './use-video-page-messages';
import { useVideoToasts } from './use-video-toasts';
import { fetchCallToken } from './video-call.api';

export const ADVISOR_LOAD_TIMEOUT_MS = 15_000;
export const RETRY_RESTART_MS = 100;

export type AdvisorPhase = 'connecting' | 'loaded' | 'error';

/** What the page reports that the rest of the screen handles (read when it arrives). */
export type AdvisorPageEvents = {
  /** Escape pressed inside the video */
  onEscape: () => void;
  /** the still the page took for 'Tomar foto del video', or null when it could not */
  onSnapshot: (image: Blob | null) => void;
};

export type AdvisorFrameOptions = {
  call: Call;
  /** the advisor's name as the room shows it */
  name: string;
  standby: boolean;
  preparing: boolean;
  /** the room token asked for when the accept answered: the first attempt uses it */
  acceptedToken: Promise<CallToken> | undefined;
  events: RefObject<AdvisorPageEvents>;
};

export function useAdvisorFrame({
  call,
  name,
  standby,
  preparing,
  acceptedToken,
  events,
}: AdvisorFrameOptions) {
  const { t } = useTranslation('video');
  const toast = useVideoToasts();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [phase, setPhase] = useState<AdvisorPhase>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** media lost its path mid-call; the page is restarting ICE */
  const [reconnecting, setReconnecting] = useState(false);
  const [media, setMedia] = useState<VideoPageMedia | null>(null);
  /** the frame still holds the standby page: the room is handed over by message */
  const [warm, setWarm] = useState(standby);
  const [frameReady, setFrameReady] = useState(false);
  const [joinInfo, setJoinInfo] = useState<{ roomUrl: string; token: string } | null>(null);
  const joinSent = useRef(false);
  /** Read by the token fetch, which hands a ready standby page the room at once. */
  const frameReadyRef = useRef(false);
  const sendControlRef = useRef<(action: 'join', join: VideoPageJoin) => void>(() => undefined);

  const fail = useCallback((message: string) => {
    setPhase('error');
    setError(message);
  }, []);

  // Fetch the advisor's token and mount the frame; again on every retry.
  useEffect(() => {
    if (standby) return;
    let cancelled = false;
    void (async () => {
      let token: { token: string; roomUrl: string };
      try {
        token = await (attempt === 0 && acceptedToken
          ? acceptedToken
          : fetchCallToken(call.callId, 'advisor'));
      } catch (err) {
        if (!cancelled) fail(t('errors.token', { error: errorMessage(err) }));
        return;
      }
      if (cancelled) return;
      const roomUrl = token.roomUrl || call.dailyRoomUrl;
      if (!roomUrl) {
        fail(t('errors.roomUrlMissing'));
        return;
      }
      if (warm) {
        // The standby page is ready: hand it the room now rather than after another render.
        if (frameReadyRef.current && !joinSent.current) {
          joinSent.current = true;
          sendControlRef.current('join', {
            roomUrl,
            token: token.token,
            callId: call.callId,
            userName: name,
          });
        } else setJoinInfo({ roomUrl, token: token.token });
        return;
      }
      // The advisor's room opens with her token (in the fragment) and her name
      // (docs/product.md#video-page).
      setFrameSrc(
        videoPageUrl(
          {
            roomUrl,
            userName: name,
            userType: 'advisor',
            callId: call.callId,
            token: token.token,
          },
          // Her screen shows the call's one control bar; the page draws none.
          [PARENT_BAR_QUERY],
        ),
      );
    })();
    return () => {
      cancelled = true;
    };
  }, [standby, warm, attempt, acceptedToken, call.callId, call.dailyRoomUrl, name, fail, t]);

  // A page still connecting after 15 s is taken as loaded: the overlay must not hide it for good.
  useEffect(() => {
    if (standby || phase !== 'connecting') return;
    const timer = window.setTimeout(
      () => setPhase((p) => (p === 'connecting' ? 'loaded' : p)),
      ADVISOR_LOAD_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [standby, phase, attempt]);

  const handleMessage = useCallback(
    (m: VideoPageMessage) => {
      switch (m.action) {
        case 'joined':
        case 'connected-despite-error':
          setPhase('loaded');
          setError(null);
          setReconnecting(false);
          break;
        case 'reconnecting':
          setReconnecting(true);
          break;
        case 'error':
          setReconnecting(false);
          setMedia(null);
          fail(
            m.errorCode === 'sdk-unavailable'
              ? t('errors.sdkUnavailable')
              : m.errorCode === 'room-url-missing'
                ? t('errors.roomUrlMissing')
                : m.error || t('errors.connection'),
          );
          break;
        case 'camera-error':
          toast.error(t('toasts.warningTitle'), t('toasts.cameraError'));
          break;
        case 'mic-error':
          toast.error(t('toasts.warningTitle'), t('toasts.micError'));
          break;
        case 'participant-joined':
          toast.info(
            t('toasts.participantTitle'),
            t('toasts.participantJoined', { name: m.participantName || t('toasts.someone') }),
          );
          break;
        case 'participant-left':
          toast.info(
            t('toasts.participantTitle'),
            t('toasts.participantLeft', { name: m.participantName || t('toasts.someone') }),
          );
          break;
        case 'loaded':
          frameReadyRef.current = true;
          setFrameReady(true);
          break;
        case 'media-state':
          setMedia(m.media ?? null);
          break;
        case 'left':
        case 'closed':
          setMedia(null);
          break;
        case 'loading':
        case 'joining':
          break;
        case 'escape':
          events.current.onEscape();
          break;
        case 'snapshot':
          events.current.onSnapshot(m.image instanceof Blob ? m.image : null);
          break;
        default: {
          const never: never = m.action;
          void never;
        }
      }
    },
    [fail, t, toast, events],
  );
  const { sendControl } = useVideoPageMessages(frameRef, handleMessage);
  useEffect(() => {
    sendControlRef.current = (action, join) => sendControl(action, join);
  }, [sendControl]);

  // 'Aceptar' pressed: the camera starts now, alongside the accept and token requests.
  const prepareSent = useRef(false);
  useEffect(() => {
    if (!warm || !frameReady || !(preparing || !standby) || prepareSent.current) return;
    prepareSent.current = true;
    sendControl('prepare');
  }, [warm, frameReady, preparing, standby, sendControl]);

  // Accepted while the standby page waited: hand it the room.
  useEffect(() => {
    if (!warm || !joinInfo || !frameReady || joinSent.current) return;
    joinSent.current = true;
    sendControl('join', { ...joinInfo, callId: call.callId, userName: name });
  }, [warm, joinInfo, frameReady, sendControl, call.callId, name]);

  const retry = () => {
    // A retry loads the page afresh with its room, as without standby.
    setWarm(false);
    setFrameSrc(null);
    setMedia(null);
    setPhase('connecting');
    setError(null);
    window.setTimeout(() => setAttempt((a) => a + 1), RETRY_RESTART_MS);
  };

  return {
    frameRef,
    /** what the frame shows: the standby page, the room's page, or nothing yet */
    src: warm ? videoStandbyUrl({ userType: 'advisor', media: false, parentBar: true }) : frameSrc,
    /** changes on every retry, so the frame is mounted afresh */
    attempt,
    /** her microphone, camera and screen share as the page reports them; null outside the room */
    media,
    phase,
    error,
    reconnecting,
    fail,
    retry,
    sendControl,
  };
}
