/**
 * i18next set-up. Every namespace is one JSON file per language (`locales/<lng>/<ns>.json`),
 * loaded on demand: Vite turns each file into its own small chunk, so the landing page downloads
 * only the texts it shows. Routes preload their namespaces next to their code (see `loadNamespaces`).
 */
import { languageSchema, type Language } from '@belleza/contract';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'preferred-language';
export const DEFAULT_LANGUAGE: Language = 'es';
export const FALLBACK_LANGUAGE: Language = 'en';
export const SUPPORTED_LANGUAGES = languageSchema.options;

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

const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
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

export function readStoredLanguage(): Language {
  try {
    const parsed = languageSchema.safeParse(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
    return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy mode); the default language still works.
    return DEFAULT_LANGUAGE;
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
    if (!languageSchema.safeParse(lng).success) return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Not persisting the choice is acceptable; the page still switches.
    }
    document.documentElement.lang = lng;
  });
  initialising = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: readStoredLanguage(),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...namespaces],
      defaultNS: 'common',
      fallbackNS: false,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return initialising;
}

/** Loads namespaces before a route renders, so its texts appear with its code (no flash). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return initI18n().then(() => i18n.loadNamespaces([...namespaces]));
}

export function currentLanguage(): Language {
  const parsed = languageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

/** Switches the interface language; the choice is stored as `preferred-language`. */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}
