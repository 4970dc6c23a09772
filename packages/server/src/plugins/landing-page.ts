/**
 * What answers `/`: the landing page, rendered with the salon's own content (profile, team,
 * services, published opinions, gallery) in the visitor's language by the web build's renderer
 * (`server/landing.js` in the web build, docs/decisions.md "Landing: the server renders the salon's
 * page"), so the first paint has everything and no framework runs on the visitor's first load.
 * The language is the visitor's choice, carried in the `preferred-language` cookie the web app
 * sets when the language changes, else the site's default (`system.defaultLanguage`). A build
 * without the renderer answers with its prerendered file instead (`landing.html`, or
 * `landing.<lang>.html` when the build has it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  languageSchema,
  publicGalleryItemSchema,
  publicSalonProfileSchema,
  publicServiceSchema,
  publicTestimonialSchema,
  teamMemberSchema,
  type Currency,
  type Language,
  type PublicGalleryItem,
  type PublicSalonProfile,
  type PublicService,
  type PublicTestimonial,
  type TeamMember,
} from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

export const LANDING_FILE = 'landing.html';
const LANGUAGE_COOKIE = /(?:^|;\s*)preferred-language=([^;]*)/;
/** The web build's folder of what renders the landing page: the server's, never sent as a file. */
export const WEB_SERVER_DIR = 'server';
const RENDERER = `${WEB_SERVER_DIR}/landing.js`;
const TEMPLATE = `${WEB_SERVER_DIR}/landing-template.html`;
/** Rendered pages kept (one per language and content the salon had; content changes rarely). */
const KEPT = 20;

/** Whether a path of the web build is the server's own (the renderer), never a public file. */
export const isServerOnlyAsset = (asset: string): boolean =>
  asset === WEB_SERVER_DIR || asset.startsWith(`${WEB_SERVER_DIR}/`);

/**
 * The language `/` is sent in: the one the page itself asks for (`?lang=`, its language switch,
 * which cannot wait for the cookie it just wrote to reach the browser's store), else the cookie's,
 * else the site's default.
 */
export function landingLanguage(
  cookieHeader: string | undefined,
  defaultLanguage: Language = 'es',
  asked?: unknown,
): Language {
  const explicit = languageSchema.safeParse(asked);
  if (explicit.success) return explicit.data;
  const chosen = languageSchema.safeParse(LANGUAGE_COOKIE.exec(cookieHeader ?? '')?.[1]?.trim());
  return chosen.success ? chosen.data : defaultLanguage;
}

/** The landing file to send for this Cookie header, or null when the build has none. */
export function landingPageFile(
  webDist: string,
  cookieHeader: string | undefined,
  defaultLanguage: Language = 'es',
): string | null {
  const language = landingLanguage(cookieHeader, defaultLanguage);
  const candidates = [...(language !== 'es' ? [`landing.${language}.html`] : []), LANDING_FILE];
  return candidates.find((file) => existsSync(join(webDist, file))) ?? null;
}

/** What the page shows of the salon (the web renderer's `LandingContent`). */
export type LandingContent = {
  salon: PublicSalonProfile;
  team: TeamMember[];
  services: PublicService[];
  testimonials: PublicTestimonial[];
  gallery: PublicGalleryItem[];
  currency: Currency;
};

/** Where the content comes from: the services' public reads. */
export type LandingSources = {
  team: () => Promise<TeamMember[]>;
  services: () => Promise<PublicService[]>;
  testimonials: () => Promise<PublicTestimonial[]>;
  gallery: () => Promise<PublicGalleryItem[]>;
};

type Renderer = {
  renderLandingDocument: (
    template: string,
    language: Language,
    content: LandingContent,
  ) => Promise<string>;
};

/**
 * The content as the public API would answer it: only the public fields (the schemas strip
 * anything else). A read that fails leaves its section out (the page shows no invented content)
 * and is logged; the page is still sent.
 */
async function readContent(
  sources: LandingSources,
  salon: PublicSalonProfile,
  currency: Currency,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<LandingContent> {
  const list = async <T>(what: string, read: () => Promise<T[]>, schema: z.ZodType<T>) => {
    try {
      return z.array(schema).parse(await read());
    } catch (err) {
      log.warn({ err }, `the landing page is sent without its ${what}`);
      return [];
    }
  };
  const [team, services, testimonials, gallery] = await Promise.all([
    list('team', sources.team, teamMemberSchema),
    list('services', sources.services, publicServiceSchema),
    list('opinions', sources.testimonials, publicTestimonialSchema),
    list('gallery', sources.gallery, publicGalleryItemSchema),
  ]);
  return {
    salon: publicSalonProfileSchema.parse(salon),
    team,
    services,
    testimonials,
    gallery,
    currency,
  };
}

export function createLandingPages(
  webDist: string,
  sources: LandingSources,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
) {
  let renderer: Promise<(Renderer & { template: string }) | null> | null = null;
  const load = async () => {
    const file = join(webDist, RENDERER);
    if (!existsSync(file) || !existsSync(join(webDist, TEMPLATE))) return null;
    const mod = (await import(pathToFileURL(file).href)) as Partial<Renderer>;
    if (typeof mod.renderLandingDocument !== 'function') return null;
    return {
      renderLandingDocument: mod.renderLandingDocument,
      template: readFileSync(join(webDist, TEMPLATE), 'utf8'),
    };
  };
  const rendered = new Map<string, string>();

  /**
   * `/` in `language` with the salon's content, or null when the build has no renderer (then
   * the prerendered file answers).
   */
  return async function render(
    language: Language,
    salon: PublicSalonProfile,
    currency: Currency,
  ): Promise<string | null> {
    renderer ??= load().catch((err: unknown) => {
      log.error({ err }, 'the landing renderer could not be loaded');
      return null;
    });
    const r = await renderer;
    if (!r) return null;
    const content = await readContent(sources, salon, currency, log);
    // The footer says the year: a page made last year is not kept.
    const key = `${new Date().getUTCFullYear()}\u0000${language}\u0000${JSON.stringify(content)}`;
    let html = rendered.get(key);
    if (html === undefined) {
      html = await r.renderLandingDocument(r.template, language, content);
      if (rendered.size >= KEPT) rendered.clear();
      rendered.set(key, html);
    }
    return html;
  };
}
