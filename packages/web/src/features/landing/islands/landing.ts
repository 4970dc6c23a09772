/**
 * The landing page's script (entry src/landing.ts): the page arrives complete from the server, and
 * this wires what moves, with no framework: availability in the notes and buttons, the header's
 * menu and scroll-spy, the opinions' carousel, the banner's parallax, the sticky call button, the
 * language switch, and the consultation (islands/consultation.ts). `#root` is inert until then, so
 * no click lands on a button that does nothing yet.
 */
import type { Language } from '@belleza/contract';
import { readStoredLanguage, storeLanguage } from '@/lib/language';
import { watchAvailability } from '../api/availability';
import { showAvailability } from './availability';
import { mountCarousel } from './carousel';
import { mountConsultationIsland } from './consultation';
import { adoptDocument, fetchLandingDocument, languageAsked } from './language';
import { mountMenu } from './menu';
import { mountParallax, mountStickyCall } from './scroll-effects';
import { readTexts, sayer, type Say } from './texts';

export type LandingHandle = {
  /** settles once the page is wired (in the visitor's language) */
  ready: Promise<void>;
  stop(): void;
};

/** Wires one rendering of the page's root; returns its stop. */
function mountParts(root: HTMLElement, say: Say): () => void {
  const stops = [mountMenu(root, say)];
  for (const region of root.querySelectorAll<HTMLElement>('[data-carousel]'))
    stops.push(mountCarousel(region));
  for (const banner of root.querySelectorAll<HTMLElement>('[data-parallax]'))
    stops.push(mountParallax(banner));
  const hero = root.querySelector<HTMLElement>('#inicio');
  const sticky = root.querySelector<HTMLElement>('[data-sticky-call]');
  if (hero && sticky) stops.push(mountStickyCall(hero, sticky));
  return () => stops.forEach((stop) => stop());
}

export function startLanding(doc: Document = document): LandingHandle {
  const root = doc.getElementById('root');
  if (!root) throw new Error('#root element missing');
  let say = sayer(readTexts(doc));
  let stopParts = mountParts(root, say);
  const availability = watchAvailability();
  const show = () => {
    const known = availability.current();
    if (known) showAvailability(root, known, say, doc.documentElement.lang);
  };
  const stopShowing = availability.subscribe(show);
  const joining = new URLSearchParams(window.location.search).has('cita');
  const consultation = mountConsultationIsland({ availability, say: () => say, joining });

  /** The page in `language`, taken from the server; the focus stays on the switch if it was there. */
  const switchTo = async (language: Language) => {
    const shown = doc.documentElement.lang;
    storeLanguage(language);
    const focusOnSwitch = Boolean(doc.activeElement?.closest('.lang-toggle'));
    const menuOpen = root.querySelector('[data-menu-toggle][aria-expanded="true"]') !== null;
    let next: Document;
    try {
      next = await fetchLandingDocument(language);
    } catch (error) {
      // Her choice stays stored for the next visit; the page says the language it is in.
      doc.documentElement.lang = shown;
      throw error;
    }
    stopParts();
    adoptDocument(next, doc);
    say = sayer(readTexts(doc));
    stopParts = mountParts(root, say);
    if (menuOpen) root.querySelector<HTMLElement>('[data-menu-toggle]')?.click();
    show();
    if (focusOnSwitch)
      root.querySelector<HTMLElement>(`.lang-toggle__option[lang="${language}"]`)?.focus();
    await consultation.current()?.changeLanguage(language);
  };
  const onClick = (event: MouseEvent) => {
    const language = languageAsked(event);
    if (language && language !== doc.documentElement.lang)
      switchTo(language).catch(() => undefined);
  };
  doc.addEventListener('click', onClick);

  // The visitor's choice (else the salon's default language) wins over the document's.
  const wanted = readStoredLanguage();
  const ready = (
    wanted === doc.documentElement.lang
      ? Promise.resolve(storeLanguage(wanted))
      : switchTo(wanted).catch(() => undefined)
  ).then(() => {
    root.removeAttribute('inert');
    delete root.dataset.prerendered;
  });

  return {
    ready,
    stop() {
      doc.removeEventListener('click', onClick);
      stopShowing();
      availability.stop();
      stopParts();
      consultation.stop();
    },
  };
}
