/**
 * A full-screen call takes the keyboard while it is shown (issue 14 §2): focus moves into it when
 * it opens, stays inside it (Tab from its last control, or out of the video frame, comes back to
 * its first; a click elsewhere is given back), and returns to what had it when the screen closes.
 * Things drawn over the call on purpose (an offer banner, toasts) carry `data-over-call` and may
 * take focus.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

export function useCallScreenFocus(screen: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const root = screen.current;
    if (!shown || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = () => root.querySelector<HTMLElement>(FOCUSABLE);
    if (!root.contains(document.activeElement)) (first() ?? root).focus();

    const keepInside = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || root.contains(target)) return;
      if (target instanceof Element && target.closest('[data-over-call]')) return;
      (first() ?? root).focus();
    };
    const wrap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const last = items[items.length - 1];
      if (!event.shiftKey && document.activeElement === last && last?.tagName !== 'IFRAME') {
        event.preventDefault();
        items[0]?.focus();
      } else if (event.shiftKey && document.activeElement === items[0]) {
        event.preventDefault();
        last?.focus();
      }
    };
    document.addEventListener('focusin', keepInside);
    root.addEventListener('keydown', wrap);
    return () => {
      document.removeEventListener('focusin', keepInside);
      root.removeEventListener('keydown', wrap);
      if (opener?.isConnected) opener.focus();
    };
  }, [screen, shown]);
}
