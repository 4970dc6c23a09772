/**
 * 'Consulta activa' (docs/product.md#saved-call-and-recovery-banner) with the call's status
 * ('Esperando a tu estilista...' when pending, 'En curso' when active, otherwise the raw status) and
 * 'Volver a la llamada'.
 */
import type { CallStatus } from '@belleza/contract';
import type { TFunction } from 'i18next';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export function bannerStatusText(status: CallStatus, t: TFunction<'consultation'>): string {
  if (status === 'pending') return t('banner.pending');
  if (status === 'active' || status === 'accepted') return t('banner.active');
  return status;
}

export function RecoveryBanner({
  status,
  busy,
  onResume,
  ref,
}: {
  status: CallStatus;
  busy: boolean;
  onResume: () => void;
  ref?: Ref<HTMLElement> | undefined;
}) {
  const { t } = useTranslation('consultation');
  return (
    <section ref={ref} className="consult-banner" aria-label={t('banner.title')}>
      <span className="consult-banner__dot" aria-hidden="true" />
      <div className="consult-banner__text">
        <strong>{t('banner.title')}</strong>
        <span data-testid="banner-status">{bannerStatusText(status, t)}</span>
      </div>
      <button type="button" className="consult-banner__button" disabled={busy} onClick={onResume}>
        {t('banner.resume')}
      </button>
    </section>
  );
}
