import type { PublicSalonProfile } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { landingImage } from '../content/landing-content';
import { AvailabilityNote } from './AvailabilityNote';
import { Icon } from './Icon';

export function Hero({
  salon,
}: {
  /** the salon's own headline and text replace the general ones */
  salon: Pick<PublicSalonProfile, 'heroTitle' | 'heroText'>;
}) {
  const { t } = useTranslation('landing');
  return (
    <section id="inicio" className="lp-hero" aria-labelledby="lp-hero-title">
      <div className="lp-hero__copy">
        <p className="lp-eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="lp-hero-title" className="lp-hero__title">
          {salon.heroTitle || t('hero.headline')}
        </h1>
        <p className="lp-hero__lead">{salon.heroText || t('hero.lead')}</p>
        <div className="lp-hero__actions">
          <button
            type="button"
            className="lp-cta"
            data-call-button
            aria-describedby="hero-availability"
          >
            <Icon name="video" size={22} />
            {t('hero.cta')}
          </button>
          <div className="lp-hero__note">
            <AvailabilityNote id="hero-availability" />
          </div>
        </div>
      </div>
      <div className="lp-hero__art">
        {/* The hero picture is above the fold: loaded eagerly, with its size reserved. */}
        <img src={landingImage('hero')} alt="" width={480} height={520} fetchPriority="high" />
      </div>
    </section>
  );
}
