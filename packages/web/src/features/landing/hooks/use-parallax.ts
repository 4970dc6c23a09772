/**
 * Parallax of the call banner (factor 80): the background moves up to 80 px against the scroll
 * while the banner crosses the viewport. Off for reduced motion.
 */
import { useEffect, type RefObject } from 'react';

export const PARALLAX_FACTOR = 80;

/** Offset in px for a banner whose centre is `centre` px from the top of a `viewport`-high window. */
export function parallaxOffset(centre: number, viewport: number, factor = PARALLAX_FACTOR): number {
  if (viewport <= 0) return 0;
  const progress = Math.max(-1, Math.min(1, (centre - viewport / 2) / viewport));
  return Math.round(progress * factor * 10) / 10;
}

export function useParallax(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) {
      el?.style.setProperty('--parallax-y', '0px');
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const rect = el.getBoundingClientRect();
      const offset = parallaxOffset(rect.top + rect.height / 2, window.innerHeight);
      el.style.setProperty('--parallax-y', `${offset}px`);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ref, enabled]);
}
