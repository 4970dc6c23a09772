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
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_SITE_NAME, type Language } from '@belleza/contract';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isLanguage,
  readStoredLanguage,
  siteName,
  storeLanguage,
} from './language';

export {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  isLanguage,
  languageCookie,
  readStoredLanguage,
  siteCurrency,
  siteDefaultLanguage,
  siteName,
} from './language';

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

/** Every text naming the site says {{siteName}}; follows the language for a salon not named yet. */
const interpolationVariables = { siteName: DEFAULT_SITE_NAME };

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
    interpolationVariables.siteName = siteName(lng);
    // The server reads the cookie this also writes, to send `/` already in this language.
    if (typeof window !== 'undefined') storeLanguage(lng);
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
