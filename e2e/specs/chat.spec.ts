/**
 * Chat in the call (docs/product.md#chat, docs/product.md#photos), through the real screens: while
 * she waits, the visitor sends a photo to her advisor; in the call she writes from her video
 * screen, the stylist sees the unread count on hers and answers; the visitor reloads the page in
 * the middle, comes back to the call and finds the conversation as it was; what she writes then
 * arrives too, and so does a photo from her phone (opened full size by the stylist); the call keeps
 * each message exactly once. Once it ended, the stylist reads the chat again in her past
 * consultations, on a phone. Then, in English, both call screens with their chat open, the exit and
 * end questions and the rating card pass axe.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { acceptRinging, requestConsultation, signInAvailable } from '../support/screens.js';
import { participant, stylistTakesVisitor } from '../support/video.js';

/** A plain photo of that size, as a phone's camera would hand it over. */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8b5a2b' } })
    .jpeg()
    .toBuffer();

const chatLog = (page: Page, dialog: string) =>
  page.getByRole('dialog', { name: dialog }).getByRole('log');

async function write(page: Page, dialog: string, text: string): Promise<void> {
  const box = page.getByRole('dialog', { name: dialog }).getByLabel('Mensaje para el chat');
  await box.fill(text);
  await box.press('Enter');
  // Stored: the server's answer replaced 'Enviando...' with the time.
  await expect(chatLog(page, dialog).getByRole('listitem').last()).toContainText(text);
  await expect(chatLog(page, dialog).getByText('Enviando...')).toHaveCount(0);
}

test.describe('chat in the call', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4480 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('both ways, with a reload in the middle: nothing lost, nothing doubled', async ({
    browser,
  }) => {
    // The call, then the same chat read again from her past consultations.
    test.setTimeout(240_000);
    // The stylist is available; the visitor asks and, while she waits, sends a photo.
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('chat');
    await adminApi.createAdvisor({ name: 'Carla Chat', email, password: 'stylist-pass-1234' });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, 'stylist-pass-1234');
    const visitor = await participant(browser, server.url);
    await requestConsultation(visitor.page, {
      name: 'Rosa Quispe',
      phone: '+51 999 333 444',
      message: 'Quiero un balayage',
    });
    const waiting = visitor.page.getByRole('dialog', { name: 'Tu consulta' });
    await waiting.locator('input[type=file]').setInputFiles({
      name: 'luz-natural.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(800, 600),
    });
    await expect(
      waiting.getByText('Foto enviada: tu estilista la verá al contestar.'),
    ).toBeVisible();
    await acceptRinging(stylist.page, 'Rosa Quispe');
    const VISITOR = 'Videollamada';
    const STYLIST = 'Videollamada activa';
    await expect(visitor.page.getByRole('dialog', { name: VISITOR })).toBeVisible();
    await expect(stylist.page.getByRole('dialog', { name: STYLIST })).toBeVisible();

    await visitor.page
      .getByRole('dialog', { name: VISITOR })
      .getByRole('button', { name: 'Chat', exact: true })
      .click();
    await write(visitor.page, VISITOR, 'Hola, ¿me ves bien el color?');

    // The stylist's screen counts the photo from the wait and the message while her chat is
    // closed; opening it shows both.
    const stylistChat = stylist.page
      .getByRole('dialog', { name: STYLIST })
      .getByRole('button', { name: 'Chat, 2 mensajes nuevos' });
    await stylistChat.click();
    await expect(
      chatLog(stylist.page, STYLIST).getByRole('img', { name: 'Foto de Rosa Quispe' }),
    ).toBeVisible();
    await expect(chatLog(stylist.page, STYLIST)).toContainText('Rosa Quispe');
    await expect(chatLog(stylist.page, STYLIST)).toContainText('Hola, ¿me ves bien el color?');
    await write(stylist.page, STYLIST, 'Sí, se ven las raíces. Te recomiendo un matiz ceniza.');
    await expect(chatLog(visitor.page, VISITOR)).toContainText('Carla Chat');
    await expect(chatLog(visitor.page, VISITOR)).toContainText('matiz ceniza');

    // She reloads: back to the call from the banner, the conversation is there, once.
    const callId = await visitor.page.evaluate(
      () => (JSON.parse(localStorage.getItem('activeCall') ?? '{}') as { callId?: string }).callId,
    );
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Volver a la llamada' }).click();
    await visitor.page
      .getByRole('dialog', { name: VISITOR })
      .getByRole('button', { name: /^Chat/ })
      .click();
    await expect(chatLog(visitor.page, VISITOR).getByRole('listitem')).toHaveCount(3);
    await write(visitor.page, VISITOR, 'Perfecto, gracias');
    await expect(chatLog(stylist.page, STYLIST)).toContainText('Perfecto, gracias');
    await expect(chatLog(stylist.page, STYLIST).getByRole('listitem')).toHaveCount(4);

    // A photo from her phone: the stylist sees it and opens it full size.
    const photo = await jpeg(1200, 1600);
    await visitor.page
      .getByRole('dialog', { name: VISITOR })
      .locator('input[type=file]')
      .setInputFiles({ name: 'raices.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(chatLog(visitor.page, VISITOR).getByText('Enviando...')).toHaveCount(0);
    const seen = chatLog(stylist.page, STYLIST)
      .getByRole('img', { name: 'Foto de Rosa Quispe' })
      .last();
    await expect(seen).toBeVisible();
    await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await chatLog(stylist.page, STYLIST)
      .getByRole('button', { name: 'Ver en grande la foto de Rosa Quispe' })
      .last()
      .click();
    const viewer = stylist.page.getByRole('dialog', { name: 'Foto de Rosa Quispe' });
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Cerrar foto' }).click();
    await expect(viewer).toBeHidden();

    // Stored once each, in order, with who wrote it.
    const admin = await Api.login(server.url);
    const stored = await admin.callMessages(callId ?? '');
    expect(stored.map((m) => [m.senderType, m.body, m.image?.width ?? null])).toEqual([
      ['client', '', 800],
      ['client', 'Hola, ¿me ves bien el color?', null],
      ['advisor', 'Sí, se ven las raíces. Te recomiendo un matiz ceniza.', null],
      ['client', 'Perfecto, gracias', null],
      ['client', '', 1200],
    ]);

    // After the call: on a phone, the stylist opens it in her past consultations and reads the chat
    // again, photos included.
    await stylist.page
      .getByRole('dialog', { name: STYLIST })
      .getByRole('button', { name: 'Finalizar llamada' })
      .click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();
    await expect(stylist.page.getByRole('dialog', { name: STYLIST })).toBeHidden();
    await stylist.page.setViewportSize({ width: 390, height: 844 });
    const past = stylist.page.getByRole('region', { name: 'Mis consultas recientes' });
    await past.getByRole('button', { name: /Rosa Quispe/ }).click();
    const details = stylist.page.getByRole('dialog', { name: 'Consulta con Rosa Quispe' });
    const transcript = details.getByRole('region', { name: 'Chat de la consulta' });
    await expect(transcript.getByRole('listitem')).toHaveCount(5);
    await expect(transcript).toContainText('Hola, ¿me ves bien el color?');
    await expect(transcript).toContainText('Carla Chat (tú)');
    await expect(transcript).toContainText('matiz ceniza');
    const lastPhoto = transcript.getByRole('img', { name: 'Foto de Rosa Quispe' }).last();
    await expect
      .poll(() => lastPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1200);
    await transcript
      .getByRole('button', { name: 'Ver en grande la foto de Rosa Quispe' })
      .last()
      .click();
    const fullSize = stylist.page.getByRole('dialog', { name: 'Foto de Rosa Quispe' });
    await expect(fullSize).toBeVisible();
    await fullSize.getByRole('button', { name: 'Cerrar foto' }).click();
    await expect(details).toBeVisible();
    // Nothing wider than the phone: no sideways scroll on the page or in the dialog.
    expect(
      await stylist.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect(
      await details.evaluate((dialog) =>
        Array.from(dialog.querySelectorAll('*'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.outerHTML.slice(0, 80)),
      ),
    ).toEqual([]);
    await stylist.page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await visitor.context.close();
    await stylist.context.close();
  });

  test('the call screens and their chat pass axe in English', async ({ browser }) => {
    test.setTimeout(360_000);
    const { stylist, visitor } = await stylistTakesVisitor(browser, server.url, 'Clara Lectora', {
      name: 'Irene Lectora',
      phone: '+51 999 333 555',
      message: 'Quiero un corte',
    });
    await expect(visitor.page.getByRole('dialog', { name: 'Videollamada' })).toBeVisible();
    await expect(stylist.page.getByRole('dialog', { name: 'Videollamada activa' })).toBeVisible();
    // Both switch to English and reload; each goes back to the call from her own screen.
    for (const page of [visitor.page, stylist.page])
      await page.evaluate(() => localStorage.setItem('preferred-language', 'en'));
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Back to the call' }).click();
    await stylist.page.reload();
    await stylist.page.getByRole('button', { name: 'Back to Call' }).click();
    const visitorScreen = visitor.page.getByRole('dialog', { name: 'Video call' });
    const stylistScreen = stylist.page.getByRole('dialog', { name: 'Active Video Call' });

    await visitorScreen.getByRole('button', { name: 'Chat', exact: true }).click();
    const box = visitorScreen.getByLabel('Chat message');
    await box.fill('Hello');
    await box.press('Enter');
    await expect(visitorScreen.getByRole('log')).toContainText('You');
    await expectAccessible(visitor.page, 'visitor call screen with its chat, en');
    await stylistScreen.getByRole('button', { name: 'Chat, 1 new message' }).click();
    await expect(stylistScreen.getByRole('log')).toContainText('Hello');
    await expectAccessible(stylist.page, 'stylist call screen with notes and chat, en');

    await visitorScreen.getByRole('button', { name: 'Close video call' }).click();
    await expect(
      visitor.page.getByRole('alertdialog', { name: 'Confirm leaving the video call' }),
    ).toBeVisible();
    await expectAccessible(visitor.page, 'exit question, en');
    await stylistScreen.getByRole('button', { name: 'End Call' }).click();
    const end = stylist.page.getByRole('alertdialog', { name: 'End the call?' });
    await expect(end).toBeVisible();
    await expectAccessible(stylist.page, 'end question, en');

    // Ended for both: the visitor's rating card.
    await visitor.page
      .getByRole('alertdialog', { name: 'Confirm leaving the video call' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await end.getByRole('button', { name: 'End for both' }).click();
    await expect(
      visitor.page.getByRole('region', { name: 'How was your consultation?' }),
    ).toBeVisible();
    await expectAccessible(visitor.page, 'rating card, en');

    await visitor.context.close();
    await stylist.context.close();
  });
});
