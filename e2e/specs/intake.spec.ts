/**
 * The hair intake (docs/product.md#hair-intake) through the real screens: the visitor opens the
 * folded intake of the request form (checked with axe in English and in Spanish), adds a photo of
 * her hair, answers 'Ninguno' and an allergy, and asks; the stylist's ringing popup shows her
 * photo and the patch-test flag, the call screen keeps them above the notes, and the visitor's
 * summary keeps them after the call. The stylist works in English, so her new parts are checked
 * with axe in English; the summary is checked in both.
 */
import sharp from 'sharp';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { participant } from '../support/video.js';

test.describe('the hair intake', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4570 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('photo and patch-test flag from the form to the popup, the call screen and the summary', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('intake');
    await adminApi.createAdvisor({ name: 'Rosa Colorista', email, password: 'stylist-pass-1234' });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, 'stylist-pass-1234');
    // She works in English from here on.
    await stylist.page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(stylist.page.getByText('Realtime connected')).toBeVisible();

    const visitor = await participant(browser, server.url);
    const page = visitor.page;

    // The form in English first: the intake folded, then open, accessible.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('intake-spec-es'))
        localStorage.setItem('preferred-language', 'en');
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Free live consultation', exact: true }).click();
    const formEn = page.getByRole('dialog');
    await formEn.getByLabel('Topic').selectOption('hair_care');
    await formEn.getByText('Tell us about your hair (optional)').click();
    await expect(formEn.getByRole('group', { name: 'Photo of your hair now' })).toBeVisible();
    await expectAccessible(page, 'request form with the hair intake, English');

    // Then in Spanish, for real.
    await page.evaluate(() => {
      sessionStorage.setItem('intake-spec-es', '1');
      localStorage.setItem('preferred-language', 'es');
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await form.getByLabel('Nombre', { exact: true }).fill('Inés Quispe');
    await form.getByLabel('Teléfono', { exact: true }).fill('+51 999 333 222');
    await form.getByLabel('Tema').selectOption('hair_care');
    const fold = form.getByText('Cuéntanos sobre tu cabello (opcional)');
    await expect(form.getByRole('group', { name: 'Foto de tu cabello ahora' })).toBeHidden();
    await fold.click();
    const current = form.getByRole('group', { name: 'Foto de tu cabello ahora' });
    const photo = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#5a3a22' },
    })
      .jpeg()
      .toBuffer();
    // 'Elegir de la galería' opens the first of the two inputs (the camera's has `capture`).
    const chooser = page.waitForEvent('filechooser');
    await current.getByRole('button', { name: 'Elegir de la galería' }).click();
    await (
      await chooser
    ).setFiles({ name: 'mi-cabello.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(current.getByRole('img', { name: 'Foto de tu cabello ahora' })).toBeVisible();
    await form
      .getByRole('group', { name: 'Químicos en los últimos 12 meses' })
      .getByRole('checkbox', { name: 'Ninguno' })
      .check();
    await form.getByLabel('Alergias conocidas').fill('Alergia al níquel');
    await form.getByLabel('Mensaje', { exact: true }).fill('Quiero pintarme de cobrizo');
    await form.getByRole('checkbox', { name: /Acepto el uso de mis datos/ }).check();
    await expectAccessible(page, 'request form with the hair intake, Spanish');
    await form.getByRole('button', { name: 'Solicitar consulta' }).click();
    await page.getByText('Esperando a tu estilista...').waitFor();

    // The stylist's popup: her photo (as the server re-encoded it) and the flag with its reasons.
    const popup = stylist.page.getByRole('alertdialog', { name: 'Incoming Call' });
    await popup.getByText('Inés Quispe').waitFor();
    const intake = popup.getByRole('region', { name: 'Hair intake' });
    await expect(intake.getByRole('note')).toContainText('Do a patch test before any colour');
    await expect(intake.getByRole('note')).toContainText('She declared an allergy');
    await expect(intake.getByRole('note')).toContainText('first colour');
    const popupPhoto = intake.getByRole('img', { name: 'Her hair now' });
    await expect(popupPhoto).toBeVisible();
    await expect
      .poll(() => popupPhoto.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBe(900);
    await expect(intake).toContainText('Alergia al níquel');
    await expectAccessible(stylist.page, 'ringing popup with the hair intake, English');
    await popup.getByRole('button', { name: 'Accept Call' }).click();

    // The call screen keeps it above her notes.
    const callScreen = stylist.page.getByRole('dialog', { name: 'Active Video Call' });
    await expect(callScreen).toBeVisible();
    const kept = callScreen.getByRole('region', { name: 'Hair intake' });
    await expect(kept.getByRole('img', { name: 'Her hair now' })).toBeVisible();
    await expect(kept.getByRole('note')).toContainText('Do a patch test before any colour');
    await expect(callScreen.getByRole('textbox', { name: 'Call notes' })).toBeVisible();
    await expectAccessible(stylist.page, 'call screen with the hair intake, English');
    await expect(page.getByRole('dialog', { name: 'Videollamada' })).toBeVisible();

    await callScreen.getByRole('button', { name: 'End Call' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: 'End the call?' })
      .getByRole('button', { name: 'End for both' })
      .click();

    // Her summary keeps it, in her words.
    const open = page
      .getByRole('region', { name: '¿Cómo fue tu consulta?' })
      .getByRole('link', { name: 'Ver mi resumen' });
    await expect(open).toBeVisible();
    const address = new URL((await open.getAttribute('href')) ?? '');
    await page.goto(`${address.pathname}${address.hash}`);
    const summary = page.getByRole('region', { name: 'Ficha de cabello' });
    await expect(summary.getByRole('note')).toContainText(
      'Tu estilista te recomienda una prueba de alergia antes de cualquier color',
    );
    const summaryPhoto = summary.getByRole('img', { name: 'Tu cabello ahora' });
    await expect(summaryPhoto).toBeVisible();
    await expect
      .poll(() => summaryPhoto.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBe(900);
    await expect(summary).toContainText('Ninguno');
    await expectAccessible(page, 'summary with the hair intake, Spanish');
    await page.evaluate(() => localStorage.setItem('preferred-language', 'en'));
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Hair intake' }).getByRole('img', { name: 'Your hair now' }),
    ).toBeVisible();
    await expectAccessible(page, 'summary with the hair intake, English');

    await visitor.context.close();
    await stylist.context.close();
  });
});
