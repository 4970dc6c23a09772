/**
 * The landing page in another language without a framework: the server renders `/` in the
 * language of the visitor's cookie (docs/decisions.md, "Landing prerendered per language"), so a
 * switch stores the choice (storage and cookie) and takes the page's parts from `/` in that
 * language: its root, language, title, description and the script's texts. The page's script
 * then wires the new root; what was open (the menu) and where the focus was (the switch) stay.
 */
import type { Language } from '@belleza/contract';
import { isLanguage } from '@/lib/language';
import { LANDING_TEXTS_SCRIPT_ID } from '../content/island-texts';

/** The language a click asks for, when it is a press on the language switch. */
export function languageAsked(event: Event): Language | null {
  const option =
    event.target instanceof Element ? event.target.closest('.lang-toggle__option') : null;
  const language = option?.getAttribute('lang');
  return isLanguage(language) ? language : null;
}

/**
 * How long a switch waits for the page in the other language: the page stays in its language
 * after it (and, on the first load, usable: it is inert until the switch is over), like any read
 * the server does not answer (the API client's bound).
 */
export const LANGUAGE_SWITCH_TIMEOUT_MS = 10_000;

/** `/` as the server sends it in `language` (the cookie just set may not have reached the store). */
export async function fetchLandingDocument(language: Language): Promise<Document> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), LANGUAGE_SWITCH_TIMEOUT_MS);
  try {
    const res = await fetch(`/?lang=${language}`, {
      headers: { accept: 'text/html' },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(`GET / answered ${res.status}`);
    return new DOMParser().parseFromString(await res.text(), 'text/html');
  } finally {
    window.clearTimeout(timer);
  }
}

/** Puts `next`'s page into `doc`: the root's content, the language, the title, the texts. */
export function adoptDocument(next: Document, doc: Document = document): void {
  const root = doc.getElementById('root');
  const nextRoot = next.getElementById('root');
  if (!root || !nextRoot) throw new Error('no #root to take the page from');
  doc.documentElement.lang = next.documentElement.lang;
  doc.title = next.title;
  const description = next.querySelector('meta[name="description"]')?.getAttribute('content');
  if (description !== null && description !== undefined)
    doc.querySelector('meta[name="description"]')?.setAttribute('content', description);
  const texts = next.getElementById(LANDING_TEXTS_SCRIPT_ID)?.textContent;
  const own = doc.getElementById(LANDING_TEXTS_SCRIPT_ID);
  if (texts && own) own.textContent = texts;
  root.replaceChildren(...[...nextRoot.childNodes].map((node) => doc.importNode(node, true)));
}
