/**
 * Opinions of the salon's clients that an admin published (Admin → Opiniones): a visitor's rating
 * she consented to publish under her first name, or one entered by hand. A carousel (previous,
 * next, dots; 5 s auto-advance that resumes 10 s after manual navigation; still for reduced
 * motion). Absent until the list arrives and while there is none.
 */
import type { PublicTestimonial } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { useCarousel } from '../hooks/use-carousel';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { Icon } from './Icon';

export function Testimonials({ items }: { items: readonly PublicTestimonial[] | null }) {
  if (!items || items.length === 0) return null;
  return <TestimonialCarousel items={items} />;
}

function TestimonialCarousel({ items }: { items: readonly PublicTestimonial[] }) {
  const { t } = useTranslation('landing');
  const reducedMotion = useReducedMotion();
  const count = items.length;
  const carousel = useCarousel(count, { paused: reducedMotion || count < 2 });

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
          {items.map((item, i) => (
            // A div, not a figure: a figure with a caption may not take the group role (ARIA in HTML).
            <div
              key={item.testimonialId}
              className="lp-testimonial"
              role="group"
              aria-roledescription={t('testimonials.roleSlide')}
              aria-label={t('testimonials.slideLabel', { index: i + 1, count })}
              hidden={i !== carousel.index}
            >
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
              {item.comment && (
                <blockquote>
                  <p>{item.comment}</p>
                </blockquote>
              )}
              <p className="lp-testimonial__author">
                <strong>{item.firstName}</strong>
              </p>
            </div>
          ))}
        </div>
        {count > 1 && (
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
              {items.map((item, i) => (
                <button
                  key={item.testimonialId}
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
        )}
      </div>
    </section>
  );
}
