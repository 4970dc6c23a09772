/**
 * Testimonial carousel timing: advances every 5 s; any manual navigation stops the automatic
 * advance, which restarts 10 s later (first automatic step 5 s after that). Nothing moves by itself
 * for visitors who prefer reduced motion.
 */
import { useCallback, useEffect, useState } from 'react';

export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_RESUME_MS = 10_000;

export type Carousel = {
  index: number;
  next: () => void;
  prev: () => void;
  goTo: (index: number) => void;
  /** true while the automatic advance runs */
  playing: boolean;
};

export function useCarousel(count: number, options: { paused?: boolean } = {}): Carousel {
  const paused = options.paused ?? false;
  const [index, setIndex] = useState(0);
  // Bumped by every manual navigation: restarts the resume countdown.
  const [manual, setManual] = useState(0);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!held) return;
    const timer = window.setTimeout(() => setHeld(false), CAROUSEL_RESUME_MS);
    return () => window.clearTimeout(timer);
  }, [held, manual]);

  const playing = !paused && !held && count > 1;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  const navigate = useCallback(
    (to: (i: number) => number) => {
      if (count === 0) return;
      setIndex((i) => ((to(i) % count) + count) % count);
      setHeld(true);
      setManual((m) => m + 1);
    },
    [count],
  );

  return {
    index,
    playing,
    next: useCallback(() => navigate((i) => i + 1), [navigate]),
    prev: useCallback(() => navigate((i) => i - 1), [navigate]),
    goTo: useCallback((target: number) => navigate(() => target), [navigate]),
  };
}
