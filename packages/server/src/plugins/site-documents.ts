/**
 * The HTML documents the web build writes (landing per language, the app shell, the video page)
 * carry the default site name, language and currency; when the admin has changed any of them
 * (`system.siteName`, `system.defaultLanguage`, `system.currency`), each document is sent with the
 * configured ones in their place: every occurrence of the default name (title, header, footer,
 * prerendered text) and the `<meta>`s the page's script reads before it renders, so the
 * prerendered landing still hydrates (with another currency than the build's, the landing renders
 * afresh: its prerendered prices are in soles). A salon not named yet is called by the neutral
 * name in the document's language (UNNAMED_SALON_NAME) and its `<meta>` name is empty, so the page
 * names it in whichever language the reader switches to. The salon's public profile travels in
 * the document too (`<script type="application/json" id="salon-profile">`), so the first render
 * already has its texts and contacts, with no request. Such a document is made and compressed once
 * per file and setting, then kept.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  CURRENCY_META,
  DEFAULT_LANGUAGE_META,
  DEFAULT_SITE_NAME,
  SALON_PROFILE_SCRIPT_ID,
  SITE_NAME_META,
  languageSchema,
  salonDisplayName,
  type Currency,
  type Language,
  type PublicSalonProfile,
} from '@belleza/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type SiteIdentity = {
  siteName: string;
  defaultLanguage: Language;
  currency: Currency;
  /** the salon's public profile, embedded for the page's first render */
  salon?: PublicSalonProfile;
};

/** The identity a document carries, from the `system` settings and the salon's profile. */
export const siteIdentityOf = (
  system: Pick<SiteIdentity, 'siteName' | 'defaultLanguage' | 'currency'>,
  salon?: PublicSalonProfile,
): SiteIdentity => ({
  siteName: system.siteName,
  defaultLanguage: system.defaultLanguage,
  currency: system.currency,
  ...(salon ? { salon } : {}),
});

const BUILD_LANGUAGE: Language = 'es';

/** The language a built document is written in (its `<html lang>`), Spanish when it says none. */
function documentLanguage(html: string): Language {
  const parsed = languageSchema.safeParse(/<html[^>]*\blang="([a-z]+)"/i.exec(html)?.[1]);
  return parsed.success ? parsed.data : BUILD_LANGUAGE;
}

/** JSON that cannot close the script element it sits in. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028');

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** `html` with the configured site name and default language in place of the build's. */
export function personalizeDocument(html: string, site: SiteIdentity): string {
  const shown = escapeHtml(salonDisplayName(site.siteName, documentLanguage(html)));
  const named = site.siteName === DEFAULT_SITE_NAME ? '' : escapeHtml(site.siteName);
  const profile = site.salon
    ? `<script type="application/json" id="${SALON_PROFILE_SCRIPT_ID}">${scriptJson(site.salon)}</script>`
    : '';
  return html
    .split(DEFAULT_SITE_NAME)
    .join(shown)
    .replace(
      new RegExp(`(<meta name="${SITE_NAME_META}" content=")[^"]*(")`),
      (_m, open: string, close: string) => `${open}${named}${close}`,
    )
    .replace('</head>', () => `${profile}</head>`)
    .replace(
      new RegExp(`(<meta name="${DEFAULT_LANGUAGE_META}" content=")[^"]*(")`),
      `$1${site.defaultLanguage}$2`,
    )
    .replace(
      new RegExp(`(<meta name="${CURRENCY_META}" content=")[^"]*(")`),
      `$1${site.currency}$2`,
    );
}

type Variant = { identity: Buffer; br: Buffer; gzip: Buffer };

export type DocumentSender = ReturnType<typeof createDocumentSender>;

/**
 * Sends `file` of the web build, or `rendered` (a document made for this request, e.g. the landing
 * page with the salon's content) under that name.
 */
export function createDocumentSender(webDist: string) {
  const made = new Map<string, Variant>();
  return function send(
    req: FastifyRequest,
    reply: FastifyReply,
    file: string,
    site: SiteIdentity,
    rendered?: string,
  ): FastifyReply {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const source =
      rendered === undefined ? file : createHash('sha256').update(rendered).digest('base64url');
    const key = `${file}\u0000${source}\u0000${JSON.stringify(site)}`;
    let variant = made.get(key);
    if (!variant) {
      const html = rendered ?? readFileSync(join(webDist, file), 'utf8');
      const identity = Buffer.from(personalizeDocument(html, site));
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
