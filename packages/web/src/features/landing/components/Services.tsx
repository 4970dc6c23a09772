import { useTranslation } from 'react-i18next';
import { SERVICES } from '../content/landing-content';
import { Icon, type IconName } from './Icon';

const ICONS: Record<string, IconName> = {
  haircare: 'hair',
  skincare: 'skin',
  makeup: 'makeup',
  nails: 'nails',
};

/** The consultation's topics; each button opens the consultation on its own (`data-subject`). */
export function Services() {
  const { t } = useTranslation('landing');
  return (
    <section id="servicios" className="lp-section" aria-labelledby="lp-services-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('services.eyebrow')}</p>
        <h2 id="lp-services-title">{t('services.title')}</h2>
        <p>{t('services.lead')}</p>
      </header>
      <ul className="lp-services">
        {SERVICES.map((s) => (
          <li key={s.id} className={`lp-card lp-service lp-service--${s.id}`}>
            <span className="lp-service__icon">
              <Icon name={ICONS[s.id] ?? 'star'} size={28} />
            </span>
            <h3>{t(`services.items.${s.id}.title`)}</h3>
            <p>{t(`services.items.${s.id}.text`)}</p>
            <button
              type="button"
              className="lp-link-button"
              data-call-button
              data-subject={s.subject}
            >
              {t('services.ask', { service: t(`services.items.${s.id}.title`) })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
