/**
 * A visitor on a phone (Chromium as a mobile browser: a 360×800 touch screen, a phone's user
 * agent and pixel ratio) through the whole consultation with her fingers: the landing, the
 * request, video both ways, the chat, ending it from the call's bar, and her rating. At each
 * screen nothing is wider than her phone.
 */
import type { Page } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import {
  acceptRinging,
  ADVISOR_FRAME,
  signInAvailable,
  VISITOR_FRAME,
} from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, installRtcProbe, participant } from '../support/video.js';

const PHONE = {
  viewport: { width: 360, height: 800 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

async function expectPhoneWide(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe('a visitor on a phone', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    server = await startServer(4760 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('asks, talks, chats, ends the call and rates, all by touch', async ({ browser }) => {
    test.setTimeout(180_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('phone-stylist');
    await adminApi.createAdvisor({ name: 'Paz Móvil', email, password: 'stylist-pass-1234' });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, 'stylist-pass-1234');

    const context = await browser.newContext({
      ...PHONE,
      baseURL: server.url,
      permissions: ['camera', 'microphone'],
    });
    await installRtcProbe(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('availability').filter({ hasText: 'en línea' }).first().waitFor();
    await expectPhoneWide(page);
    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).tap();
    const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await form.getByLabel('Nombre', { exact: true }).fill('Marisol Táctil');
    await form.getByLabel('Teléfono', { exact: true }).fill('+51 999 555 666');
    await form.getByLabel('Mensaje', { exact: true }).fill('Quiero cortarme el flequillo');
    await form.getByRole('checkbox', { name: /^Acepto el uso/ }).tap();
    await expectPhoneWide(page);
    await form.getByRole('button', { name: 'Solicitar consulta' }).tap();

    await acceptRinging(stylist.page, 'Marisol Táctil');
    await expectRemoteVideo(page, VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const call = page.getByRole('dialog', { name: 'Videollamada', exact: true });
    const bar = call.getByRole('toolbar', { name: 'Controles de la llamada' });
    await expectPhoneWide(page);

    // The chat from the bar, typed on her phone; the stylist reads it and answers.
    await bar.getByRole('button', { name: 'Chat', exact: true }).tap();
    const box = call.getByLabel('Mensaje para el chat');
    await box.fill('¿Me queda bien corto?');
    await call.getByRole('button', { name: 'Enviar', exact: true }).tap();
    const stylistScreen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    await stylistScreen.getByRole('button', { name: /^Chat, 1 mensaje nuevo/ }).click();
    await expect(stylistScreen.getByRole('log')).toContainText('¿Me queda bien corto?');
    await stylistScreen.getByLabel('Mensaje para el chat').fill('Sí, te favorece');
    await stylistScreen.getByLabel('Mensaje para el chat').press('Enter');
    await expect(call.getByRole('log')).toContainText('Sí, te favorece');
    await expectPhoneWide(page);

    // She ends it from the bar, with the chat still open: the question, then 'Finalizar llamada'.
    await bar.getByRole('button', { name: 'Salir de la llamada' }).tap();
    const ask = page.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' });
    await ask.getByRole('button', { name: 'Finalizar llamada' }).tap();
    await expect(page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
    await expect(stylistScreen).toHaveCount(0);
    const card = page.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    // Her finger on the fifth star (the radio inside it is drawn as the star).
    await card
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '5 estrellas' }) })
      .tap();
    await expect(card.getByRole('radio', { name: '5 estrellas' })).toBeChecked();
    await card.getByRole('button', { name: 'Enviar calificación' }).tap();
    await expect(card.getByText('¡Gracias por tu calificación!')).toBeVisible();
    await expectPhoneWide(page);

    await context.close();
    await stylist.context.close();
  });
});
