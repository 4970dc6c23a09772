/**
 * The HTML documents the web build writes (landing per language, the app shell, the video page)
 * carry the default site name, language and currency; when the admin has changed any of them
 * (`system.siteName`, `system.defaultLanguage`, `system.currency`), each document is sent with the
 * configured ones in their place: every occurrence of the default name (title, header, footer,
 * prerendered text) and the `<meta>`s the page's script reads before it renders, so the
 * prerendered landing still hydrates (with another currency than the build's, the landing renders
 * afresh: its prerendered prices are in soles). Such a document is made and compressed once per
 * file and setting, then kept; with the defaults the pre-compressed files are sent as they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  CURRENCY_META,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE_META,
  DEFAULT_SITE_NAME,
  SITE_NAME_META,
  type Currency,
  type Language,
} from '@belleza/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type SiteIdentity = { siteName: string; defaultLanguage: Language; currency: Currency };

/** The identity a document carries, from the `system` settings. */
export const siteIdentityOf = (system: SiteIdentity): SiteIdentity => ({
  siteName: system.siteName,
  defaultLanguage: system.defaultLanguage,
  currency: system.currency,
});

const BUILD_LANGUAGE: Language = 'es';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** `html` with the configured site name and default language in place of the build's. */
export function personalizeDocument(html: string, site: SiteIdentity): string {
  const name = escapeHtml(site.siteName);
  return html
    .split(DEFAULT_SITE_NAME)
    .join(name)
    .replace(
      new RegExp(`(<meta name="${SITE_NAME_META}" content=")[^"]*(")`),
      (_m, open: string, close: string) => `${open}${name}${close}`,
    )
    .replace(
      new RegExp(`(<meta name="${DEFAULT_LANGUAGE_META}" content=")[^"]*(")`),
      `$1${site.defaultLanguage}$2`,
    )
    .replace(
      new RegExp(`(<meta name="${CURRENCY_META}" content=")[^"]*(")`),
      `$1${site.currency}$2`,
    );
}

export const isDefaultIdentity = (site: SiteIdentity) =>
  site.siteName === DEFAULT_SITE_NAME &&
  site.defaultLanguage === BUILD_LANGUAGE &&
  site.currency === DEFAULT_CURRENCY;

type Variant = { identity: Buffer; br: Buffer; gzip: Buffer };

export type DocumentSender = ReturnType<typeof createDocumentSender>;

export function createDocumentSender(webDist: string) {
  const made = new Map<string, Variant>();
  return function send(
    req: FastifyRequest,
    reply: FastifyReply,
    file: string,
    site: SiteIdentity,
  ): FastifyReply {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (isDefaultIdentity(site)) return reply.sendFile(file);
    const key = `${file}\u0000${site.siteName}\u0000${site.defaultLanguage}\u0000${site.currency}`;
    let variant = made.get(key);
    if (!variant) {
      const identity = Buffer.from(
        personalizeDocument(readFileSync(join(webDist, file), 'utf8'), site),
      );
      variant = { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
      // A few files × the settings an admin tries: small; cleared if it ever grows.
      if (made.size > 50) made.clear();
      made.set(key, variant);
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.identity);
  };
}
