/** The build-time HTML of `/` (landing.html): the real landing page, in Spanish, ready to hydrate. */
import { describe, expect, it } from 'vitest';
import es from '@/locales/es/landing.json';
import { renderLanding } from './landing';

describe('the prerendered landing page', () => {
  it('is the landing page in Spanish with its sections, Suspense markers and the toast region', async () => {
    const html = await renderLanding();
    expect(html).toContain(`>${es.hero.headline}</h1>`);
    for (const id of ['inicio', 'servicios', 'tratamientos', 'planes', 'equipo', 'galeria']) {
      expect(html).toContain(`id="${id}"`);
    }
    // Hydration needs the same tree as the browser's: the root Suspense boundaries and the toaster.
    // (React puts the hero image's preload first; the build moves it into <head>.)
    expect(html.replace(/^(<link [^>]*\/>)+/, '').startsWith('<!--$-->')).toBe(true);
    expect(html).toContain('<section class="toaster" aria-label="Notificaciones"></section>');
    expect(html).not.toContain('spinner');
  });
});
