import { useTranslation } from 'react-i18next';
import { TEAM } from '../content/landing-content';

export function Team() {
  const { t } = useTranslation('landing');
  return (
    <section id="equipo" className="lp-section lp-section--tinted" aria-labelledby="lp-team-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('team.eyebrow')}</p>
        <h2 id="lp-team-title">{t('team.title')}</h2>
        <p>{t('team.lead')}</p>
      </header>
      <ul className="lp-team">
        {TEAM.map((m) => (
          <li key={m.id} className="lp-member">
            <img src={m.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
            <h3>{m.name}</h3>
            <p>{t(`team.members.${m.id}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
