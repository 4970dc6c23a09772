/**
 * An offer that arrives while the stylist is on a call (she has room for another, so the server
 * offers it): a compact banner above the call screen, which would hide the popup, with the
 * caller's name and Rechazar / Aceptar llamada. The ringtone, title and notification are the
 * popup's (useIncomingCallAlert).
 */
import type { Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';

export type IncomingCallBannerProps = {
  call: Call;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
};

export function IncomingCallBanner({ call, busy, onAccept, onDecline }: IncomingCallBannerProps) {
  const { t } = useTranslation('advisor');
  const name = call.clientInfo.name?.trim() || t('incoming.clientFallback');
  return (
    <section
      className="incoming-banner"
      role="alert"
      aria-label={t('incoming.bannerTitle')}
      data-over-call
    >
      <p className="incoming-banner__text">
        <strong>{t('incoming.bannerTitle')}</strong> {name}
      </p>
      <div className="incoming-banner__actions">
        <Button variant="secondary" size="sm" disabled={busy} onClick={onDecline}>
          {t('incoming.decline')}
        </Button>
        <Button size="sm" disabled={busy} onClick={onAccept}>
          {t('incoming.accept')}
        </Button>
      </div>
    </section>
  );
}
