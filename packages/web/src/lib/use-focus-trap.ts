/**
 * The one focus trap of the app (docs/product.md#focus-and-keyboard), for dialogs, the call
 * confirmations and the full-screen call: while `active`, focus moves into `ref` (a
 * `data-autofocus` control first, else the first focusable one), Tab from its last control comes
 * back to its first and Shift+Tab from its first goes to its last, and when it ends focus returns
 * to what had it before (if still on the page). Escape is each caller's own answer, so it is not
 * handled here.
 */
import { useEffect, type RefObject } from 'react';

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

export type FocusTrapOptions = {
  /**
   * Also take focus back when it lands outside (a click elsewhere, or Tab out of an embedded
   * frame, which no keydown here sees). Elements inside `[data-over-call]` or another modal dialog
   * are drawn on top on purpose and may keep it.
   */
  reclaim?: boolean;
};

const MAY_HOLD_FOCUS = '[data-over-call], [aria-modal="true"]';

export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  { reclaim = false }: FocusTrapOptions = {},
): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const items = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const firstStop = () =>
      root.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ?? items()[0] ?? root;
    if (!root.contains(document.activeElement)) firstStop().focus();

    const wrap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const all = items();
      const first = all[0];
      const last = all[all.length - 1];
      // From a frame, Tab moves inside the frame's own page; `reclaim` brings focus back after.
      if (!event.shiftKey && document.activeElement === last && last?.tagName !== 'IFRAME') {
        event.preventDefault();
        first?.focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      }
    };
    const keepInside = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || root.contains(target)) return;
      if (target instanceof Element && target.closest(MAY_HOLD_FOCUS)) return;
      (items()[0] ?? root).focus();
    };
    root.addEventListener('keydown', wrap);
    if (reclaim) document.addEventListener('focusin', keepInside);
    return () => {
      root.removeEventListener('keydown', wrap);
      document.removeEventListener('focusin', keepInside);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, active, reclaim]);
}
