/**
 * The header: its menu button (below 1024 px the links fold into it) and the section being read,
 * marked current (`aria-current="location"`): the last section whose top has passed 100 px below
 * the top of the viewport.
 */
import type { Say } from './texts';
import { onScrollFrame } from './motion';

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

/** Wires the menu button and the scroll-spy inside `root`; returns the stop. */
export function mountMenu(root: HTMLElement, say: Say): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const nav = root.querySelector<HTMLElement>('#lp-nav');
  const setOpen = (open: boolean) => {
    if (!toggle || !nav) return;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', say(open ? 'nav.closeMenu' : 'nav.openMenu'));
    for (const icon of toggle.querySelectorAll<HTMLElement>('[data-menu-icon]'))
      icon.hidden = (icon.dataset.menuIcon === 'open') !== open;
    nav.classList.toggle('lp-nav--open', open);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (toggle && toggle.contains(target)) setOpen(toggle.getAttribute('aria-expanded') !== 'true');
    else if (target.closest('[data-section-link]')) setOpen(false);
  };
  root.addEventListener('click', onClick);

  const links = [...root.querySelectorAll<HTMLElement>('[data-section-link]')];
  const ids = links.map((link) => link.dataset.sectionLink ?? '');
  const measure = () => {
    const active = activeSectionAt(
      ids,
      (id) => document.getElementById(id)?.getBoundingClientRect().top ?? null,
    );
    for (const link of links)
      if (link.dataset.sectionLink === active) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
  };
  measure();
  const stopSpy = onScrollFrame(measure);
  return () => {
    root.removeEventListener('click', onClick);
    stopSpy();
  };
}
