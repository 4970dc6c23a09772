/**
 * The advisor's full-screen call (docs/product.md#advisor-call-screen): the header with the client
 * and start time, the video page in a frame (token fetched for the advisor), a connecting overlay
 * forced away after 15 s, an error overlay with retry, the side column with the private notes and
 * the recommendations, and the chat. Each concern lives in its own hook or part; this composes
 * them.
 */
import { parseRoomUrl, type Call, type CallToken } from '@belleza/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { AdvisorCallHeader } from './AdvisorCallHeader';
import { CallBar } from './CallBar';
import { CallChatPanel } from './CallChatPanel';
import { CallConfirmDialog } from './CallConfirmDialog';
import { CallNotesPanel } from './CallNotesPanel';
import { RecommendationsEditor } from './RecommendationsEditor';
import { useAdvisorCallExit } from './use-advisor-call-exit';
import { useAdvisorChat } from './use-advisor-chat';
import { useAdvisorFrame, type AdvisorPageEvents } from './use-advisor-frame';
import { useAdvisorNotes } from './use-advisor-notes';
import type { ChatLink } from './use-call-chat';
import { useCloseupRequest } from './use-closeup-request';
import { VIDEO_FRAME_ALLOW } from './use-video-page-messages';
import './video-call.css';

export { ADVISOR_LOAD_TIMEOUT_MS, RETRY_RESTART_MS } from './use-advisor-frame';

export type AdvisorCallScreenProps = {
  call: Call;
  advisorName?: string | undefined;
  /** Ends the call (the dashboard calls the API); the screen shows 'Finalizando...' meanwhile. */
  onEnd: () => Promise<void> | void;
  /** Closes the screen; the call stays active. */
  onClose: () => void;
  /**
   * While the call still rings: the screen stays hidden and its video page warms up (code and
   * signalling socket, not the camera). Accepting turns this off and the same page joins at once.
   */
  standby?: boolean;
  /** In standby: 'Aceptar' was pressed, so the camera may start while the accept is confirmed. */
  preparing?: boolean;
  /**
   * The room token, already asked for when the accept answered (so it does not wait for this
   * screen to render); the first attempt uses it, a retry asks again.
   */
  token?: Promise<CallToken> | undefined;
  /** Her socket for the call's chat (null while disconnected); without the prop, no chat. */
  chat?: ChatLink | null;
  /** News about the call shown above the video (e.g. the visitor's page lost its connection). */
  notice?: ReactNode;
  /** What the visitor told before the call (her hair intake), kept above the notes. */
  intake?: ReactNode;
};

export function AdvisorCallScreen({
  call,
  advisorName,
  onEnd,
  onClose,
  standby = false,
  preparing = false,
  token: acceptedToken,
  chat,
  notice,
  intake,
}: AdvisorCallScreenProps) {
  const { t } = useTranslation('video');
  const screenRef = useRef<HTMLDivElement>(null);
  // A full-screen call takes the keyboard while shown; focus that leaves it (a click elsewhere, Tab
  // out of the video frame) comes back, except to what is drawn over the call on purpose.
  useFocusTrap(screenRef, !standby, { reclaim: true });
  const [notesOpen, setNotesOpen] = useState(true);
  const name = advisorName?.trim() || t('advisor.advisorFallback');
  const clientName = call.clientInfo.name?.trim() || t('advisor.clientFallback');

  // What the page reports beyond its own connection goes to the hooks below, which need the
  // page's controls to exist first; read when it arrives.
  const pageEvents = useRef<AdvisorPageEvents>({
    onEscape: () => undefined,
    onSnapshot: () => undefined,
  });
  const { frameRef, src, attempt, phase, error, reconnecting, media, fail, retry, sendControl } =
    useAdvisorFrame({ call, name, standby, preparing, acceptedToken, events: pageEvents });
  const advisorChat = useAdvisorChat(call, chat, sendControl);
  const { notes, recommendations, flush } = useAdvisorNotes(call.callId, standby);
  const exit = useAdvisorCallExit({ standby, flush, sendControl, onEnd, onClose });
  useEffect(() => {
    pageEvents.current = { onEscape: exit.escape, onSnapshot: advisorChat.onPageSnapshot };
  });
  const { chatPanel } = advisorChat;
  // 'Foto de detalle' (docs/product.md#close-up-photos): the built-in video only.
  const closeup = useCloseupRequest(chat, call.callId);
  const closeupArrived = closeup.line === 'sent';
  const openChat = chatPanel.openPanel;
  useEffect(() => {
    if (closeupArrived) openChat();
  }, [closeupArrived, openChat]);
  const builtin = parseRoomUrl(call.dailyRoomUrl ?? '')?.provider === 'builtin';
  // Closed, what she wrote is saved at once rather than after the pause.
  const closeNotes = () => {
    void flush();
    setNotesOpen(false);
  };

  return (
    <div
      className="vc-overlay vc-overlay--advisor"
      role="dialog"
      aria-modal="true"
      aria-labelledby="vc-advisor-title"
      hidden={standby}
      ref={screenRef}
      tabIndex={-1}
    >
      <AdvisorCallHeader
        call={call}
        clientName={clientName}
        advisorName={name}
        reconnecting={reconnecting && phase !== 'error'}
        loaded={phase === 'loaded'}
        chat={advisorChat}
        closeup={builtin && chat !== undefined ? closeup : null}
        exit={exit}
      />
      {notice}

      <div className="vc-body">
        <div className="vc-stage">
          {src && (
            <iframe
              key={attempt}
              ref={frameRef}
              className="vc-frame"
              title={t('advisor.frameTitle')}
              src={src}
              allow={VIDEO_FRAME_ALLOW}
              allowFullScreen
              onError={() => fail(t('errors.loadFailed'))}
            />
          )}
          {phase === 'connecting' && (
            <div className="vc-cover" role="status">
              <span className="vc-spinner" aria-hidden="true" />
              <p>{t('advisor.connecting')}</p>
            </div>
          )}
          {phase === 'error' && (
            <div className="vc-cover vc-cover--error" role="alert">
              <h3>{t('advisor.errorTitle')}</h3>
              <p>{error ?? t('errors.connection')}</p>
              <button type="button" className="vc-button vc-button--primary" onClick={retry}>
                {t('advisor.retry')}
              </button>
            </div>
          )}
        </div>
        {exit.confirmingEnd && (
          <CallConfirmDialog
            title={t('advisor.confirmEnd.title')}
            message={t('advisor.confirmEnd.message', { name: clientName })}
            actions={[
              { label: t('advisor.confirmEnd.keep'), onClick: exit.keepCall },
              {
                label: exit.ending ? t('advisor.ending') : t('advisor.confirmEnd.confirm'),
                danger: true,
                disabled: exit.ending,
                onClick: exit.end,
              },
            ]}
          />
        )}
        {notesOpen && (
          <CallNotesPanel
            notes={notes.notes}
            status={notes.status}
            onChange={notes.setNotes}
            onClear={notes.clear}
            recommendations={
              <RecommendationsEditor recommendations={recommendations} clientName={clientName} />
            }
            intake={intake}
            onClose={closeNotes}
          />
        )}
        {advisorChat.chatPanel.open && <CallChatPanel chat={advisorChat.chatPanel} />}
      </div>

      <CallBar
        media={media}
        onControl={(control, background) => sendControl(control, undefined, undefined, background)}
        chat={
          advisorChat.hasChat
            ? {
                open: chatPanel.open,
                unread: chatPanel.unread,
                closedByHer: chatPanel.closed,
                onToggle: chatPanel.open ? chatPanel.closePanel : chatPanel.openPanel,
              }
            : undefined
        }
        notes={{
          open: notesOpen,
          onToggle: notesOpen ? closeNotes : () => setNotesOpen(true),
        }}
        end={{
          label: exit.ending ? t('advisor.ending') : t('advisor.end'),
          disabled: exit.ending,
          onClick: exit.askToEnd,
        }}
      />
    </div>
  );
}
