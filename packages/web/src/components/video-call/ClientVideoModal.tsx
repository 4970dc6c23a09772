/**
 * The visitor's full-screen video call (docs/product.md#client-video-modal): the video page in a
 * frame, the stage line, retries with a persistent-error end state, toasts for what the page
 * reports, a confirm-exit dialog (cancel / just minimise / end for everyone), the chat, and on
 * Daily the stylist's snapshot requests, answered by her own device (docs/product.md#snapshots).
 * Each concern lives in its own hook or part; this composes them.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { CallBar } from './CallBar';
import { CallChatPanel } from './CallChatPanel';
import { VisitorElapsed } from './CallElapsed';
import { CallConfirmDialog } from './CallConfirmDialog';
import type { MediaChoice } from './client-frame-url';
import { SnapshotNotice } from './SnapshotNotice';
import type { ChatLink } from './use-call-chat';
import {
  MAX_VIDEO_RETRIES,
  useClientVideoFrame,
  type ClientPageEvents,
} from './use-client-video-frame';
import { VIDEO_FRAME_ALLOW } from './use-video-page-messages';
import { useVisitorChat } from './use-visitor-chat';
import './video-call.css';

export { buildClientFrameUrl, buildClientStandbyUrl, type MediaChoice } from './client-frame-url';
export {
  JOINING_FALLBACK_MS,
  LOADING_OVERLAY_MS,
  MAX_VIDEO_RETRIES,
  type ClientVideoStage,
} from './use-client-video-frame';

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
   * page joins at once instead of loading then, so the video starts the moment she is accepted.
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
  const [confirmOpen, setConfirmOpen] = useState(false);
  const screenRef = useRef<HTMLDivElement>(null);
  // A full-screen call takes the keyboard while shown; focus that leaves it (a click elsewhere, Tab
  // out of the video frame) comes back, except to what is drawn over the call on purpose.
  useFocusTrap(screenRef, !standby, { reclaim: true });

  // What the page reports beyond its own connection goes to the chat's hook below, which needs the
  // page's controls to exist first; read when it arrives.
  const pageEvents = useRef<ClientPageEvents>({
    onEscape: () => undefined,
    onSnapshot: () => undefined,
    onCloseup: () => undefined,
  });
  const {
    frameRef,
    src,
    stage,
    showLoading,
    participants,
    pageMedia,
    error,
    retries,
    retrying,
    persistent,
    retry,
    sendControl,
  } = useClientVideoFrame({
    callId,
    roomUrl,
    token,
    userName,
    ...(media ? { media } : {}),
    standby,
    preparing,
    events: pageEvents,
  });
  const { chatPanel, onPageSnapshot, onPageCloseup } = useVisitorChat({
    callId,
    roomUrl,
    chat,
    inVideo: stage === 'joined',
    sendControl,
  });
  useEffect(() => {
    pageEvents.current = {
      onEscape: () => setConfirmOpen(true),
      onSnapshot: onPageSnapshot,
      onCloseup: onPageCloseup,
    };
  });

  const handleEnd = () => {
    setConfirmOpen(false);
    sendControl('leave');
    onEnd();
  };

  // Escape, here or inside the video, asks before leaving; again, it closes the question.
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
          <div className="vc-title-row">
            <h2 id="vc-client-title" className="vc-title">
              {t('modal.title')}
            </h2>
            <VisitorElapsed callId={callId} joined={stage === 'joined'} />
          </div>
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
            src={src}
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
                  <button type="button" className="vc-button vc-button--primary" onClick={retry}>
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

      <CallBar
        media={pageMedia}
        onControl={(control, background) => sendControl(control, undefined, undefined, background)}
        chat={
          chat === undefined
            ? undefined
            : {
                open: chatPanel.open,
                unread: chatPanel.unread,
                closedByHer: chatPanel.closed,
                onToggle: chatPanel.open ? chatPanel.closePanel : chatPanel.openPanel,
              }
        }
        end={{ label: t('page.leave'), onClick: () => setConfirmOpen(true) }}
      />

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
