import { useTranslation } from 'react-i18next';
import { TREATMENTS } from '../content/landing-content';

export function Treatments() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="tratamientos"
      className="lp-section lp-section--tinted"
      aria-labelledby="lp-treat-title"
    >
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('treatments.eyebrow')}</p>
        <h2 id="lp-treat-title">{t('treatments.title')}</h2>
        <p>{t('treatments.lead')}</p>
      </header>
      <ul className="lp-treatments">
        {TREATMENTS.map((id) => (
          <li key={id} className="lp-treatment">
            <h3>{t(`treatments.items.${id}.title`)}</h3>
            <p>{t(`treatments.items.${id}.text`)}</p>
            <span className="lp-treatment__meta">{t(`treatments.items.${id}.meta`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
