import { DEFAULT_MAX_CALL_DURATION_MIN } from '@belleza/contract';
import { useTranslation } from 'react-i18next';

/**
 * The free live consultation, what the product itself offers: how long (the default until the
 * admin's `system.maxCallDuration` arrives with the availability), and a way to start it.
 */
export function FreeConsultation() {
  const { t } = useTranslation('landing');
  const features = t('free.features', { returnObjects: true });
  return (
    <section id="consulta" className="lp-section" aria-labelledby="lp-free-title">
      <div className="lp-card lp-plan lp-plan--featured lp-free">
        <p className="lp-eyebrow">{t('free.eyebrow')}</p>
        <h2 id="lp-free-title">{t('free.title')}</h2>
        <p className="lp-plan__price">{t('free.price')}</p>
        <p>{t('free.text')}</p>
        <ul className="lp-plan__features">
          <li data-max-call-duration>
            {t('free.duration', { minutes: DEFAULT_MAX_CALL_DURATION_MIN })}
          </li>
          {(Array.isArray(features) ? (features as string[]) : []).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <button type="button" className="lp-cta lp-cta--small" data-call-button>
          {t('free.start')}
        </button>
      </div>
    </section>
  );
}
