import type { Availability } from '@belleza/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParallax } from '../hooks/use-parallax';
import { acceptsCalls } from '../content/availability-text';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { AvailabilityNote } from './AvailabilityNote';
import { Icon } from './Icon';

/** A parallax banner (factor 80) repeating the call button. */
export function ParallaxBanner({
  availability,
  onRequestCall,
}: {
  availability: Availability | null;
  onRequestCall: () => void;
}) {
  const { t } = useTranslation('landing');
  const ref = useRef<HTMLElement>(null);
  useParallax(ref, !useReducedMotion());
  return (
    <section ref={ref} className="lp-parallax" aria-labelledby="lp-parallax-title">
      <div className="lp-parallax__bg" aria-hidden="true" />
      <div className="lp-parallax__content">
        <h2 id="lp-parallax-title">{t('banner.title')}</h2>
        {/* Only an open service promises someone waiting; the prerendered page has
            no availability yet and says what is true either way. */}
        <p>
          {availability && acceptsCalls(availability) ? t('banner.textOpen') : t('banner.text')}
        </p>
        <button
          type="button"
          className="lp-cta lp-cta--light"
          data-call-button
          aria-describedby="banner-availability"
          onClick={onRequestCall}
        >
          <Icon name="video" size={22} />
          {t('banner.cta')}
        </button>
        <AvailabilityNote availability={availability} id="banner-availability" />
      </div>
    </section>
  );
}
