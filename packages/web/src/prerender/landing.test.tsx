/** The build-time HTML of `/` (landing.html): the real landing page, in Spanish, ready to hydrate. */
import { act, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LandingRoot } from '@/features/landing';
import { openAvailability } from '@/features/landing/__tests__/fixtures';
import en from '@/locales/en/landing.json';
import es from '@/locales/es/landing.json';
import { i18n } from '@/lib/i18n';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderLanding } from './landing';

/** The markup as the build puts it in `#root` (React's leading preload moves into <head>). */
const rootMarkup = (html: string) => html.replace(/^(<link [^>]*\/>)+/, '');

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the prerendered landing page', () => {
  it('is the landing page in Spanish with its sections and none of the consultation', async () => {
    const page = await renderLanding('es');
    const { html } = page;
    expect(page.title).toBe('Consulta de belleza gratis en vivo | Belleza en Vivo');
    expect(page.description).toBe(es.meta.description);
    expect(html).toContain(`>${es.hero.headline}</h1>`);
    for (const id of ['inicio', 'servicios', 'consulta', 'equipo']) {
      expect(html).toContain(`id="${id}"`);
    }
    // The salon's own sections come after load, and only with content: nothing invented at build.
    for (const id of ['catalogo', 'galeria']) expect(html).not.toContain(`id="${id}"`);
    expect(html).not.toMatch(/S\/\s?\d|Desde S|testimonial-|gallery-/);
    expect(html).toMatch(/^<link rel="preload" as="image" href="\/landing\/hero.svg"/);
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('spinner');
  });

  it('is prerendered in English too, for visitors who chose it', async () => {
    const page = await renderLanding('en');
    expect(page.html).toContain(`>${en.hero.headline}</h1>`);
    expect(page.title).toBe('Free live beauty consultation | Belleza en Vivo');
    expect(page.description).toBe(en.meta.description);
  });

  /** Puts the prerendered page in the DOM, hydrates it, and returns what React had to recover. */
  async function hydratePrerendered(language: 'es' | 'en') {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    const container = document.createElement('div');
    container.innerHTML = rootMarkup((await renderLanding(language)).html);
    document.body.append(container);
    const heading = container.querySelector('h1');
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <LandingRoot />, {
        onRecoverableError: (error) => errors.push(error),
      });
      await Promise.resolve();
    });
    return { container, heading, errors };
  }

  it('hydrates in the browser with no mismatch, keeping the prerendered DOM', async () => {
    const { container, heading, errors } = await hydratePrerendered('es');
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    // Hydrated for real: the availability read lands in the same nodes.
    expect(
      await within(container).findAllByText('Estilistas en línea · espera estimada 2 minutos'),
    ).toHaveLength(2);
  });

  it('hydrates the English page for a visitor whose choice is English', async () => {
    const { container, heading, errors } = await hydratePrerendered('en');
    expect(i18n.language).toBe('en');
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading).toHaveTextContent(en.hero.headline);
  });
});
