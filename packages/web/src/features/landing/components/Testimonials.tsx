/**
 * The testimonial carousel (docs/product.md#landing-sections): image, name, star rating, comment
 * and service; previous, next and dots; 5 s auto-advance that resumes 10 s after manual navigation;
 * still for reduced motion.
 */
import { useTranslation } from 'react-i18next';
import { TESTIMONIALS } from '../content/landing-content';
import { useCarousel } from '../hooks/use-carousel';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { Icon } from './Icon';

export function Testimonials() {
  const { t } = useTranslation('landing');
  const reducedMotion = useReducedMotion();
  const carousel = useCarousel(TESTIMONIALS.length, { paused: reducedMotion });
  const count = TESTIMONIALS.length;

  return (
    <section className="lp-section lp-testimonials" aria-labelledby="lp-testimonials-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('testimonials.eyebrow')}</p>
        <h2 id="lp-testimonials-title">{t('testimonials.title')}</h2>
      </header>
      <div
        className="lp-carousel"
        role="region"
        aria-roledescription={t('testimonials.roleCarousel')}
        aria-label={t('testimonials.carouselLabel')}
      >
        <div className="lp-carousel__viewport" aria-live={carousel.playing ? 'off' : 'polite'}>
          {TESTIMONIALS.map((item, i) => (
            // A div, not a figure: a figure with a caption may not take the group role (ARIA in HTML).
            <div
              key={item.id}
              className="lp-testimonial"
              role="group"
              aria-roledescription={t('testimonials.roleSlide')}
              aria-label={t('testimonials.slideLabel', { index: i + 1, count })}
              hidden={i !== carousel.index}
            >
              <img src={item.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
              <div
                className="lp-stars"
                role="img"
                aria-label={t('testimonials.rating', { count: item.rating })}
              >
                {Array.from({ length: 5 }, (_, s) => (
                  <span key={s} className={s < item.rating ? 'lp-star lp-star--on' : 'lp-star'}>
                    <Icon name="star" size={18} filled />
                  </span>
                ))}
              </div>
              <blockquote>
                <p>{t(`testimonials.items.${item.id}.comment`)}</p>
              </blockquote>
              <p className="lp-testimonial__author">
                <strong>{item.name}</strong>
                <span>{t(`testimonials.items.${item.id}.service`)}</span>
              </p>
            </div>
          ))}
        </div>
        <div className="lp-carousel__controls">
          <button
            type="button"
            className="lp-carousel__arrow"
            aria-label={t('testimonials.previous')}
            onClick={carousel.prev}
          >
            <Icon name="chevronLeft" />
          </button>
          <div className="lp-carousel__dots">
            {TESTIMONIALS.map((item, i) => (
              <button
                key={item.id}
                type="button"
                className="lp-carousel__dot"
                aria-label={t('testimonials.goTo', { index: i + 1 })}
                aria-current={i === carousel.index ? 'true' : undefined}
                onClick={() => carousel.goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="lp-carousel__arrow"
            aria-label={t('testimonials.next')}
            onClick={carousel.next}
          >
            <Icon name="chevronRight" />
          </button>
        </div>
      </div>
    </section>
  );
}
