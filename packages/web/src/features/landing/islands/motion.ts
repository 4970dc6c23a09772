/** Whether the visitor asked the system for less motion, and news when that changes. */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;

export const prefersReducedMotion = (): boolean => media()?.matches ?? false;

/** Calls `listener` whenever the preference changes; returns the unsubscribe. */
export function onReducedMotionChange(listener: () => void): () => void {
  const list = media();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

/** Runs `update` at most once per frame while the page scrolls or resizes; returns the stop. */
export function onScrollFrame(update: () => void): () => void {
  let frame = 0;
  const schedule = () => {
    if (!frame)
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        update();
      });
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  return () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    if (frame) window.cancelAnimationFrame(frame);
  };
}
