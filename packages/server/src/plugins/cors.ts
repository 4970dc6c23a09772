/**
 * Who may read the API from another page (docs/product.md#headers-and-input,
 * docs/product.md#widget-on-the-salons-website):
 * - the site itself (PUBLIC_URL's origin): allowed, with credentials, as always;
 * - an origin the admin listed for the widget (`embed.allowedOrigins`): allowed to read
 *   (GET/HEAD, e.g. the widget's `GET /api/availability`) WITHOUT credentials, so a host page can
 *   never ride a staff session;
 * - any other origin: no `Access-Control-Allow-Origin` at all.
 * The list is read from the settings on each such request (no cache: removing an origin takes
 * effect at once), and only when the request carries an Origin that is not the site's own.
 */
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

export type CorsDeps = {
  publicUrl: string;
  /** the admin's list (`settings.embed.allowedOrigins`), already normalised */
  embedOrigins: () => Promise<readonly string[]>;
};

/** Options for `@fastify/cors`: a per-request delegator (preflights go through it too). */
export function corsOptions({ publicUrl, embedOrigins }: CorsDeps): FastifyCorsOptions {
  const site = new URL(publicUrl).origin;
  // For the site itself, and for every origin not listed: only the site's origin is echoed.
  const siteOptions: FastifyCorsOptions = { origin: [site], credentials: true };
  return {
    delegator: async (req: FastifyRequest): Promise<FastifyCorsOptions> => {
      const origin = req.headers.origin;
      if (!origin || origin === site) return siteOptions;
      let listed: readonly string[];
      try {
        listed = await embedOrigins();
      } catch (err) {
        // Settings unreadable: grant nothing rather than fail the request.
        req.log.warn({ err }, 'embed origins unreadable; no CORS grant');
        return siteOptions;
      }
      if (!listed.includes(origin)) return siteOptions;
      return { origin: [origin], credentials: false, methods: ['GET', 'HEAD'] };
    },
  };
}
