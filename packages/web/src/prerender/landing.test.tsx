/**
 * The HTML of `/`: the landing page rendered in each language, complete without any script (the
 * salon's content included when the server renders it), which the page's script then wires in
 * place, without rendering it again.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_LANDING_CONTENT, type LandingContent } from '@/features/landing';
import { openAvailability } from '@/features/landing/__tests__/fixtures';
import { openLandingPage, showLandingDocument } from '@/features/landing/__tests__/render-landing';
import { LANGUAGE_SWITCH_TIMEOUT_MS } from '@/features/landing/islands/language';
import { startLanding } from '@/features/landing/islands/landing';
import { LANGUAGE_STORAGE_KEY } from '@/lib/language';
import en from '@/locales/en/landing.json';
import es from '@/locales/es/landing.json';
import { hang, mockFetch, ok } from '@/test/fetch-mock';
import { landingDocument, renderLanding } from './landing';

const TEMPLATE =
  '<!doctype html><html lang="es"><head><title>x</title><meta name="description" content="x" />\n  </head><body><div id="root"></div><script type="module" src="/assets/landing.js"></script></body></html>';

const salonContent: LandingContent = {
  ...EMPTY_LANDING_CONTENT,
  salon: { ...EMPTY_LANDING_CONTENT.salon, heroTitle: 'Tu color, como lo soñaste' },
  team: [
    { advisorId: 'adv_1', name: 'Valeria Rojas', title: 'Colorista', expertise: [], photo: null },
  ],
  services: [
    {
      serviceId: 'svc_1',
      name: 'Balayage',
      category: 'Color',
      description: '',
      durationMinutes: 180,
      price: 250,
      photo: null,
    },
  ],
  testimonials: [{ testimonialId: 't1', firstName: 'Ana', rating: 5, comment: 'Me encantó.' }],
};

describe('the rendered landing page', () => {
  it('is the landing page in Spanish with its sections and none of the consultation', async () => {
    const page = await renderLanding('es');
    const { html } = page;
    expect(page.title).toBe('Consulta de belleza gratis en vivo | Belleza en Vivo');
    expect(page.description).toBe(es.meta.description);
    expect(html).toContain(`>${es.hero.headline}</h1>`);
    for (const id of ['inicio', 'servicios', 'consulta', 'equipo']) {
      expect(html).toContain(`id="${id}"`);
    }
    // A salon with no content of its own: nothing invented.
    for (const id of ['catalogo', 'galeria']) expect(html).not.toContain(`id="${id}"`);
    expect(html).not.toMatch(/S\/\s?\d|Desde S|testimonial-|gallery-/);
    expect(html).toMatch(/^<link rel="preload" as="image" href="\/landing\/hero.svg"/);
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('spinner');
  });

  it('is rendered in English too, for visitors who chose it', async () => {
    const page = await renderLanding('en');
    expect(page.html).toContain(`>${en.hero.headline}</h1>`);
    expect(page.title).toBe('Free live beauty consultation | Belleza en Vivo');
    expect(page.description).toBe(en.meta.description);
    expect(page.texts.strings['availability.open']).toBe(en.availability.open);
  });

  it("has the salon's own content in the HTML itself: headline, team, services, opinions", async () => {
    const { html } = await renderLanding('es', salonContent);
    expect(html).toContain('>Tu color, como lo soñaste</h1>');
    expect(html).toContain('Valeria Rojas');
    expect(html).toContain('id="catalogo"');
    expect(html).toMatch(/S\/\s250\.00/);
    expect(html).toContain('Me encantó.');
  });

  it('is one document: language, title, description, texts in <head>, the root inert', async () => {
    const doc = landingDocument(TEMPLATE, await renderLanding('en'));
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain('<title>Free live beauty consultation | Belleza en Vivo</title>');
    expect(doc).toContain(`content="${en.meta.description}"`);
    const head = doc.slice(0, doc.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/landing/hero.svg"');
    expect(head).toContain('<script type="application/json" id="landing-texts">');
    expect(doc).toMatch(/<div id="root" data-prerendered="landing" inert><a class="skip-link"/);
  });

  it("is wired by the page's script in place: the same nodes, availability written into them", async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLandingPage();
    const heading = screen.getByRole('heading', { level: 1 });
    const root = document.getElementById('root')!;
    expect(root).not.toHaveAttribute('inert');
    expect(
      await within(root).findAllByText('Estilistas en línea · espera estimada 2 minutos'),
    ).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  describe('for a visitor who chose the other language', () => {
    afterEach(() => {
      vi.useRealTimers();
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    });

    it('stays usable when the page in her language never comes: in its own language after the bound', async () => {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
      mockFetch({ 'GET /api/availability': ok(openAvailability) });
      await showLandingDocument('es');
      const { requests } = mockFetch({
        'GET /api/availability': ok(openAvailability),
        'GET /': hang,
      });
      vi.useFakeTimers();
      const handle = startLanding(document);
      let ready = false;
      void handle.ready.then(() => (ready = true));
      const root = document.getElementById('root')!;

      await vi.advanceTimersByTimeAsync(LANGUAGE_SWITCH_TIMEOUT_MS - 1);
      expect(requests.some((r) => r.path === '/')).toBe(true);
      expect(root).toHaveAttribute('inert');
      await vi.advanceTimersByTimeAsync(1);
      expect(ready).toBe(true);
      expect(root).not.toHaveAttribute('inert');
      expect(document.documentElement.lang).toBe('es');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(es.hero.headline);
      handle.stop();
    });
  });
});
