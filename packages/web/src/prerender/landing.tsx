/**
 * Build-time only (never part of the browser bundle): the landing page rendered to HTML, once per
 * language, so a visitor's phone paints the page from the HTML and CSS before any JavaScript runs,
 * already in the language they chose (the server picks the document by the language cookie).
 * It renders the same tree the browser hydrates (LandingRoot, see src/landing.tsx). Called by the
 * `belleza:prerender-landing` plugin in vite.config.ts.
 */
import type { Language } from '@belleza/contract';
import { renderToString } from 'react-dom/server';
import { LANDING_NAMESPACES, LandingRoot } from '@/features/landing';
import { i18n, initI18n, loadFallbackLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n';

export type PrerenderedLanding = {
  language: Language;
  /** `#root`'s markup (React may put resource preloads first, as `<link>` tags). */
  html: string;
  title: string;
  description: string;
};

export const PRERENDERED_LANGUAGES = SUPPORTED_LANGUAGES;

export async function renderLanding(language: Language): Promise<PrerenderedLanding> {
  await initI18n(LANDING_NAMESPACES);
  await loadFallbackLanguage();
  await i18n.changeLanguage(language);
  if (i18n.language !== language) throw new Error(`the prerender could not switch to ${language}`);
  return {
    language,
    html: renderToString(<LandingRoot />),
    title: i18n.t('common:titles.landing'),
    description: i18n.t('landing:meta.description'),
  };
}
