/**
 * The pieces of the app a salon's own website shows (docs/product.md#widget-on-the-salons-website):
 * - `/widget.js`, loaded by a `<script>` on the salon's pages: `Cross-Origin-Resource-Policy:
 *   cross-origin` (helmet's `same-origin` would make Chromium refuse it on another site) and a
 *   5-minute cache (the name is not fingerprinted; a deploy must reach the salons within minutes);
 * - `/embed`, the consultation in the widget's iframe, and the video page it nests: CSP checks
 *   `frame-ancestors` against every ancestor, so both carry `frame-ancestors 'self' <each origin
 *   the admin listed>` and no `X-Frame-Options` (which cannot name another site) while the list
 *   is not empty. With an empty list, and on every other document, helmet's `'self'` and
 *   `SAMEORIGIN` stay.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED_PATH, VIDEO_PAGE_PATH, WIDGET_SCRIPT_PATH } from '@belleza/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { siteIdentityOf, type DocumentSender } from './site-documents.js';

/** The built document served at EMBED_PATH. */
export const EMBED_DOCUMENT = 'embed.html';
const WIDGET_FILE = WIDGET_SCRIPT_PATH.slice(1);
/** Documents another site may frame: the embedded page and the video page inside it. */
const FRAMEABLE_DOCUMENTS: ReadonlySet<string> = new Set([
  EMBED_DOCUMENT,
  VIDEO_PAGE_PATH.slice(1),
]);

/** `csp` with its `frame-ancestors` directive allowing the site itself and `origins`. */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  const directive = ['frame-ancestors', "'self'", ...origins].join(' ');
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const at = directives.findIndex((d) => /^frame-ancestors(\s|$)/i.test(d));
  if (at === -1) directives.push(directive);
  else directives[at] = directive;
  return directives.join(';');
}

/**
 * Lets the listed origins frame `file` when it is one of the frameable documents; any other file,
 * or an empty list, leaves the headers as they are. Call before the document is sent.
 */
export function allowFraming(
  reply: FastifyReply,
  file: string,
  origins: readonly string[],
): FastifyReply {
  if (!FRAMEABLE_DOCUMENTS.has(file) || origins.length === 0) return reply;
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', withFrameAncestors(csp, origins));
  return reply.removeHeader('x-frame-options');
}

export type EmbedRoutesOptions = {
  webDist: string;
  sendDocument: DocumentSender;
  settings: Pick<SettingsService, 'get'>;
};

/** `/embed` and `/widget.js`; registered only when the web build is there. */
export const embedRoutes: FastifyPluginAsync<EmbedRoutesOptions> = async (
  app,
  { webDist, sendDocument, settings },
) => {
  app.get(EMBED_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!existsSync(join(webDist, EMBED_DOCUMENT))) return reply.callNotFound();
    const current = await settings.get();
    return sendDocument(
      req,
      allowFraming(reply, EMBED_DOCUMENT, current.embed.allowedOrigins),
      EMBED_DOCUMENT,
      siteIdentityOf(current.system),
    );
  });

  app.get(WIDGET_SCRIPT_PATH, { schema: { hide: true } }, (_req, reply) => {
    if (!existsSync(join(webDist, WIDGET_FILE))) return reply.callNotFound();
    // Set on the reply, these win over the raw headers helmet and fastify-static's setHeaders wrote.
    return reply
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300')
      .sendFile(WIDGET_FILE);
  });
};
