/**
 * What follows the scroll: the call banner's parallax (factor 80: its background moves up to
 * 80 px against the scroll while the banner crosses the viewport; off for reduced motion) and, on
 * phones, the call button that stays at the bottom once the hero has scrolled up out of view.
 */
import { onReducedMotionChange, onScrollFrame, prefersReducedMotion } from './motion';

export const PARALLAX_FACTOR = 80;

/** Offset in px for a banner whose centre is `centre` px from the top of a `viewport`-high window. */
export function parallaxOffset(centre: number, viewport: number, factor = PARALLAX_FACTOR): number {
  if (viewport <= 0) return 0;
  const progress = Math.max(-1, Math.min(1, (centre - viewport / 2) / viewport));
  return Math.round(progress * factor * 10) / 10;
}

export function mountParallax(banner: HTMLElement): () => void {
  const update = () => {
    if (prefersReducedMotion()) {
      banner.style.setProperty('--parallax-y', '0px');
      return;
    }
    const rect = banner.getBoundingClientRect();
    const offset = parallaxOffset(rect.top + rect.height / 2, window.innerHeight);
    banner.style.setProperty('--parallax-y', `${offset}px`);
  };
  update();
  const stopScroll = onScrollFrame(update);
  const stopWatching = onReducedMotionChange(update);
  return () => {
    stopScroll();
    stopWatching();
  };
}

/** Shows `sticky` once `hero` has scrolled up out of view (not merely below the fold). */
export function mountStickyCall(hero: HTMLElement, sticky: HTMLElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver(([entry]) => {
    if (entry) sticky.hidden = entry.isIntersecting || entry.boundingClientRect.top >= 0;
  });
  observer.observe(hero);
  return () => observer.disconnect();
}
