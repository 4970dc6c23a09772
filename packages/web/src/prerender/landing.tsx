/**
 * Build-time only (never part of the browser bundle): the landing page rendered to HTML in Spanish,
 * so a visitor's phone paints the page from the HTML and CSS before any JavaScript runs. It renders
 * the same tree the browser hydrates (LandingRoot, see src/landing.tsx). Called by the
 * `belleza:prerender-landing` plugin in vite.config.ts.
 */
import { renderToString } from 'react-dom/server';
import { LANDING_NAMESPACES, LandingRoot } from '@/features/landing';
import { DEFAULT_LANGUAGE, i18n, initI18n } from '@/lib/i18n';

export async function renderLanding(): Promise<string> {
  await initI18n(LANDING_NAMESPACES);
  if (i18n.language !== DEFAULT_LANGUAGE) throw new Error('the prerender must be in Spanish');
  return renderToString(<LandingRoot />);
}
