/**
 * i18next set-up. Every namespace is one JSON file per language (`locales/<lng>/<ns>.json`),
 * loaded on demand: Vite turns each file into its own small chunk, so the landing page downloads
 * only the texts it shows. Routes preload their namespaces next to their code (see `loadNamespaces`).
 *
 * English is the fallback, but its files are only downloaded once English is in use: the Spanish
 * namespaces are complete (i18n.test.tsx checks every key), so while Spanish is active the fallback
 * would never be read and would only cost a phone extra requests.
 *
 * Only the `Language` type comes from the contract: importing its zod schema here would tie zod and
 * the whole contract to this module (i18n-fallback.test.ts checks the two lists are equal).
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
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

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

/** Namespaces every screen of the SPA needs (header, toasts, error texts). */
export const CORE_NAMESPACES = ['common', 'errors'] as const;

type LocaleModule = { default: Record<string, unknown> };
const localeLoaders = import.meta.glob<LocaleModule>('../locales/*/*.json');

/** Every namespace that has a file for the default language. */
export const ALL_NAMESPACES: readonly string[] = Object.keys(localeLoaders)
  .map((path) => /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path))
  .filter((m): m is RegExpExecArray => m?.[1] === DEFAULT_LANGUAGE)
  .map((m) => m[2] ?? '')
  .sort();

/** Whether the fallback language's files may be downloaded (it is or was the active language). */
let fallbackWanted = false;
/** Fallback namespaces answered empty for now, read for real by `loadFallbackLanguage`. */
const deferredFallback = new Set<string>();

const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if (language === FALLBACK_LANGUAGE && !fallbackWanted) {
      deferredFallback.add(namespace);
      callback(null, {});
      return;
    }
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      // A namespace a language does not have yet falls back key by key; not an error.
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

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

/** Every text naming the site says {{siteName}}; follows the language for a salon not named yet. */
const interpolationVariables = { siteName: DEFAULT_SITE_NAME };

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

export const i18n = i18next.createInstance();

let initialising: Promise<unknown> | null = null;

/**
 * Initialises the shared instance once (later calls only load the extra namespaces). The initial
 * language is the stored preference, else Spanish; English fills any key Spanish lacks.
 */
export function initI18n(namespaces: readonly string[] = CORE_NAMESPACES): Promise<unknown> {
  if (initialising) return initialising.then(() => i18n.loadNamespaces([...namespaces]));
  i18n.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Not persisting the choice is acceptable; the page still switches.
    }
    interpolationVariables.siteName = siteName(lng);
    // Absent when the landing page is prerendered at build time (src/prerender).
    if (typeof document === 'undefined') return;
    document.documentElement.lang = lng;
    // The server reads only this cookie, to send `/` already prerendered in this language. Only a
    // page of its own writes it: a framed one (the widget on a salon's site, the video page) is no
    // `/`, and a browser refuses a SameSite=Lax cookie from a cross-site frame, loudly (Firefox
    // reports each refusal as an error).
    if (window.top !== window.self) return;
    document.cookie = languageCookie(lng, window.location.protocol);
  });
  const initial = readStoredLanguage();
  if (initial === FALLBACK_LANGUAGE) fallbackWanted = true;
  interpolationVariables.siteName = siteName(initial);
  initialising = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: initial,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...namespaces],
      defaultNS: 'common',
      fallbackNS: false,
      load: 'languageOnly',
      // Every text naming the site says {{siteName}}.
      interpolation: { escapeValue: false, defaultVariables: interpolationVariables },
      returnNull: false,
    });
  return initialising;
}

/** Loads namespaces before a route renders, so its texts appear with its code (no flash). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return initI18n().then(() => i18n.loadNamespaces([...namespaces]));
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/**
 * Downloads the fallback language's namespaces from now on, including those answered empty so
 * far (merged into the store), so English texts and the fallback are complete.
 */
export function loadFallbackLanguage(): Promise<void> {
  fallbackWanted = true;
  const pending = [...deferredFallback];
  deferredFallback.clear();
  return pending.length ? i18n.reloadResources([FALLBACK_LANGUAGE], pending) : Promise.resolve();
}

/** Switches the interface language; the choice is stored as `preferred-language`. */
export async function changeLanguage(language: Language): Promise<unknown> {
  if (language === FALLBACK_LANGUAGE) await loadFallbackLanguage();
  return i18n.changeLanguage(language);
}
