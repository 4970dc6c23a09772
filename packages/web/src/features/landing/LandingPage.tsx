import { useTranslation } from 'react-i18next';
import './landing.css';

/** Placeholder of the public landing page (SPEC §2 'Landing page'): hero and call button only. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <main id="main-content" className="landing">
      <section id="inicio" className="landing-hero">
        <h1 className="landing-hero__title">{t('hero.headline')}</h1>
        <button type="button" className="landing-hero__cta">
          {t('hero.cta')}
        </button>
      </section>
    </main>
  );
}
