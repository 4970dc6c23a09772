/**
 * The visitor's full-screen video call (SPEC §2 "Video-call modal"): the video page in a frame,
 * the stage line, retries with a persistent-error end state, toasts for what the page reports,
 * a confirm-exit dialog (cancel / just minimise / end for everyone), and on Daily the stylist's
 * snapshot requests, answered by her own device (issue 15 §3).
 */
import {
  parseRoomUrl,
  SNAPSHOT_CAPTURE_TIMEOUT_MS,
  videoPageUrl,
  videoStandbyUrl,
  type SnapshotFailureReason,
  type SnapshotRequest,
  type VideoPageMessage,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { useVideoToasts } from './use-video-toasts';
import { useVideoPageMessages, VIDEO_FRAME_ALLOW } from './use-video-page-messages';
import { CallConfirmDialog } from './CallConfirmDialog';
import { CallChatPanel, ChatToggle } from './CallChatPanel';
import { SnapshotNotice } from './SnapshotNotice';
import { useCallChat, type ChatLink } from './use-call-chat';
import { reportSnapshotFailure } from './video-call.api';
import './video-call.css';

export const LOADING_OVERLAY_MS = 1500;
export const JOINING_FALLBACK_MS = 3000;
export const MAX_VIDEO_RETRIES = 3;
const CONNECTED_TOAST_MS = 3000;

export type ClientVideoStage =
  'loading' | 'joining' | 'joined' | 'reconnecting' | 'left' | 'closed';

export type MediaChoice = { videoDeviceId?: string; audioDeviceId?: string; audioOnly?: boolean };

export type ClientVideoModalProps = {
  callId: string;
  roomUrl: string;
  token?: string | undefined;
  userName?: string | undefined;
  /** Closes the modal; the call stays active (recovery banner). */
  onMinimize: () => void;
  /** Ends the call for everyone. */
  onEnd: () => void;
  /** 'Cerrar' on the error overlay; defaults to onMinimize. */
  onClose?: () => void;
  /** What the pre-join check chose. */
  media?: MediaChoice;
  /**
   * Before the call is accepted: the modal stays hidden while its video page warms up (code,
   * signalling socket, and the checked camera); when this turns false with a token, the same
   * page joins at once instead of loading then (issue 11 §6).
   */
  standby?: boolean;
  /**
   * In standby: a stylist accepted and the room token is on its way, so the camera may start now
   * (she asked for this video call; it would start a moment later anyway).
   */
  preparing?: boolean;
  /**
   * The visitor's socket for the call's chat (null until it joined the call); without the prop
   * the screen has no chat.
   */
  chat?: ChatLink | null;
};

export function buildClientFrameUrl(
  p: Pick<ClientVideoModalProps, 'roomUrl' | 'token' | 'userName' | 'callId' | 'media'>,
): string {
  const base = videoPageUrl({
    roomUrl: p.roomUrl,
    userName: p.userName?.trim() || 'Cliente',
    userType: 'client',
    token: p.token,
    callId: p.callId,
  });
  const extra = deviceParams(p.media);
  return extra.length ? `${base}&${extra.join('&')}` : base;
}

function deviceParams(media: MediaChoice | undefined): string[] {
  const extra: string[] = [];
  if (media?.videoDeviceId) extra.push(`camera=${encodeURIComponent(media.videoDeviceId)}`);
  if (media?.audioDeviceId) extra.push(`mic=${encodeURIComponent(media.audioDeviceId)}`);
  if (media?.audioOnly) extra.push('audioOnly=1');
  return extra;
}

/** The standby page: the camera warms up only when the visitor already checked it. */
export function buildClientStandbyUrl(media: MediaChoice | undefined): string {
  return [
    videoStandbyUrl({ userType: 'client', media: media !== undefined }),
    ...deviceParams(media),
  ].join('&');
}

export function ClientVideoModal(props: ClientVideoModalProps) {
  const {
    callId,
    roomUrl,
    token,
    userName,
    onMinimize,
    onEnd,
    media,
    standby = false,
    preparing = false,
    chat,
  } = props;
  const onClose = props.onClose ?? onMinimize;
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
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The stylist's request for a still (Daily), handled below once the page's controls exist.
  const onSnapshotRequestRef = useRef<(request: SnapshotRequest) => void>(() => undefined);
  const chatPanel = useCallChat(chat ?? null, callId, 'client', {
    onRequested: (request) => onSnapshotRequestRef.current(request),
  });
  /** the request her video page is answering now (one at a time), and the timer that gives up */
  const snapshotRequestRef = useRef<{ request: SnapshotRequest; timer: number } | null>(null);
  const isDaily = parseRoomUrl(roomUrl)?.provider === 'daily';
  const { auth: chatAuth, sendSnapshot } = chatPanel;
  /**
   * Her device took no still: the stylist is told why (if this is lost, the stylist's screen gives
   * up on its own).
   */
  const declineSnapshot = useCallback(
    (request: SnapshotRequest, reason: SnapshotFailureReason) => {
      reportSnapshotFailure(callId, { requestId: request.requestId, reason }, chatAuth).catch(
        () => undefined,
      );
    },
    [callId, chatAuth],
  );
  const screenRef = useRef<HTMLDivElement>(null);
  // A full-screen call takes the keyboard while shown; focus that leaves it (a click elsewhere, Tab
  // out of the video frame) comes back, except to what is drawn over the call on purpose.
  useFocusTrap(screenRef, !standby, { reclaim: true });
  const [attempt, setAttempt] = useState(0);
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
        case 'left':
          setStage('left');
          joinedRef.current = false;
          break;
        case 'closed':
          setStage('closed');
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
          setConfirmOpen(true);
          break;
        case 'snapshot': {
          // Her page's answer to the stylist's request: her own camera's still, or why none.
          const pending = snapshotRequestRef.current;
          if (!pending) break; // none asked, or answered too late (already declined)
          window.clearTimeout(pending.timer);
          snapshotRequestRef.current = null;
          if (m.image instanceof Blob) sendSnapshot(m.image, pending.request.requestedBy);
          else declineSnapshot(pending.request, m.snapshotError ?? 'failed');
          break;
        }
        default: {
          const never: never = m.action;
          void never;
        }
      }
    },
    [t, toast, sendSnapshot, declineSnapshot],
  );

  const { sendControl } = useVideoPageMessages(frameRef, handleMessage);

  // Daily: her page takes one frame of her own camera (the stylist's page cannot read Daily's
  // frame). Only while she is in the video, one request at a time, within a bounded time (a camera
  // permission prompt may be open).
  useEffect(() => {
    onSnapshotRequestRef.current = (request) => {
      if (!isDaily || stage !== 'joined' || snapshotRequestRef.current) {
        declineSnapshot(request, 'failed');
        return;
      }
      const timer = window.setTimeout(() => {
        snapshotRequestRef.current = null;
        declineSnapshot(request, 'failed');
      }, SNAPSHOT_CAPTURE_TIMEOUT_MS);
      snapshotRequestRef.current = { request, timer };
      sendControl('snapshot');
    };
  });
  useEffect(
    () => () => {
      const pending = snapshotRequestRef.current;
      if (pending) window.clearTimeout(pending.timer);
    },
    [],
  );

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

  const handleRetry = () => {
    if (retriesRef.current >= MAX_VIDEO_RETRIES) return;
    retriesRef.current += 1;
    setRetries(retriesRef.current);
    setRetrying(true);
    setError(null);
    setStage('loading');
    setShowLoading(true);
    setAttempt((a) => a + 1);
    sendControl('retry');
  };

  const handleEnd = () => {
    setConfirmOpen(false);
    sendControl('leave');
    onEnd();
  };

  useEffect(() => {
    if (standby) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setConfirmOpen((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [standby]);

  const status = retrying
    ? t('modal.retrying', { attempt: retries, max: MAX_VIDEO_RETRIES })
    : stage === 'loading'
      ? t('modal.loading')
      : stage === 'joining'
        ? t('modal.joining')
        : stage === 'joined'
          ? t('modal.joined')
          : stage === 'reconnecting'
            ? t('modal.reconnecting')
            : stage === 'left'
              ? t('modal.left')
              : t('modal.closed');

  return (
    <div
      className="vc-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="vc-client-title"
      hidden={standby}
      ref={screenRef}
      tabIndex={-1}
    >
      <div className="vc-header">
        <div>
          <h2 id="vc-client-title" className="vc-title">
            {t('modal.title')}
          </h2>
          <p className="vc-status" role="status" data-stage={stage}>
            <span>{status}</span>
            {stage === 'joined' && !retrying && participants > 0 && (
              <span className="vc-status__count">
                {' '}
                · {t('modal.participantCount', { count: participants })}
              </span>
            )}
          </p>
        </div>
        <div className="vc-header__actions">
          {chat !== undefined && !chatPanel.open && (
            <ChatToggle
              focusOnShow={chatPanel.closed}
              unread={chatPanel.unread}
              onClick={chatPanel.openPanel}
            />
          )}
          <button
            type="button"
            className="vc-icon-button"
            aria-label={t('modal.close')}
            onClick={() => setConfirmOpen(true)}
          >
            ×
          </button>
        </div>
      </div>

      <div className="vc-body">
        <div className="vc-stage">
          <iframe
            ref={frameRef}
            className="vc-frame"
            title={t('modal.frameTitle')}
            src={
              standbySrc ??
              buildClientFrameUrl({
                roomUrl,
                token,
                userName,
                callId,
                ...(media ? { media } : {}),
              })
            }
            allow={VIDEO_FRAME_ALLOW}
            allowFullScreen
          />
          {showLoading && !error && (
            <div className="vc-cover" data-testid="video-loading-overlay">
              <span className="vc-spinner" aria-hidden="true" />
              <p>{t('modal.loading')}</p>
            </div>
          )}
          {error && (
            <div className="vc-cover vc-cover--error" role="alert">
              <h3>{t('modal.errorTitle')}</h3>
              <p>{error}</p>
              <div className="vc-actions">
                {!persistent && (
                  <button
                    type="button"
                    className="vc-button vc-button--primary"
                    onClick={handleRetry}
                  >
                    {t('modal.retry')}
                  </button>
                )}
                <button type="button" className="vc-button" onClick={onClose}>
                  {t('modal.closeButton')}
                </button>
              </div>
            </div>
          )}
          {chatPanel.snapshot && (
            <SnapshotNotice
              by={chatPanel.snapshot.takenBy.trim() || t('chat.sender.advisor')}
              onView={() => {
                chatPanel.dismissSnapshot();
                chatPanel.openPanel();
              }}
              onDelete={() => {
                const imageId = chatPanel.snapshot?.message.image?.id;
                if (imageId) return chatPanel.removeImage(imageId);
                return Promise.resolve();
              }}
              onDismiss={chatPanel.dismissSnapshot}
            />
          )}
        </div>
        {chatPanel.open && <CallChatPanel chat={chatPanel} />}
      </div>

      {confirmOpen && (
        <CallConfirmDialog
          title={t('modal.confirmExit.title')}
          message={t('modal.confirmExit.body')}
          actions={[
            { label: t('modal.confirmExit.cancel'), onClick: () => setConfirmOpen(false) },
            {
              label: t('modal.confirmExit.minimize'),
              onClick: () => {
                setConfirmOpen(false);
                onMinimize();
              },
            },
            { label: t('modal.confirmExit.end'), danger: true, onClick: handleEnd },
          ]}
        />
      )}
    </div>
  );
}
