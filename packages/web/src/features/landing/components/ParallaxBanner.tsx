import { useTranslation } from 'react-i18next';
import { AvailabilityNote } from './AvailabilityNote';
import { Icon } from './Icon';

/** A parallax banner (factor 80, islands/parallax.ts) repeating the call button. */
export function ParallaxBanner() {
  const { t } = useTranslation('landing');
  return (
    <section className="lp-parallax" aria-labelledby="lp-parallax-title" data-parallax>
      <div className="lp-parallax__bg" aria-hidden="true" />
      <div className="lp-parallax__content">
        <h2 id="lp-parallax-title">{t('banner.title')}</h2>
        {/* Only an open service promises someone waiting: until availability is read the
            page says what is true either way (islands/availability.ts switches it). */}
        <p data-banner-text>{t('banner.text')}</p>
        <button
          type="button"
          className="lp-cta lp-cta--light"
          data-call-button
          aria-describedby="banner-availability"
        >
          <Icon name="video" size={22} />
          {t('banner.cta')}
        </button>
        <AvailabilityNote id="banner-availability" />
      </div>
    </section>
  );
}
