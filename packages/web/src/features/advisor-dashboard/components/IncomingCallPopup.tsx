/** SPEC §2 'Incoming-call popup': who calls, since when, and Declinar / Aceptar Llamada. */
import type { Call } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';
import {
  formatRequestedTime,
  formatWait,
  initialsOf,
  secondsSince,
  subjectLabel,
} from '../utils/call-display';

export const WAIT_TICK_MS = 1_000;

export type IncomingCallPopupProps = {
  call: Call;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** Close X: the call stays pending. */
  onClose: () => void;
};

export function IncomingCallPopup({
  call,
  busy,
  onAccept,
  onDecline,
  onClose,
}: IncomingCallPopupProps) {
  const { t } = useTranslation('advisor');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), WAIT_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const rawName = call.clientInfo.name?.trim();
  const name = rawName || t('incoming.clientFallback');
  const phone = call.clientInfo.phone?.trim() || t('incoming.phoneFallback');
  const subject = subjectLabel(call.clientInfo.subject, t('incoming.subjectFallback'), t);
  const requested = formatRequestedTime(call.requestedAt, new Date(now)) ?? t('incoming.now');
  const waited = formatWait(secondsSince(call.requestedAt, now), t);

  return (
    <Modal
      open
      size="sm"
      title={t('incoming.title')}
      onClose={onClose}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={onDecline} disabled={busy}>
            {t('incoming.decline')}
          </Button>
          <Button variant="primary" onClick={onAccept} loading={busy}>
            {t('incoming.accept')}
          </Button>
        </>
      }
    >
      <div className="incoming-call">
        <p className="incoming-call__subtitle">{t('incoming.subtitle')}</p>
        <div className="incoming-call__client">
          <span className="incoming-call__avatar" aria-hidden="true">
            {initialsOf(rawName)}
          </span>
          <p className="incoming-call__name">{name}</p>
        </div>
        <dl className="incoming-call__facts">
          <div>
            <dt>{t('incoming.phone')}</dt>
            <dd>{phone}</dd>
          </div>
          <div>
            <dt>{t('incoming.subject')}</dt>
            <dd>{subject}</dd>
          </div>
          <div>
            <dt>{t('incoming.requested')}</dt>
            <dd>{requested}</dd>
          </div>
          <div>
            <dt>{t('incoming.waiting')}</dt>
            <dd aria-live="off" data-testid="wait-counter">
              {waited}
            </dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
