/**
 * Nothing waits for ever: a request the server never answers turns, 10 s later, into the screen's
 * own failure with a way to try again, and trying again works once the server answers. The page's
 * clock is Playwright's, so the 10 s pass at once and exactly.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { ADMIN } from '../support/server.js';
import { signIn } from '../support/screens.js';

const TIMEOUT_TEXT = 'El servidor no respondió a tiempo. Revisa tu conexión e inténtalo de nuevo.';
/** The page's bound for a request (REQUEST_TIMEOUT_MS in the web's API client). */
const BOUND_MS = 10_000;

/** Holds every request `matches` picks without answering it; resolves with each one held. */
async function holdRequests(page: Page, matches: (url: URL) => boolean) {
  const held: Request[] = [];
  await page.route(matches, (route) => {
    held.push(route.request());
  });
  return {
    held,
    release: () => page.unroute(matches),
  };
}

test('a sign-in the server never answers fails after 10 s with the reason; the retry signs in', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/advisor/login');
  const login = await holdRequests(page, (url) => url.pathname === '/api/advisors/login');
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  const submit = page.getByRole('button', { name: 'Iniciar sesión' });
  await submit.click();
  await expect.poll(() => login.held.length).toBe(1);

  // Just before the bound: still waiting, nothing said yet.
  await page.clock.fastForward(BOUND_MS - 500);
  await expect(page.getByText(TIMEOUT_TEXT)).toHaveCount(0);
  // At the bound: the reason, and the button is hers again.
  await page.clock.fastForward(500);
  await expect(page.getByRole('alert')).toHaveText(TIMEOUT_TEXT);
  await expect(submit).toBeEnabled();
  await expect(page).toHaveURL(/\/advisor\/login$/);

  await login.release();
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a list the server never sends says it failed after 10 s, and Reintentar loads it', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });
  // The admin area's live socket stays closed here: its own connection is news the list rightly
  // rereads for (lib/live-queries.ts), and on a busy machine that arrives after the failure, a
  // second request this test would take for a silent retry. Polling (30 s) stays beyond the test.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  const list = await holdRequests(page, (url) => url.pathname === '/api/advisors');
  await page.goto('/admin/advisors');
  await expect(page.getByText('Cargando asesores...')).toBeVisible();
  await expect.poll(() => list.held.length).toBeGreaterThan(0);

  await page.clock.fastForward(BOUND_MS);
  const alert = page.getByRole('alert').filter({ hasText: 'Error al cargar asesores' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('Cargando asesores...')).toHaveCount(0);
  // Not retried behind her back (other failed reads are, after 1 s and 2 s): her retry is hers.
  const asked = list.held.length;
  await page.clock.fastForward(5_000);
  await expect(alert).toBeVisible();
  expect(list.held).toHaveLength(asked);

  await list.release();
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('cell', { name: ADMIN.name }).first()).toBeVisible();
  await expect(alert).toHaveCount(0);
});
