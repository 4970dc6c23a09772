/**
 * The opinions' carousel: previous, next and dots; it advances every 5 s, and any manual step
 * stops that, which restarts 10 s after the last one (its first step 5 s after that). Nothing moves
 * by itself for visitors who prefer reduced motion; while it stands still its slides are announced
 * (`aria-live` polite), while it moves they are not.
 */
import { onReducedMotionChange, prefersReducedMotion } from './motion';

export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_RESUME_MS = 10_000;

export function mountCarousel(region: HTMLElement): () => void {
  const slides = [...region.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...region.querySelectorAll<HTMLElement>('[data-carousel-dot]')];
  const viewport = region.querySelector<HTMLElement>('.lp-carousel__viewport');
  const count = slides.length;
  let index = 0;
  let held = false;
  let hold = 0;
  let tick = 0;

  const show = (to: number) => {
    index = ((to % count) + count) % count;
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
  };
  const sync = () => {
    window.clearInterval(tick);
    tick = 0;
    const playing = count > 1 && !held && !prefersReducedMotion();
    if (playing) tick = window.setInterval(() => show(index + 1), CAROUSEL_INTERVAL_MS);
    viewport?.setAttribute('aria-live', playing ? 'off' : 'polite');
  };
  const navigate = (to: number) => {
    if (count === 0) return;
    show(to);
    held = true;
    window.clearTimeout(hold);
    hold = window.setTimeout(() => {
      held = false;
      sync();
    }, CAROUSEL_RESUME_MS);
    sync();
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !region.contains(button)) return;
    if (button.dataset.carouselStep) navigate(index + Number(button.dataset.carouselStep));
    else if (button.dataset.carouselDot) navigate(Number(button.dataset.carouselDot));
  };
  region.addEventListener('click', onClick);
  const stopWatching = onReducedMotionChange(sync);
  sync();
  return () => {
    region.removeEventListener('click', onClick);
    stopWatching();
    window.clearInterval(tick);
    window.clearTimeout(hold);
  };
}
