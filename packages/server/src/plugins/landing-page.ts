/**
 * Which prerendered landing page answers `/`: the web build writes `landing.html` (Spanish) and
 * `landing.<lang>.html` for the other languages; the visitor's choice travels in the
 * `preferred-language` cookie the web app sets when the language changes. Anything else (no
 * cookie, an unknown language, a build without that file) gets the Spanish page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languageSchema } from '@belleza/contract';

export const LANDING_FILE = 'landing.html';
const LANGUAGE_COOKIE = /(?:^|;\s*)preferred-language=([^;]*)/;

/** The landing file to send for this Cookie header, or null when the build has none. */
export function landingPageFile(webDist: string, cookieHeader: string | undefined): string | null {
  const chosen = languageSchema.safeParse(LANGUAGE_COOKIE.exec(cookieHeader ?? '')?.[1]?.trim());
  const candidates = [
    ...(chosen.success && chosen.data !== 'es' ? [`landing.${chosen.data}.html`] : []),
    LANDING_FILE,
  ];
  return candidates.find((file) => existsSync(join(webDist, file))) ?? null;
}
