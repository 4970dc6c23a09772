/**
 * The page's language, name and currency as the server wrote them, and the visitor's stored
 * choice: free of i18next, so the landing's first load (which runs no framework) shares them with
 * the app (lib/i18n re-exports them). Only types and constants come from the contract.
 */
import {
  CURRENCIES,
  CURRENCY_META,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE_META,
  DEFAULT_SITE_NAME,
  SITE_NAME_META,
  UNNAMED_SALON_NAME,
  type Currency,
  type Language,
} from '@belleza/contract';

export const LANGUAGE_STORAGE_KEY = 'preferred-language';
/** Same name as the storage key; the server picks the landing page's prerendered language by it. */
export const LANGUAGE_COOKIE = 'preferred-language';
const LANGUAGE_COOKIE_MAX_AGE_S = 31_536_000;

/** The language cookie for a page served over `protocol`: Secure on HTTPS, so it never goes out in the clear. */
export const languageCookie = (language: Language, protocol: string): string =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax` +
  (protocol === 'https:' ? '; Secure' : '');
export const DEFAULT_LANGUAGE: Language = 'es';
export const FALLBACK_LANGUAGE: Language = 'en';
/** Every contract language, exactly once (the Record type rejects a missing or unknown one). */
const LANGUAGES: Record<Language, true> = { es: true, en: true };
export const SUPPORTED_LANGUAGES = Object.keys(LANGUAGES) as readonly Language[];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** What the server wrote into this page's `<meta name>` (absent when prerendering, in Node). */
function pageMeta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

/**
 * The salon's name (admin setting `system.siteName`, set in "Mi salón"), as the server put it into
 * the page. An empty `<meta>`: the salon has no name yet, so the pages say the neutral one in the
 * reader's language. No `<meta>` at all (the build's prerender, a page without a server): the
 * build's placeholder, which the server swaps when it sends the document.
 */
export function siteName(language: Language = DEFAULT_LANGUAGE): string {
  const meta = pageMeta(SITE_NAME_META);
  if (meta === null) return DEFAULT_SITE_NAME;
  return meta.trim() || UNNAMED_SALON_NAME[language];
}

/** The first language of someone who has not chosen one: the admin's `system.defaultLanguage`. */
export function siteDefaultLanguage(): Language {
  const configured = pageMeta(DEFAULT_LANGUAGE_META);
  return isLanguage(configured) ? configured : DEFAULT_LANGUAGE;
}

/** The salon's currency (admin setting `system.currency`), as the server put it into the page. */
export function siteCurrency(): Currency {
  const configured = pageMeta(CURRENCY_META);
  return CURRENCIES.find((c) => c === configured) ?? DEFAULT_CURRENCY;
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : siteDefaultLanguage();
  } catch {
    // Storage can be unavailable (privacy mode); the site's default language still works.
    return siteDefaultLanguage();
  }
}

/**
 * Keeps the visitor's choice: in storage, and in the cookie by which the server picks the landing
 * page's language. Only a page of its own writes the cookie: a framed one (the widget on a salon's
 * site, the video page) is no `/`, and a browser refuses a SameSite=Lax cookie from a cross-site
 * frame, loudly (Firefox reports each refusal as an error).
 */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting the choice is acceptable; the page still switches.
  }
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (window.top !== window.self) return;
  document.cookie = languageCookie(language, window.location.protocol);
}

/** Lima's dates in an interface language: es-PE in Spanish, en-US in English. */
export const DATE_LOCALES: Record<Language, string> = { es: 'es-PE', en: 'en-US' };
