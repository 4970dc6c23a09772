import { DEFAULT_MAX_CALL_DURATION_MIN, formatMoney } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { siteCurrency } from '@/lib/i18n';
import { PLAN_PRICES, PLANS } from '../content/landing-content';

export function Plans({
  onRequestCall,
  onAskAboutPlan,
  maxCallDuration = DEFAULT_MAX_CALL_DURATION_MIN,
}: {
  onRequestCall: () => void;
  /** a paid plan's button: the consultation opens with a message naming the plan */
  onAskAboutPlan: (message: string) => void;
  /** the admin's `system.maxCallDuration` once availability is read; the default before */
  maxCallDuration?: number | undefined;
}) {
  const { t } = useTranslation('landing');
  const currency = siteCurrency();
  return (
    <section id="planes" className="lp-section" aria-labelledby="lp-plans-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('plans.eyebrow')}</p>
        <h2 id="lp-plans-title">{t('plans.title')}</h2>
        <p>{t('plans.lead')}</p>
      </header>
      <ul className="lp-plans">
        {PLANS.map((id) => {
          const features = t(`plans.items.${id}.features`, { returnObjects: true });
          const title = t(`plans.items.${id}.title`);
          const price =
            id === 'free'
              ? t('plans.items.free.price')
              : t(`plans.items.${id}.price`, {
                  price: formatMoney(PLAN_PRICES[id], currency, { whole: true }),
                });
          return (
            <li key={id} className={`lp-card lp-plan${id === 'free' ? ' lp-plan--featured' : ''}`}>
              <h3>{title}</h3>
              <p className="lp-plan__price">{price}</p>
              <p>{t(`plans.items.${id}.text`)}</p>
              <ul className="lp-plan__features">
                {id === 'free' && (
                  <li>{t('plans.items.free.duration', { minutes: maxCallDuration })}</li>
                )}
                {(Array.isArray(features) ? (features as string[]) : []).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {id === 'free' ? (
                <button
                  type="button"
                  className="lp-cta lp-cta--small"
                  data-call-button
                  onClick={onRequestCall}
                >
                  {t('plans.start')}
                </button>
              ) : (
                <button
                  type="button"
                  className="lp-cta lp-cta--small lp-cta--outline"
                  data-call-button
                  onClick={() => onAskAboutPlan(t('plans.interest', { plan: title, price }))}
                >
                  {t('plans.askAbout', { plan: title })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
