/**
 * The section the visitor is reading (the active section follows the scroll position, offset 100
 * px): the last section whose top has passed 100 px below the top of the viewport.
 */
import { useEffect, useState } from 'react';

export const SCROLL_SPY_OFFSET_PX = 100;

export function activeSectionAt(
  ids: readonly string[],
  topOf: (id: string) => number | null,
  offset = SCROLL_SPY_OFFSET_PX,
): string {
  let active = ids[0] ?? '';
  for (const id of ids) {
    const top = topOf(id);
    if (top !== null && top - offset <= 0) active = id;
  }
  return active;
}

export function useScrollSpy(ids: readonly string[], offset = SCROLL_SPY_OFFSET_PX): string {
  const [active, setActive] = useState(ids[0] ?? '');
  // A string key, so a new array with the same ids does not re-subscribe.
  const key = ids.join('|');

  useEffect(() => {
    const list = key ? key.split('|') : [];
    let frame = 0;
    const measure = () => {
      frame = 0;
      setActive(
        activeSectionAt(
          list,
          (id) => document.getElementById(id)?.getBoundingClientRect().top ?? null,
          offset,
        ),
      );
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [key, offset]);

  return active;
}
