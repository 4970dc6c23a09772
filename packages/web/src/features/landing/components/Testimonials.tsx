/**
 * Opinions of the salon's clients that an admin published (Admin → Opiniones): a visitor's rating
 * she consented to publish under her first name, or one entered by hand. A carousel (previous,
 * next, dots; 5 s auto-advance that resumes 10 s after manual navigation; still for reduced
 * motion), its first slide shown and the rest hidden until islands/carousel.ts moves it. Absent
 * while there is none.
 */
import type { PublicTestimonial } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export function Testimonials({ items }: { items: readonly PublicTestimonial[] }) {
  if (items.length === 0) return null;
  return <TestimonialCarousel items={items} />;
}

function TestimonialCarousel({ items }: { items: readonly PublicTestimonial[] }) {
  const { t } = useTranslation('landing');
  const count = items.length;

  return (
    <section className="lp-section lp-testimonials" aria-labelledby="lp-testimonials-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('testimonials.eyebrow')}</p>
        <h2 id="lp-testimonials-title">{t('testimonials.title')}</h2>
      </header>
      <div
        className="lp-carousel"
        role="region"
        data-carousel
        aria-roledescription={t('testimonials.roleCarousel')}
        aria-label={t('testimonials.carouselLabel')}
      >
        {/* Quiet while it moves by itself; the script makes it polite once it stands still. */}
        <div className="lp-carousel__viewport" aria-live={count > 1 ? 'off' : 'polite'}>
          {items.map((item, i) => (
            // A div, not a figure: a figure with a caption may not take the group role (ARIA in HTML).
            <div
              key={item.testimonialId}
              className="lp-testimonial"
              role="group"
              aria-roledescription={t('testimonials.roleSlide')}
              aria-label={t('testimonials.slideLabel', { index: i + 1, count })}
              data-slide
              hidden={i !== 0}
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
              data-carousel-step="-1"
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
                  aria-current={i === 0 ? 'true' : undefined}
                  data-carousel-dot={i}
                />
              ))}
            </div>
            <button
              type="button"
              className="lp-carousel__arrow"
              aria-label={t('testimonials.next')}
              data-carousel-step="1"
            >
              <Icon name="chevronRight" />
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
