/**
 * The incoming-call popup (docs/product.md#incoming-call-popup): who calls, since when, "Clienta que
 * vuelve" with her last consultation when she is a returning client, her hair intake when she sent
 * one (photos and the patch-test flag), and Rechazar / Aceptar llamada.
 */
import type { Call } from '@belleza/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallIntakePanel } from '@/components/call-intake';
import { Button, Modal } from '@/components/ui';
import { initialsOf } from '@/lib/initials';
import { ReturningClientPanel } from './ReturningClientPanel';
import { formatRequestedTime, formatWait, secondsSince, subjectLabel } from '../utils/call-display';

export const WAIT_TICK_MS = 1_000;

export type IncomingCallPopupProps = {
  call: Call;
  /** Whose popup this is: the offer's deadline is counted down when it is hers. */
  advisorId: string | null;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** Close X: the call stays pending. */
  onClose: () => void;
};

export function IncomingCallPopup({
  call,
  advisorId,
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
  const secondsLeft =
    call.offerExpiresAt && call.advisorId === advisorId
      ? Math.max(0, Math.ceil((Date.parse(call.offerExpiresAt) - now) / 1000))
      : null;
  const aboutId = useId();

  return (
    <Modal
      open
      role="alertdialog"
      describedBy={aboutId}
      size="sm"
      title={t('incoming.title')}
      onClose={onClose}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={onDecline} disabled={busy}>
            {t('incoming.decline')}
          </Button>
          <Button variant="primary" onClick={onAccept} loading={busy} data-autofocus>
            {t('incoming.accept')}
          </Button>
        </>
      }
    >
      <div className="incoming-call">
        {/* Read when the popup opens: who is calling. */}
        <div id={aboutId}>
          <p className="incoming-call__subtitle">{t('incoming.subtitle')}</p>
          <div className="incoming-call__client">
            <span className="incoming-call__avatar" aria-hidden="true">
              {initialsOf(rawName)}
            </span>
            <p className="incoming-call__name">{name}</p>
          </div>
        </div>
        {secondsLeft !== null && (
          <p className="incoming-call__countdown" data-testid="offer-countdown">
            {t('incoming.countdown', { count: secondsLeft })}
          </p>
        )}
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
        <ReturningClientPanel callId={call.callId} />
        <CallIntakePanel callId={call.callId} focusable />
      </div>
    </Modal>
  );
}
