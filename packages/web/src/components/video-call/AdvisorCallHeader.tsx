/**
 * The advisor's call screen's header (docs/product.md#advisor-call-screen): who the call is with,
 * its subject, the advisor and the start time, 'Reconectando...' while the media recovers; and
 * the screen's buttons: notes shown again, 'Tomar foto del video', the chat, 'Minimizar' and
 * 'Finalizar llamada'.
 */
import { callSubjects, DISPLAY_LOCALE, DISPLAY_TIME_ZONE, type Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { ChatToggle } from './CallChatPanel';
import type { useAdvisorCallExit } from './use-advisor-call-exit';
import type { useAdvisorChat } from './use-advisor-chat';

export function formatStartTime(
  iso: string | null,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  if (!iso) return t('advisor.startedNow');
  try {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return t('advisor.timeUnavailable');
    const time = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
      timeZone: DISPLAY_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
    return t('advisor.startedAt', { time });
  } catch {
    return t('advisor.timeUnavailable');
  }
}

type Props = {
  call: Call;
  clientName: string;
  /** the advisor's name as shown */
  advisorName: string;
  /** the media is recovering its path (and the call has not failed) */
  reconnecting: boolean;
  /** the video is loaded: a still may be taken */
  loaded: boolean;
  notesOpen: boolean;
  onShowNotes: () => void;
  chat: Pick<
    ReturnType<typeof useAdvisorChat>,
    'chatPanel' | 'hasChat' | 'canSnap' | 'snapping' | 'takeSnapshot'
  >;
  exit: Pick<ReturnType<typeof useAdvisorCallExit>, 'ending' | 'close' | 'askToEnd'>;
};

export function AdvisorCallHeader({
  call,
  clientName,
  advisorName,
  reconnecting,
  loaded,
  notesOpen,
  onShowNotes,
  chat: { chatPanel, hasChat, canSnap, snapping, takeSnapshot },
  exit,
}: Props) {
  const { t } = useTranslation('video');
  const rawSubject = call.clientInfo.subject?.trim();
  const subject = !rawSubject
    ? t('advisor.subjectFallback')
    : (callSubjects as readonly string[]).includes(rawSubject)
      ? t(`advisor.subjects.${rawSubject}`)
      : rawSubject;

  return (
    <div className="vc-header">
      <div className="vc-header__info">
        <h2 id="vc-advisor-title" className="vc-title">
          {t('advisor.title')}
        </h2>
        <p className="vc-client">{clientName}</p>
        <p className="vc-subject">{subject}</p>
        <p className="vc-meta">
          <span>{t('advisor.advisorLabel', { name: advisorName })}</span>
          <span> · </span>
          <span>{formatStartTime(call.startedAt ?? call.acceptedAt, t)}</span>
        </p>
        {reconnecting && (
          <p className="vc-reconnecting" role="status">
            {t('advisor.reconnecting')}
          </p>
        )}
      </div>
      <div className="vc-header__actions">
        {!notesOpen && (
          <button type="button" className="vc-button" onClick={onShowNotes}>
            {t('advisor.showNotes')}
          </button>
        )}
        {canSnap && (
          <button
            type="button"
            className="vc-button"
            disabled={snapping || !loaded}
            onClick={takeSnapshot}
          >
            {snapping ? t('snapshot.taking') : t('snapshot.take')}
          </button>
        )}
        {hasChat && !chatPanel.open && (
          <ChatToggle
            focusOnShow={chatPanel.closed}
            unread={chatPanel.unread}
            onClick={chatPanel.openPanel}
          />
        )}
        {/* Back to the dashboard, the call goes on: the secondary way out. */}
        <button
          type="button"
          className="vc-button"
          aria-label={t('advisor.close')}
          onClick={exit.close}
        >
          {t('advisor.minimize')}
        </button>
        {/* Ending is for both sides: it asks first. */}
        <button
          type="button"
          className="vc-button vc-button--danger"
          disabled={exit.ending}
          onClick={exit.askToEnd}
        >
          {exit.ending ? t('advisor.ending') : t('advisor.end')}
        </button>
      </div>
    </div>
  );
}
