/**
 * Which prerendered landing page answers `/`: the web build writes `landing.html` (Spanish) and
 * `landing.<lang>.html` for the other languages; the visitor's choice travels in the
 * `preferred-language` cookie the web app sets when the language changes. A visitor who has not
 * chosen gets the site's default language (`system.defaultLanguage`); an unknown language or a
 * build without that file gets the Spanish page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languageSchema, type Language } from '@belleza/contract';

export const LANDING_FILE = 'landing.html';
const LANGUAGE_COOKIE = /(?:^|;\s*)preferred-language=([^;]*)/;

/** The landing file to send for this Cookie header, or null when the build has none. */
export function landingPageFile(
  webDist: string,
  cookieHeader: string | undefined,
  defaultLanguage: Language = 'es',
): string | null {
  const chosen = languageSchema.safeParse(LANGUAGE_COOKIE.exec(cookieHeader ?? '')?.[1]?.trim());
  const language = chosen.success ? chosen.data : defaultLanguage;
  const candidates = [...(language !== 'es' ? [`landing.${language}.html`] : []), LANDING_FILE];
  return candidates.find((file) => existsSync(join(webDist, file))) ?? null;
}
