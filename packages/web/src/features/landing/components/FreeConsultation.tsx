import { DEFAULT_MAX_CALL_DURATION_MIN } from '@belleza/contract';
import { useTranslation } from 'react-i18next';

/** The free live consultation, what the product itself offers: how long, and a way to start it. */
export function FreeConsultation({
  onRequestCall,
  maxCallDuration = DEFAULT_MAX_CALL_DURATION_MIN,
}: {
  onRequestCall: () => void;
  /** the admin's `system.maxCallDuration` once availability is read; the default before */
  maxCallDuration?: number | undefined;
}) {
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
          <li>{t('free.duration', { minutes: maxCallDuration })}</li>
          {(Array.isArray(features) ? (features as string[]) : []).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <button
          type="button"
          className="lp-cta lp-cta--small"
          data-call-button
          onClick={onRequestCall}
        >
          {t('free.start')}
        </button>
      </div>
    </section>
  );
}
