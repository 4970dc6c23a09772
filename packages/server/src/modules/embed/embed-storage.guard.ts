import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/**
 * Only the app's own pages (the frame) may use the embed storage: a browser request that says it
 * comes from another origin (`Sec-Fetch-Site` other than `same-origin`, or an `Origin` that is not
 * PUBLIC_URL's) is refused before anything is read or written. A request with neither header is
 * not a browser's, so it carries no visitor's cookie to read or overwrite.
 */
export function sameOriginOnly(publicUrl: string): (req: FastifyRequest) => Promise<void> {
  const site = new URL(publicUrl).origin;
  return async (req) => {
    const fetchSite = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    if (fetchSite !== undefined && fetchSite !== 'same-origin')
      throw crossSite(`Sec-Fetch-Site: ${String(fetchSite).slice(0, 40)}`);
    if (origin !== undefined && origin !== site) throw crossSite(`Origin ${origin.slice(0, 200)}`);
  };
}

const crossSite = (what: string) =>
  new AppError('CROSS_SITE_REQUEST', 403, `Only this site's own pages may use this (${what})`);
