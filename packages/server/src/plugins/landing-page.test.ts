/**
 * What answers `/`: the page rendered with the salon's content by the web build's renderer, or the
 * prerendered file of the chosen language when the build has no renderer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLandingPages,
  isServerOnlyAsset,
  landingLanguage,
  landingPageFile,
} from './landing-page.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('landingPageFile', () => {
  it('falls back to the Spanish page when the chosen language was not built, and to none', () => {
    dir = mkdtempSync(join(tmpdir(), 'belleza-landing-'));
    expect(landingPageFile(dir, 'preferred-language=en')).toBeNull();
    writeFileSync(join(dir, 'landing.html'), 'es');
    expect(landingPageFile(dir, 'preferred-language=en')).toBe('landing.html');
    writeFileSync(join(dir, 'landing.en.html'), 'en');
    expect(landingPageFile(dir, 'preferred-language=en')).toBe('landing.en.html');
    expect(landingPageFile(dir, 'preferred-language=../../etc/passwd')).toBe('landing.html');
  });
});

describe('landingLanguage', () => {
  it("is the page's own ask (its switch), else the cookie's, else the site's default", () => {
    expect(landingLanguage('preferred-language=es', 'es', 'en')).toBe('en');
    expect(landingLanguage('preferred-language=en', 'es', null)).toBe('en');
    expect(landingLanguage('preferred-language=en', 'es', 'klingon')).toBe('en');
    expect(landingLanguage(undefined, 'en')).toBe('en');
    expect(landingLanguage('preferred-language=../x', 'es')).toBe('es');
  });
});

describe('the landing page rendered with the salon content', () => {
  const salon = {
    name: 'Salón Rosa',
    heroTitle: '',
    heroText: '',
    address: '',
    phone: '',
    whatsapp: '',
    email: '',
    social: { instagram: '', facebook: '', tiktok: '' },
    logo: null,
    openHours: [],
  };
  const member = {
    advisorId: 'adv_1',
    name: 'Eva',
    title: 'Colorista',
    expertise: [],
    photo: null,
  };
  const log = { warn: vi.fn(), error: vi.fn() };

  /** A web build whose renderer writes the content it was given into the template. */
  function buildWithRenderer() {
    dir = mkdtempSync(join(tmpdir(), 'belleza-landing-'));
    mkdirSync(join(dir, 'server'));
    writeFileSync(join(dir, 'server', 'landing-template.html'), '<main>PAGE</main>');
    writeFileSync(
      join(dir, 'server', 'landing.js'),
      `globalThis.landingRenders = (globalThis.landingRenders ?? 0);
       export async function renderLandingDocument(template, language, content) {
         globalThis.landingRenders += 1;
         return template.replace('PAGE', language + ' ' + JSON.stringify(content));
       }`,
    );
  }
  const renders = () => (globalThis as { landingRenders?: number }).landingRenders ?? 0;

  it('renders `/` in the language asked with the public content, once per content', async () => {
    buildWithRenderer();
    const sources = {
      // An extra field the public schema does not name never reaches the page.
      team: vi.fn(async () => [{ ...member, email: 'eva@salon.pe' }]),
      services: vi.fn(async () => []),
      testimonials: vi.fn(async () => []),
      gallery: vi.fn(async () => []),
    };
    const render = createLandingPages(dir, sources, log);
    const before = renders();
    const page = await render('en', salon, 'PEN');
    expect(page).toContain('<main>en {');
    const content = JSON.parse(page!.slice('<main>en '.length, -'</main>'.length)) as unknown;
    expect(content).toEqual({
      salon,
      team: [member],
      services: [],
      testimonials: [],
      gallery: [],
      currency: 'PEN',
    });
    expect(page).not.toContain('eva@salon.pe');
    expect(await render('en', salon, 'PEN')).toBe(page);
    expect(renders() - before).toBe(1);
    expect(sources.team).toHaveBeenCalledTimes(2);
  });

  it('leaves out a part whose read fails, and says so in the log', async () => {
    buildWithRenderer();
    const render = createLandingPages(
      dir,
      {
        team: async () => {
          throw new Error('database gone');
        },
        services: async () => [],
        testimonials: async () => [],
        gallery: async () => [],
      },
      log,
    );
    expect(await render('es', salon, 'PEN')).toContain('"team":[]');
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) as unknown }),
      'the landing page is sent without its team',
    );
  });

  it('answers nothing when the build has no renderer (the prerendered file answers then)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'belleza-landing-'));
    const render = createLandingPages(
      dir,
      {
        team: async () => [],
        services: async () => [],
        testimonials: async () => [],
        gallery: async () => [],
      },
      log,
    );
    expect(await render('es', salon, 'PEN')).toBeNull();
  });

  it('keeps the renderer of the build out of the files it serves', () => {
    expect(isServerOnlyAsset('server/landing.js')).toBe(true);
    expect(isServerOnlyAsset('server')).toBe(true);
    expect(isServerOnlyAsset('assets/server.js')).toBe(false);
    expect(isServerOnlyAsset('landing.html')).toBe(false);
  });
});
