/**
 * The landing page in a test as a visitor gets it: what the server does (it reads the salon's
 * content, here through the mocked public API, and renders the page's HTML in her language:
 * src/prerender/landing.tsx), then the page's own script (islands/landing.ts) on that HTML. Stopped
 * and emptied after each test.
 */
import {
  publicGalleryItemSchema,
  publicSalonProfileSchema,
  publicServiceSchema,
  publicTestimonialSchema,
  teamMemberSchema,
} from '@belleza/contract';
import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { z } from 'zod';
import { readStoredLanguage, siteCurrency } from '@/lib/language';
import { landingDocument, renderLanding } from '@/prerender/landing';
import { EMPTY_SALON, type LandingContent } from '..';
import { startLanding, type LandingHandle } from '../islands/landing';

/** One public read as the server makes it: the data, or nothing when it fails or is malformed. */
async function read<T>(path: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  try {
    const res = await fetch(path, { headers: { accept: 'application/json' } });
    const body = (await res.json()) as { success?: boolean; data?: unknown };
    const parsed = schema.safeParse(body.data);
    return res.ok && body.success === true && parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The salon's content as the server reads it (its public reads, here the mocked fetch). */
export async function contentFromApi(): Promise<LandingContent> {
  const [salon, team, services, testimonials, gallery] = await Promise.all([
    read('/api/salon/public', publicSalonProfileSchema, EMPTY_SALON),
    read('/api/team', z.array(teamMemberSchema), []),
    read('/api/services/public', z.array(publicServiceSchema), []),
    read('/api/testimonials/public', z.array(publicTestimonialSchema), []),
    read('/api/gallery/public', z.array(publicGalleryItemSchema), []),
  ]);
  return { salon, team, services, testimonials, gallery, currency: siteCurrency() };
}

let running: LandingHandle | null = null;
const added: Element[] = [];

/** `/` as the server sends it in `language`, with the salon's content (the mocked public API). */
export async function landingHtml(
  language = readStoredLanguage(),
  content?: LandingContent,
): Promise<string> {
  const page = await renderLanding(language, content ?? (await contentFromApi()));
  return landingDocument(
    '<html lang="es"><head><title></title><meta name="description" content=""></head><body><div id="root"></div></body></html>',
    page,
  );
}

/** Puts the page's document parts (language, texts, root) into the test's document. */
export async function showLandingDocument(
  language = readStoredLanguage(),
  content?: LandingContent,
): Promise<void> {
  const html = await landingHtml(language, content);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.title = parsed.title;
  for (const node of parsed.head.querySelectorAll('script')) {
    const copy = document.importNode(node, true);
    document.head.append(copy);
    added.push(copy);
  }
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)),
  );
}

/** The landing page, sent and wired: settles once its script has taken the page over. */
export async function openLandingPage(content?: LandingContent): Promise<LandingHandle> {
  await showLandingDocument(undefined, content);
  const handle = startLanding(document);
  running = handle;
  await handle.ready;
  return handle;
}

/** The visitor leaves (or reloads): the page's script stops and the document is emptied. */
export function closeLandingPage(): void {
  act(() => running?.stop());
  running = null;
  for (const node of added.splice(0)) node.remove();
  document.body.replaceChildren();
}

afterEach(closeLandingPage);
