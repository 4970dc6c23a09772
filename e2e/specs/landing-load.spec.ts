/**
 * What the landing page's first load carries (decisions.md, "Landing: islands, and the
 * consultation on intent"): the page arrives complete, and its small script runs no framework:
 * none of React, i18next, the consultation (zod, TanStack Query, the request code), the staff app
 * (React Router) or the socket client. The consultation's code is fetched once the page is idle
 * (not run), and loads when a call button is reached; the press opens the modal. Sizes are bytes
 * of the build, never timings.
 */
import { gzipSync } from 'node:zlib';
import { LANDING_FIRST_LOAD_MAX_GZIP_BYTES } from '@belleza/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** Strings that survive minification and only these libraries or our consultation code contain. */
const MARKERS = {
  React: 'react.dev/errors',
  i18next: 'i18next::',
  zod: 'ZodError',
  'TanStack Query': 'refetchOnWindowFocus',
  'the consultation requests': '/api/calls/request',
  'React Router': 'React Router',
  'the socket.io client': '/socket.io',
};
/** Budget for the landing page's first-load JavaScript, gzip -9 of every file (the build's own). */
const LANDING_JS_BUDGET_KB = LANDING_FIRST_LOAD_MAX_GZIP_BYTES / 1024;

/** A page that is never idle: only a reach or a press brings the consultation. */
const neverIdle = (page: Page) =>
  page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });

test('the landing page loads only its own small script; the consultation comes once a call button is reached', async ({
  page,
  request,
}) => {
  // What the page's Content-Security-Policy refused (zod's JIT probe would be one: it must be off
  // before the consultation's schemas are built).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await neverIdle(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const scriptsText = async (urls: string[]) => {
    const bodies = await Promise.all(urls.map(async (url) => (await request.get(url)).body()));
    const gzKb = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024;
    return { text: bodies.map((b) => b.toString('utf8')).join('\n'), gzKb };
  };

  await page.goto('/');
  // Wired (the page is no longer inert) and availability read: the first load is complete.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByTestId('availability').first()).toBeVisible();
  const firstLoad = await scriptsText([...scripts]);
  expect(firstLoad.gzKb).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
  for (const [library, marker] of Object.entries(MARKERS))
    expect(firstLoad.text, `${library} is not on the first load`).not.toContain(marker);

  const loadedBefore = scripts.length;
  const cta = page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true });
  await cta.hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(loadedBefore);
  await cta.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual(
    [],
  );
  // The markers are real: the consultation's code brought them.
  const consultation = await scriptsText(scripts.slice(loadedBefore));
  for (const library of ['React', 'zod', 'TanStack Query', 'the consultation requests'] as const)
    expect(consultation.text, `${library} came with the consultation`).toContain(MARKERS[library]);
});

test('once the page is idle its consultation is fetched ahead, not run: the press opens it at once', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // With no reach of any button, the page fetches the consultation's files after load...
  const prefetched = await page.evaluate(
    () =>
      (
        JSON.parse(document.getElementById('landing-prefetch')?.textContent ?? '{}') as {
          modules?: string[];
        }
      ).modules ?? [],
  );
  expect(prefetched.length).toBeGreaterThan(0);
  await expect.poll(() => prefetched.every((file) => scripts.includes(file))).toBe(true);
  // ... without running them: nothing of the consultation is on the page yet.
  await expect(page.locator('#consultation-root')).toHaveCount(0);
  await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('when the consultation cannot be fetched the visitor is told, and trying again opens it', async ({
  page,
}) => {
  // The consultation's code (the chunk that sends the request) cannot be fetched, as on a dropped
  // connection, until the visitor has been told; then the connection is back.
  let offline = true;
  let refused = 0;
  await page.route(/\/assets\/[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    if (offline && (await response.text()).includes(MARKERS['the consultation requests'])) {
      refused += 1;
      await route.abort('internetdisconnected');
    } else await route.fulfill({ response });
  });
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');

  await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No pudimos abrir la consulta. Revisa tu conexión.');
  expect(refused).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'TU NUEVO LOOK empieza aquí' })).toBeVisible();

  offline = false;
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(alert).toBeHidden();
});

test('the landing fits every window from a phone to a desktop; its header keeps the language and the staff link in reach', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Abrir menú' });
  for (const width of [360, 390, 768, 1024, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    // The page clips what passes its edge, so its width alone would not tell: every part of the
    // header is measured too.
    const widest = await page.evaluate(() =>
      Math.max(
        document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('header *')].map((el) => el.getBoundingClientRect().right),
      ),
    );
    expect(widest, `the header at ${width} px`).toBeLessThanOrEqual(width);
    // Narrower than a laptop the links fold into the menu; either way, a click reaches them.
    const folded = await menu.isVisible();
    if (folded) await menu.click();
    for (const item of [
      header.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'EN' }),
      header.getByRole('link', { name: 'Acceso del equipo' }),
    ])
      await expect(item, `at ${width} px`).toBeInViewport({ ratio: 1 });
    if (folded) await header.getByRole('button', { name: 'Cerrar menú' }).click();
  }
});
