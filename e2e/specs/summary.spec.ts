/**
 * Recommendations and the visitor's summary (docs/product.md#the-visitors-summary), through the
 * real screens: the stylist writes her private notes and, in the call's second tab,
 * recommendations, finishes them on her dashboard after the end and reads her notes back from the
 * server in the past call's details; the visitor, who left her e-mail, gets the summary's link by e-mail
 * and on her rating card, opens it, finds who and when, the recommendations, her photo and the
 * chat, deletes the photo and then the conversation. The same address with another key shows
 * nothing.
 */
import sharp from 'sharp';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../packages/server/src/test/smtp.js';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, requestConsultation, signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { participant } from '../support/video.js';

const VISITOR = 'Videollamada';
const STYLIST = 'Videollamada activa';

test.describe("the visitor's summary", () => {
  let server: ServerHandle;
  let smtp: TestSmtp;
  test.beforeAll(async ({}, workerInfo) => {
    smtp = await startTestSmtp();
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4500 + workerInfo.parallelIndex, { SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  test('recommendations written in and after the call, read, shared and trimmed by the visitor', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('summary');
    await adminApi.createAdvisor({ name: 'Lucía Resumen', email, password: 'stylist-pass-1234' });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, 'stylist-pass-1234');
    const visitor = await participant(browser, server.url);
    await requestConsultation(visitor.page, {
      name: 'Marta Flores',
      phone: '+51 999 444 555',
      message: 'Quiero aclarar mi color',
      email: 'marta@example.test',
    });
    await acceptRinging(stylist.page, 'Marta Flores');
    const visitorScreen = visitor.page.getByRole('dialog', { name: VISITOR });
    const stylistScreen = stylist.page.getByRole('dialog', { name: STYLIST });
    await expect(visitorScreen).toBeVisible();
    await expect(stylistScreen).toBeVisible();

    // She sends a photo and a message in the chat.
    await visitorScreen.getByRole('button', { name: 'Chat', exact: true }).click();
    const photo = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#6b4226' },
    })
      .jpeg()
      .toBuffer();
    await visitorScreen
      .locator('input[type=file]')
      .setInputFiles({ name: 'raices.jpg', mimeType: 'image/jpeg', buffer: photo });
    const box = visitorScreen.getByLabel('Mensaje para el chat');
    await box.fill('Así se ven mis raíces');
    await box.press('Enter');
    await expect(visitorScreen.getByRole('log').getByText('Enviando...')).toHaveCount(0);

    // Her private notes first: saved to the server a moment after she stops typing.
    const notes = 'Raíces 3 cm, base 6; probar matiz ceniza.';
    await stylistScreen.getByRole('textbox', { name: 'Notas de la llamada' }).fill(notes);
    await expect(stylistScreen.getByText('Guardado', { exact: true })).toBeVisible();

    // The stylist writes recommendations in their tab, beside her private notes.
    await stylistScreen.getByRole('tab', { name: 'Para la clienta' }).click();
    await stylistScreen
      .getByRole('textbox', { name: 'Recomendaciones' })
      .fill('Matiz ceniza cada tres semanas.\n\nEvita el agua muy caliente.');
    await stylistScreen.getByRole('button', { name: 'Añadir producto o servicio' }).click();
    await stylistScreen.getByLabel('Producto o servicio').fill('Champú matizador violeta');
    await stylistScreen.getByLabel('Enlace').fill('https://tienda.example/champu');
    await stylistScreen.getByLabel('Precio (S/)').fill('45,90');
    await expect(
      stylistScreen.getByText('Guardado: la clienta lo verá en su resumen'),
    ).toBeVisible();

    // She ends the call; on her dashboard the recommendations stay open to finish them.
    await stylistScreen.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();
    const after = stylist.page.getByRole('region', { name: 'Recomendaciones para Marta Flores' });
    await expect(after).toBeVisible();
    await expect(after.getByLabel('Producto o servicio')).toHaveValue('Champú matizador violeta');
    await after.getByRole('button', { name: 'Añadir producto o servicio' }).click();
    await after.getByLabel('Producto o servicio').nth(1).fill('Corte de puntas');
    await after.getByRole('button', { name: 'Listo' }).click();
    await expect(after).toBeHidden();

    // Her notes come back from the server in the past call's details (not from this browser's
    // copy: the dialog reads the call as the server stored it).
    await stylist.page
      .getByRole('region', { name: 'Mis consultas recientes' })
      .getByRole('button', { name: /Marta Flores/ })
      .click();
    const past = stylist.page.getByRole('dialog', { name: 'Consulta con Marta Flores' });
    await expect(past.getByText(notes)).toBeVisible();
    await stylist.page.keyboard.press('Escape');
    await expect(past).toBeHidden();

    // The visitor: her rating card links to the summary, and the e-mail brings the same summary
    // with a key of its own (each link handed out has its own; only their hashes are kept).
    const card = visitor.page.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    const open = card.getByRole('link', { name: 'Ver mi resumen' });
    await expect(open).toBeVisible();
    const address = (await open.getAttribute('href')) ?? '';
    expect(address).toMatch(/\/resumen\/[^/#]+#.{20,}$/);
    const share = card.getByRole('link', { name: 'Compartir por WhatsApp' });
    expect(new URL((await share.getAttribute('href')) ?? '').searchParams.get('text')).toContain(
      address,
    );
    await expect
      .poll(() => smtp.messages.filter((m) => recipientOf(m) === 'marta@example.test').length)
      .toBe(1);
    const mail = smtp.messages.find((m) => recipientOf(m) === 'marta@example.test');
    // The same summary; the e-mail's host is the server's PUBLIC_URL.
    const { pathname, hash } = new URL(address);
    const mailed = new RegExp(`${pathname}#([\\w-]{20,})`).exec(mail?.text ?? '');
    expect(mailed?.[1]).toBeDefined();
    expect(`#${mailed?.[1]}`).not.toBe(hash);

    // She opens it from the e-mail.
    const page = visitor.page;
    await page.goto(`${pathname}#${mailed![1]}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Resumen de tu consulta, Marta Flores' }),
    ).toBeVisible();
    await expect(page.getByText('Con Lucía Resumen')).toBeVisible();
    const rec = page.getByRole('region', { name: 'Recomendaciones de Lucía Resumen' });
    await expect(rec).toContainText('Evita el agua muy caliente.');
    await expect(rec.getByRole('link', { name: /Champú matizador violeta/ })).toHaveAttribute(
      'href',
      'https://tienda.example/champu',
    );
    await expect(rec).toContainText(/S\/\s?45\.90/);
    await expect(rec).toContainText('Corte de puntas');
    const photos = page.getByRole('region', { name: 'Fotos' });
    const img = photos.getByRole('img', { name: 'Foto de Marta Flores' });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(900);
    await expect(page.getByRole('region', { name: 'Conversación' })).toContainText(
      'Así se ven mis raíces',
    );
    await expectAccessible(page, 'visitor summary');

    // She deletes her photo, then the whole conversation; the recommendations stay.
    await photos.getByRole('button', { name: 'Borrar esta foto' }).click();
    await page
      .getByRole('dialog', { name: '¿Borrar esta foto?' })
      .getByRole('button', { name: 'Borrar' })
      .click();
    await expect(photos.getByText('No se compartieron fotos en esta consulta.')).toBeVisible();
    await page.getByRole('button', { name: 'Borrar la conversación' }).click();
    await page
      .getByRole('dialog', { name: '¿Borrar la conversación?' })
      .getByRole('button', { name: 'Borrar' })
      .click();
    await expect(page.getByText('No hay mensajes de chat en esta consulta.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No hay mensajes de chat en esta consulta.')).toBeVisible();
    await expect(rec).toContainText('Corte de puntas');

    // The same call with another key: nothing.
    await page.goto(address.replace(/#.*$/, '#not-her-key-0000000000000000'));
    await expect(
      page.getByRole('heading', { name: 'Este resumen no está disponible' }),
    ).toBeVisible();

    await visitor.context.close();
    await stylist.context.close();
  });
});
