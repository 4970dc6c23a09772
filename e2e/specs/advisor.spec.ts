/**
 * The advisor's waiting room with real browsers and a real server: two advisors online in
 * separate contexts, a visitor's request rings exactly one of them, declining rings the other,
 * accepting opens the call screen; going offline closes the popup; two missed offers switch the
 * advisor offline and the dashboard says why; the realtime indicator follows the server.
 */
import type { Browser, BrowserContext, Page, WebSocket } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';

const PASSWORD = 'advisor-e2e-pass-123';

type Desk = { name: string; context: BrowserContext; page: Page; advisorId: string };

async function openDesk(
  browser: Browser,
  baseURL: string,
  adminApi: Api,
  name: string,
): Promise<Desk> {
  const email = uniqueEmail('desk');
  const advisor = await adminApi.createAdvisor({ name, email, password: PASSWORD });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Tiempo real conectado')).toBeVisible();
  return { name, context, page, advisorId: advisor.advisorId };
}

async function setStatus(desk: Desk, label: 'Disponible' | 'Ocupado' | 'Desconectado') {
  await desk.page.getByLabel('Estado').selectOption({ label });
  await expect(desk.page.getByTestId('advisor-status-label')).toHaveText(label);
  await expect(desk.page.getByLabel('Estado')).toBeEnabled();
}

const popup = (desk: Desk) => desk.page.getByRole('alertdialog', { name: 'Llamada entrante' });

test.describe('advisor dashboard', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let adminApi: Api;
  let visitor: Api;
  let ana: Desk;
  let berta: Desk;
  const desks = () => [ana, berta];
  const deskOf = (advisorId: string | null) => {
    const desk = desks().find((d) => d.advisorId === advisorId);
    if (!desk)
      throw new Error(`the call rang ${advisorId ?? 'nobody'}, not one of this spec's advisors`);
    return desk;
  };
  const other = (desk: Desk) => (desk === ana ? berta : ana);

  test.beforeAll(async ({ browser }, workerInfo) => {
    server = await startServer(4370 + workerInfo.parallelIndex, { CALL_REQUEST_RATE_LIMIT: '100' });
    adminApi = await Api.login(server.url);
    visitor = new Api(server.url);
    ana = await openDesk(browser, server.url, adminApi, 'Ana Asesora');
    berta = await openDesk(browser, server.url, adminApi, 'Berta Asesora');
  });
  test.afterAll(async () => {
    await ana?.context.close();
    await berta?.context.close();
    await server?.stop();
  });

  test('one advisor rings; declining rings the other; accepting opens the call screen', async () => {
    await setStatus(ana, 'Disponible');
    await setStatus(berta, 'Disponible');

    const call = await visitor.requestCall('Valeria Quispe');
    const first = deskOf(call.advisorId);
    const second = other(first);
    await expect(popup(first)).toBeVisible();
    await expect(popup(first)).toContainText('Valeria Quispe');
    await expect(popup(first)).toContainText('VQ');
    await expect(popup(second)).toHaveCount(0);
    // The call is listed too, and the title blinks while it rings.
    await expect(
      first.page.getByRole('heading', { name: 'Llamadas pendientes (1)' }),
    ).toBeVisible();
    await expect.poll(() => first.page.title()).toBe('LLAMADA ENTRANTE');

    await popup(first).getByRole('button', { name: 'Rechazar' }).click();
    await expect(popup(first)).toHaveCount(0);
    await expect(popup(second)).toBeVisible();
    await expect(popup(second)).toContainText('Valeria Quispe');
    await expect(first.page.getByText('No hay llamadas pendientes ni activas')).toBeVisible();

    // Its main action has the focus, and shows it: a ring, whatever moved the focus there.
    const accept = popup(second).getByRole('button', { name: 'Aceptar llamada' });
    await expect(accept).toBeFocused();
    expect(await accept.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await accept.click();
    const screen = second.page.getByRole('dialog', { name: 'Videollamada activa' });
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('Valeria Quispe');
    await expect(second.page.getByTestId('advisor-status-label')).toHaveText('Ocupado');
    await screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }).click();
    await expect(screen).toHaveCount(0);
    await expect(second.page.getByRole('heading', { name: 'Llamadas activas (1)' })).toBeVisible();
    await expect(second.page.getByText('EN LLAMADA', { exact: true })).toBeVisible();

    // 'Volver a la llamada' reopens the screen; 'Finalizar' asks first, then ends the call.
    await second.page.getByRole('button', { name: 'Volver a la llamada' }).click();
    await expect(screen).toBeVisible();
    await screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }).click();
    await second.page.getByRole('button', { name: 'Finalizar', exact: true }).click();
    const confirm = second.page.getByRole('dialog', { name: 'Finalizar llamada' });
    await confirm.getByRole('button', { name: 'Finalizar llamada' }).click();
    await expect(second.page.getByText('No hay llamadas pendientes ni activas')).toBeVisible();
    await expect(second.page.getByTestId('advisor-status-label')).toHaveText('Disponible');
  });

  test('going offline closes an open popup and the call moves on', async () => {
    const call = await visitor.requestCall('Rosa Flores');
    const first = deskOf(call.advisorId);
    const second = other(first);
    await expect(popup(first)).toBeVisible();

    await first.page.getByLabel('Estado').selectOption({ label: 'Desconectado' });
    await expect(popup(first)).toHaveCount(0);
    await expect(first.page.getByTestId('advisor-status-label')).toHaveText('Desconectado');
    // The server withdraws the offer from the offline advisor and rings the other one.
    await expect(popup(second)).toBeVisible();
    await expect(popup(second)).toContainText('Rosa Flores');
    await popup(second).getByRole('button', { name: 'Rechazar' }).click();
    await expect(popup(second)).toHaveCount(0);
    await setStatus(first, 'Disponible');
  });

  test('two missed offers switch the advisor offline and the dashboard says why', async () => {
    test.setTimeout(150_000);
    await adminApi.setCallTimeout(10);
    try {
      await setStatus(berta, 'Desconectado');
      await setStatus(ana, 'Disponible');
      for (const name of ['Carla Ríos', 'Diana Soto']) {
        const call = await visitor.requestCall(name);
        expect(call.advisorId).toBe(ana.advisorId);
        await expect(popup(ana)).toContainText(name);
        // Nobody answers: after the timeout the popup closes. (Its short notice is a toast that
        // a loaded machine can let come and go between two checks; unit-tested instead.)
        // The offer times out 10 s after it was made; the sweeper and a loaded browser add to it.
        await expect(popup(ana)).toHaveCount(0, { timeout: 30_000 });
      }
      await expect(ana.page.getByTestId('advisor-status-label')).toHaveText('Desconectado');
      await expect(
        ana.page.getByText('no respondiste 2 llamadas seguidas', { exact: false }),
      ).toBeVisible();
    } finally {
      await adminApi.setCallTimeout(30);
    }
  });

  test('the realtime indicator shows when the server goes away without a goodbye and clears when it is back, even after the client gave up', async () => {
    test.setTimeout(150_000);
    const page = ana.page;
    await expect(page.getByText('Tiempo real conectado')).toBeVisible();
    let attempts = 0;
    const countAttempt = (ws: WebSocket) => {
      if (ws.url().includes('/socket.io/')) attempts += 1;
    };
    page.on('websocket', countAttempt);
    try {
      // A crash or a cut connection: no disconnect packet, so the client keeps its socket and
      // relies on its own reconnection attempts.
      await server.kill('SIGKILL');
      await expect(page.getByText('Sin conexión en tiempo real', { exact: false })).toBeVisible();
      // Five refused attempts: socket.io-client has given up (`reconnect_failed`); only the
      // dashboard's own retry can bring it back now.
      await expect.poll(() => attempts, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
    } finally {
      page.off('websocket', countAttempt);
    }
    await server.start();
    // A new round starts within 6 s, and its own backoff; on a loaded machine that is well over
    // 20 s after the restart.
    await expect(page.getByText('Tiempo real conectado')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText('Sin conexión en tiempo real', { exact: false })).toHaveCount(0);
  });
});
