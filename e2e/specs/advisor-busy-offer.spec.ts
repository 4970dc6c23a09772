/**
 * A stylist with room for two calls is rung for the second one over her call screen
 * (docs/product.md#offers-during-a-call): a compact banner, not the popup hidden behind the call,
 * with the caller's name and Rechazar / Aceptar llamada; declining moves the offer on, accepting
 * opens the second call.
 */
import type { Call } from '@belleza/contract';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';

test.describe('an offer while on a call', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this stylist is the only one who can be rung.
    server = await startServer(4440 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('rings on a banner over the call screen; declined, then accepted', async ({ browser }) => {
    const adminApi = await Api.login(server.url);
    // The offer must not time out while the banner is looked at on a busy machine.
    await adminApi.setCallTimeout(300);
    const email = uniqueEmail('busy-stylist');
    const stylist = await adminApi.createAdvisor({
      name: 'Doble Estilista',
      email,
      password: 'doble-pass-123',
      maxConcurrentCalls: 2,
    });
    const context = await browser.newContext({
      baseURL: server.url,
      permissions: ['camera', 'microphone'],
    });
    const page = await context.newPage();
    await signInAvailable(page, email, 'doble-pass-123');

    // First call: rung by the popup, accepted; the call screen opens.
    const visitors = new Api(server.url);
    const first = await visitors.requestCall('Primera Clienta');
    await acceptRinging(page, 'Primera Clienta');
    await expect(page.getByRole('button', { name: 'Finalizar llamada' })).toBeVisible();

    // Second call while on the first: a banner over the call screen, no popup behind it.
    const second = await visitors.requestCall('Segunda Clienta');
    const banner = page.getByRole('alert', { name: 'Otra llamada entrante:' });
    await expect(banner).toContainText('Segunda Clienta');
    await expect(page.getByRole('alertdialog', { name: 'Llamada entrante' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'Rechazar' }).click();
    await expect(banner).toHaveCount(0);
    // Nobody else can take it: the visitor is told nobody answered.
    await expect
      .poll(async () => (await adminApi.request<Call>('GET', `/api/calls/${second.callId}`)).status)
      .toBe('cancelled');

    // A third one, accepted from the banner: she now has two active calls.
    const third = await visitors.requestCall('Tercera Clienta');
    await expect(banner).toContainText('Tercera Clienta');
    await banner.getByRole('button', { name: 'Aceptar llamada' }).click();
    await expect(banner).toHaveCount(0);
    for (const call of [first, third]) {
      const stored = await adminApi.request<Call>('GET', `/api/calls/${call.callId}`);
      expect(stored).toMatchObject({ status: 'active', advisorId: stylist.advisorId });
    }
    await context.close();
  });
});
