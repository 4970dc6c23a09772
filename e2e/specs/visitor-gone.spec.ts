/**
 * Nobody waits for a visitor who has gone, with real browsers: a visitor who closes her tab while
 * she waits in the queue is rung to nobody and her request ends; a visitor who closes it during the
 * call leaves her stylist told on the call screen (her phone, WhatsApp, when the call ends), and the
 * call ends by itself after its grace (VISITOR_GONE_END_SECONDS, 5 s here), freeing the stylist.
 * A private server keeps this spec's stylist out of other specs' routing.
 */
import type { CallDetails, CallPage } from '@belleza/contract';
import type { Page } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, requestConsultation, signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';

const PASSWORD = 'gone-e2e-pass-123';
const PHONE = '+51 987 654 321';

// Most of its time is the graces running out (15 s in the queue, 5 s in the call): it waits in
// the @idle lane (playwright.config.ts) beside the specs that keep the cores busy.
test.describe('visitors who have gone', { tag: '@idle' }, () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let adminApi: Api;
  let stylist: Page;

  test.beforeAll(async ({ browser }, workerInfo) => {
    server = await startServer(4580 + workerInfo.parallelIndex, { VISITOR_GONE_END_SECONDS: '5' });
    adminApi = await Api.login(server.url);
    const email = uniqueEmail('gone-stylist');
    await adminApi.createAdvisor({ name: 'Gabi Estilista', email, password: PASSWORD });
    const context = await browser.newContext({ baseURL: server.url });
    stylist = await context.newPage();
    await signInAvailable(stylist, email, PASSWORD);
  });
  test.afterAll(async () => {
    await stylist?.context().close();
    await server?.stop();
  });

  /** The call's details, or null while the admin's list does not have it yet. */
  const findCall = async (name: string): Promise<CallDetails | null> => {
    const { items } = await adminApi.request<CallPage>('GET', '/api/calls?limit=50');
    const call = items.find((c) => c.clientInfo.name === name);
    return call ? adminApi.request<CallDetails>('GET', `/api/calls/${call.callId}`) : null;
  };
  const callOf = async (name: string) => {
    const call = await findCall(name);
    if (!call) throw new Error(`no call for ${name}`);
    return call;
  };

  test('a visitor who closes her tab while she waits is rung to nobody, and her request ends', async ({
    browser,
  }) => {
    // The stylist is with someone (her one place taken): the next request waits in the queue.
    const blocker = await new Api(server.url).requestCall('Bea Bloqueo');
    await acceptRinging(stylist, 'Bea Bloqueo');
    await expect(stylist.getByRole('dialog', { name: 'Videollamada activa' })).toBeVisible();

    const visitor = await browser.newContext({ baseURL: server.url });
    const page = await visitor.newPage();
    await page.goto('/');
    await page.getByTestId('availability').filter({ hasText: 'atendiendo' }).first().waitFor();
    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await form.getByLabel('Nombre', { exact: true }).fill('Wendy Espera');
    await form.getByLabel('Teléfono', { exact: true }).fill(PHONE);
    await form.getByLabel('Mensaje', { exact: true }).fill('Quiero un corte');
    await form.getByRole('checkbox', { name: /^(Acepto el uso|I agree to my data)/ }).check();
    await form.getByRole('button', { name: 'Solicitar consulta' }).click();
    // Polled through findCall: a throw ends expect.poll at once, and her request may be on its way.
    await expect.poll(async () => (await findCall('Wendy Espera'))?.visitorPresence).toBe('here');
    expect((await callOf('Wendy Espera')).status).toBe('pending');
    await expect(
      page
        .getByRole('dialog')
        .getByText(/en la cola|Esperando/i)
        .first(),
    ).toBeVisible();

    // She closes her tab; then the stylist is free again.
    await visitor.close();
    // The admin's details say when the server knows her page is gone.
    await expect.poll(async () => (await callOf('Wendy Espera')).visitorPresence).toBe('away');
    await adminApi.request('POST', `/api/calls/${blocker.callId}/end`, { endedBy: 'admin' });
    await expect(stylist.getByRole('dialog', { name: 'Videollamada activa' })).toBeHidden();

    // Her request ends once the reload grace has passed, and it never rang anyone.
    await expect
      .poll(async () => (await callOf('Wendy Espera')).status, { timeout: 30_000 })
      .toBe('cancelled');
    const ended = await callOf('Wendy Espera');
    expect(ended).toMatchObject({ reason: 'client_left', endedBy: 'system', advisorId: null });
    expect(ended.offers).toEqual([]);
    await expect(stylist.getByRole('alertdialog', { name: 'Llamada entrante' })).toHaveCount(0);
  });

  test('a visitor who closes her tab during the call: her stylist is told how to reach her, and the call ends by itself', async ({
    browser,
  }) => {
    const visitor = await browser.newContext({
      baseURL: server.url,
      permissions: ['camera', 'microphone'],
    });
    const page = await visitor.newPage();
    await requestConsultation(page, {
      name: 'Vera Visita',
      phone: PHONE,
      message: 'Quiero un tinte',
    });
    await acceptRinging(stylist, 'Vera Visita');
    const callScreen = stylist.getByRole('dialog', { name: 'Videollamada activa' });
    await expect(callScreen).toBeVisible();
    await expect.poll(async () => (await findCall('Vera Visita'))?.status).toBe('active');

    await visitor.close();
    const notice = callScreen.getByRole('alert').filter({ hasText: 'La clienta se desconectó.' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Si no vuelve, la llamada terminará sola a las');
    await expect(notice.getByRole('link', { name: PHONE })).toHaveAttribute('href', `tel:${PHONE}`);
    await expect(notice.getByRole('link', { name: 'Llamar por WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/51987654321',
    );

    // The grace passes: the call ends by itself and the stylist is free for the next one.
    await expect(callScreen).toBeHidden({ timeout: 30_000 });
    expect(await callOf('Vera Visita')).toMatchObject({
      status: 'completed',
      reason: 'client_left',
      endedBy: 'system',
    });
    await expect(stylist.getByTestId('advisor-status-label')).toHaveText('Disponible');
  });
});
