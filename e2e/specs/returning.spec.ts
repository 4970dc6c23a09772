/**
 * Returning clients (docs/product.md#returning-clients) through the real screens: a visitor ticks
 * 'Recuérdame para mi próxima consulta' and completes a consultation with Ana; a second stylist,
 * who has waited longer and would be rung for anyone new, comes online; the same visitor asks again
 * from the same browser with the same phone: Ana is rung first, the waiting dialog names her, and
 * Ana's popup says 'Clienta que vuelve' with that last consultation.
 */
import type { Page } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { participant } from '../support/video.js';

const PASSWORD = 'stylist-pass-1234';

/** From the landing page to the waiting dialog, with "Recuérdame" ticked. */
async function askRemembered(page: Page, phone: string): Promise<void> {
  await page.goto('/');
  await page
    .getByTestId('availability')
    .filter({ hasText: 'Estilistas en línea' })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
  await form.getByLabel('Nombre', { exact: true }).fill('Valeria Ríos');
  await form.getByLabel('Teléfono', { exact: true }).fill(phone);
  await form.getByLabel('Mensaje', { exact: true }).fill('Quiero retocar mi color');
  await form.getByRole('checkbox', { name: /^Acepto el uso/ }).check();
  const remember = form.getByRole('checkbox', { name: 'Recuérdame para mi próxima consulta' });
  await expect(remember).not.toBeChecked();
  await remember.check();
  await form.getByRole('button', { name: 'Solicitar consulta' }).click();
  await page.getByText('Esperando a tu estilista...').waitFor();
}

test.describe('a returning client', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylists are the only ones who can be rung.
    server = await startServer(4600 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('is rung to her last stylist first, named to her, and shown to the stylist', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminApi = await Api.login(server.url);
    const anaEmail = uniqueEmail('returning-ana');
    await adminApi.createAdvisor({ name: 'Ana Quispe', email: anaEmail, password: PASSWORD });
    const ana = await participant(browser, server.url);
    await signInAvailable(ana.page, anaEmail, PASSWORD);

    // Her first consultation, remembered, with Ana.
    const visitor = await participant(browser, server.url);
    await askRemembered(visitor.page, '+51 987 123 456');
    await acceptRinging(ana.page, 'Valeria Ríos');
    await expect(ana.page.getByText('Videollamada activa')).toBeVisible();
    await ana.page.getByRole('button', { name: 'Finalizar llamada' }).click();
    await ana.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();
    await expect(
      visitor.page.getByRole('region', { name: '¿Cómo fue tu consulta?' }),
    ).toBeVisible();
    await expect(ana.page.getByText('Videollamada activa')).toBeHidden();

    // Rosa comes online: she never finished a call, so anyone new would be rung to her.
    const rosaEmail = uniqueEmail('returning-rosa');
    await adminApi.createAdvisor({ name: 'Rosa Huamán', email: rosaEmail, password: PASSWORD });
    const rosa = await participant(browser, server.url);
    await signInAvailable(rosa.page, rosaEmail, PASSWORD);

    // The same visitor, the same browser, the same phone typed another way.
    await askRemembered(visitor.page, '987 123 456');
    await expect(visitor.page.getByTestId('ringing-stylist')).toHaveText(
      'Te estamos conectando con Ana Quispe, quien te atendió la última vez.',
    );
    const popup = ana.page.getByRole('alertdialog', { name: 'Llamada entrante' });
    await popup.getByText('Valeria Ríos').waitFor();
    const returning = popup.getByRole('region', { name: 'Clienta que vuelve' });
    await expect(returning).toContainText('Su última consulta fue contigo el');
    await expect(returning).not.toContainText('otro navegador');
    await expect(rosa.page.getByRole('alertdialog', { name: 'Llamada entrante' })).toBeHidden();
    // The popup itself (behind it, the first call's after-call card is another screen's matter).
    await expectAccessible(ana.page, 'ringing popup of a returning client', '[role="alertdialog"]');

    // On the call screen too, once she accepts.
    await popup.getByRole('button', { name: 'Aceptar llamada' }).click();
    const callScreen = ana.page.getByRole('dialog', { name: 'Videollamada activa' });
    await expect(callScreen.getByRole('region', { name: 'Clienta que vuelve' })).toBeVisible();

    await visitor.context.close();
    await ana.context.close();
    await rosa.context.close();
  });
});
