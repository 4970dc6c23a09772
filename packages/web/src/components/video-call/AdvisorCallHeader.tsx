/**
 * The advisor's call screen's header (docs/product.md#advisor-call-screen): who the call is with,
 * its subject, the advisor and the start time, 'Reconectando...' while the media recovers; and
 * the screen's own buttons: 'Tomar foto del video', 'Foto de detalle' (with the line telling what
 * the visitor's phone does with it) and 'Minimizar' (the call's controls, chat, notes and
 * 'Finalizar llamada' are in the bar at its foot, CallBar).
 */
import { callSubjects, type Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { CallElapsed } from './CallElapsed';
import type { useAdvisorCallExit } from './use-advisor-call-exit';
import type { useAdvisorChat } from './use-advisor-chat';
import type { useCloseupRequest } from './use-closeup-request';

export function formatStartTime(
  iso: string | null,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  if (!iso) return t('advisor.startedNow');
  try {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return t('advisor.timeUnavailable');
    const time = formatTime(date);
    return t('advisor.startedAt', { time });
  } catch {
    return t('advisor.timeUnavailable');
  }
}

/** When the call began (epoch ms): the call's start, else her accept; null while unknown. */
function startedAt(call: Call): number | null {
  const iso = call.startedAt ?? call.acceptedAt;
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : ms;
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
  chat: Pick<ReturnType<typeof useAdvisorChat>, 'canSnap' | 'snapping' | 'takeSnapshot'>;
  /** 'Foto de detalle', when the call can take one (built-in video, a chat to put it in) */
  closeup: Pick<
    ReturnType<typeof useCloseupRequest>,
    'canAsk' | 'asking' | 'line' | 'request'
  > | null;
  exit: Pick<ReturnType<typeof useAdvisorCallExit>, 'close'>;
};

export function AdvisorCallHeader({
  call,
  clientName,
  advisorName,
  reconnecting,
  loaded,
  chat: { canSnap, snapping, takeSnapshot },
  closeup,
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
        {/* The timer beside the title, not in it: the title names the screen. */}
        <div className="vc-title-row">
          <h2 id="vc-advisor-title" className="vc-title">
            {t('advisor.title')}
          </h2>
          <CallElapsed since={startedAt(call)} />
        </div>
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
        {closeup && (
          <p className="vc-closeup-status" role="status">
            {closeup.line &&
              t(
                closeup.line === 'requestFailed'
                  ? 'closeup.requestFailed'
                  : `closeup.states.${closeup.line}`,
              )}
          </p>
        )}
      </div>
      <div className="vc-header__actions">
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
        {closeup && (
          <button
            type="button"
            className="vc-button"
            disabled={!closeup.canAsk || closeup.asking || !loaded}
            onClick={closeup.request}
          >
            {closeup.asking ? t('closeup.requesting') : t('closeup.request')}
          </button>
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
      </div>
    </div>
  );
}
