import { useTranslation } from 'react-i18next';
import { BENEFITS } from '../content/landing-content';
import { Icon, type IconName } from './Icon';

const ICONS: Record<(typeof BENEFITS)[number], IconName> = {
  free: 'gift',
  personal: 'user',
  easy: 'phone',
  fast: 'clock',
};

export function Benefits() {
  const { t } = useTranslation('landing');
  return (
    <section className="lp-section lp-benefits" aria-labelledby="lp-benefits-title">
      <h2 id="lp-benefits-title" className="visually-hidden">
        {t('benefits.title')}
      </h2>
      <ul className="lp-benefits__grid">
        {BENEFITS.map((b) => (
          <li key={b} className="lp-card lp-benefit">
            <span className="lp-benefit__icon">
              <Icon name={ICONS[b]} />
            </span>
            <h3>{t(`benefits.${b}.title`)}</h3>
            <p>{t(`benefits.${b}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
