/**
 * zod runs without its JIT in the browser (no `new Function`, so no CSP 'unsafe-eval' report on
 * any page): the setup module turns it off, and every page's entry imports that module before
 * anything that could build a schema.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import embedEntry from '../embed.tsx?raw';
import consultationModule from '../features/landing/consultation/index.ts?raw';
import landingEntry from '../landing.ts?raw';
import mainEntry from '../main.tsx?raw';
import videoPageEntry from '../video-page/main.tsx?raw';
import './zod-config';

/** The first import statement of a module's source. */
const firstImport = (source: string): string | undefined => /^import\s[^;]*;/m.exec(source)?.[0];

/** Every page of the build (the HTML files beside vite.config.ts) and the script it loads. */
const pages = import.meta.glob<string>('../../*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);

describe('zod without JIT', () => {
  it('is set by the setup module', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('covers every page: no entry is left out below', () => {
    const scripts = Object.values(pages).flatMap(scriptsOf).sort();
    expect(scripts).toEqual([
      '/src/embed.tsx',
      '/src/landing.ts',
      '/src/main.tsx',
      '/src/video-page/main.tsx',
    ]);
  });

  it.each([
    ['index.html (main.tsx)', mainEntry, './lib/zod-config'],
    // The landing's first load builds no schema; zod comes with the consultation's module.
    ['landing.html (the consultation it loads)', consultationModule, '@/lib/zod-config'],
    ['embed.html (embed.tsx)', embedEntry, './lib/zod-config'],
    ['daily_video_call.html (video-page/main.tsx)', videoPageEntry, '../lib/zod-config'],
  ])('is the first thing the entry of %s imports', (_page, source, path) => {
    expect(firstImport(source)).toBe(`import '${path}';`);
  });

  it("is not on the landing page's first load, which carries no zod", () => {
    expect(landingEntry).not.toMatch(/^import[^;]*zod/m);
  });
});
