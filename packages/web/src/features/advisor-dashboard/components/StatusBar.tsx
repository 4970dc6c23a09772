/** Dashboard header controls: status dot, label and selector; sound toggle and test button. */
import {
  advisorStatusSchema,
  SUSPENDED_STATUS_REASON,
  type AdvisorStatus,
} from '@belleza/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';

/** Mirrors the server's limit: offers left to time out in a row before going offline. */
export const MISSED_OFFERS_IN_ROW = 2;

/**
 * Arrow keys on a closed select change its value at each press: a choice made that way is sent
 * once the keys rest this long (or at once on Enter or on leaving the field), so passing over
 * 'Ocupado' on the way to 'Desconectado' never sets her busy.
 */
export const STATUS_KEYS_SETTLE_MS = 1_000;
const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

export type StatusBarProps = {
  status: AdvisorStatus;
  statusReason: string | null;
  saving: boolean;
  onStatusChange: (status: AdvisorStatus) => void;
  soundEnabled: boolean;
  onSoundToggle: () => void;
  onTestSound: () => void;
};

export function StatusBar(props: StatusBarProps) {
  const { status, statusReason, saving, soundEnabled } = props;
  const { t } = useTranslation('advisor');
  const selectId = useId();
  const { onStatusChange } = props;
  // A value chosen with the arrow keys, not sent yet.
  const [draft, setDraft] = useState<AdvisorStatus | null>(null);
  const byKeys = useRef(false);
  const settle = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(settle.current), []);
  const send = (next: AdvisorStatus) => {
    window.clearTimeout(settle.current);
    setDraft(null);
    if (next !== status) onStatusChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (BROWSING_KEYS.has(event.key) || event.key.length === 1) byKeys.current = true;
    if (event.key === 'Enter' && draft) {
      event.preventDefault();
      send(draft);
    }
  };
  const soundLabel = soundEnabled ? t('sound.on') : t('sound.off');
  // An admin suspended her: offline until it is lifted, and the server refuses anything else.
  const suspended = statusReason === SUSPENDED_STATUS_REASON;
  return (
    <div className="advisor-status">
      <div className="advisor-status__current">
        <span className={`advisor-status__dot advisor-status__dot--${status}`} aria-hidden="true" />
        <span className="advisor-status__label" data-testid="advisor-status-label">
          {t(`status.${status}`)}
        </span>
        {status === 'busy' && statusReason === 'in_call' && (
          <span className="advisor-muted"> · {t('status.reasons.in_call')}</span>
        )}
      </div>
      <div className="advisor-status__select">
        <label htmlFor={selectId}>{t('status.label')}</label>
        <select
          id={selectId}
          value={draft ?? status}
          disabled={saving || suspended}
          aria-busy={saving || undefined}
          onKeyDown={onKeyDown}
          onBlur={() => draft && send(draft)}
          onChange={(e) => {
            const next = advisorStatusSchema.parse(e.target.value);
            if (!byKeys.current) return send(next);
            byKeys.current = false;
            setDraft(next);
            window.clearTimeout(settle.current);
            settle.current = window.setTimeout(() => send(next), STATUS_KEYS_SETTLE_MS);
          }}
        >
          {advisorStatusSchema.options.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="advisor-status__sound">
        <button
          type="button"
          className={`advisor-sound-toggle${soundEnabled ? ' is-on' : ''}`}
          aria-pressed={soundEnabled}
          aria-label={soundLabel}
          title={soundLabel}
          onClick={props.onSoundToggle}
        >
          <BellIcon muted={!soundEnabled} />
        </button>
        <Button variant="ghost" size="sm" onClick={props.onTestSound}>
          {t('sound.test')}
        </Button>
      </div>
      {suspended && (
        <p className="advisor-status__reason" role="note">
          {t('status.reasons.suspended')}
        </p>
      )}
      {status === 'offline' && statusReason === 'missed_offers' && (
        <p className="advisor-status__reason" role="note">
          {t('status.reasons.missed_offers', { count: MISSED_OFFERS_IN_ROW })}
        </p>
      )}
    </div>
  );
}

/** A bell, struck through when muted (an SVG, so it looks the same without emoji fonts). */
function BellIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      {muted && <path d="M3 3l18 18" />}
    </svg>
  );
}
