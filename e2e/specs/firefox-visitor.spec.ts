/**
 * A visitor in Firefox (Debian's ESR, over WebDriver BiDi) and a stylist in Chromium: the landing,
 * the request, the wait with her device check, video both ways, the chat both ways, her photo, the
 * end, her rating and her summary page;
 * before that, with nobody signed in, a booking from the landing, moved and cancelled on her page;
 * after it, the same consultation from the widget on the salon's own site (another origin). Every step
 * is the visitor's own clicks and typing; the checks read what her screen shows.
 */
import { writeFile } from 'node:fs/promises';
import { weekdays, type WorkingHours } from '@belleza/contract';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.js';
import { Api, uniqueEmail } from '../support/api.js';
import {
  consoleProblems,
  frameOf,
  launchFirefox,
  type FirefoxBrowser,
  type FirefoxPage,
} from '../support/firefox.js';
import { startHostSite } from '../support/host-site.js';
import { acceptRinging, ADVISOR_FRAME, signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, participant } from '../support/video.js';

const aria = (name: string, role: string) => `::-p-aria([name="${name}"][role="${role}"])`;

/** Whether her page (or one of its frames) shows `text` now. */
const shows = (page: FirefoxPage, text: string) =>
  page.evaluate((t) => document.body.innerText.includes(t), text);

/** Decoded size of the widest remote video in the frame whose address contains `part`. */
async function remoteVideoWidth(page: FirefoxPage, part: string): Promise<number> {
  const frame = frameOf(page, part);
  if (!frame) return 0;
  return frame.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')].map(
        (v) => v.videoWidth,
      ),
    ),
  );
}

test.describe('a visitor in Firefox', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let firefox: FirefoxBrowser;
  test.beforeAll(async ({}, workerInfo) => {
    server = await startServer(4730 + workerInfo.parallelIndex);
    firefox = await launchFirefox();
  });
  test.afterAll(async () => {
    await firefox?.close();
    await server?.stop();
  });
  // Playwright keeps the Chromium side of a failure (trace, screenshots); this keeps her side: each
  // of her pages as she saw it, and its text. Then her contexts close, passed or failed.
  test.afterEach(async ({}, testInfo) => {
    const failed = testInfo.status !== testInfo.expectedStatus;
    const pages = failed ? await firefox.pages() : [];
    for (const [i, page] of pages.entries()) {
      const shot = testInfo.outputPath(`firefox-page-${i + 1}.png`);
      const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      if (
        await page.screenshot({ path: shot }).then(
          () => true,
          () => false,
        )
      )
        await testInfo.attach(`firefox page ${i + 1}: ${page.url()}`, {
          path: shot,
          contentType: 'image/png',
        });
      await testInfo.attach(`firefox page ${i + 1} text`, {
        body: text,
        contentType: 'text/plain',
      });
    }
    for (const context of firefox.browserContexts())
      if (context !== firefox.defaultBrowserContext()) await context.close().catch(() => undefined);
  });

  // First, while nobody is signed in: the landing offers the booking instead of a call.
  test('books from the landing, then moves and cancels it on her manage page', async () => {
    test.setTimeout(120_000);
    const adminApi = await Api.login(server.url);
    const allDay = Object.fromEntries(
      weekdays.map((day) => [day, { start: '00:00', end: '23:59', enabled: true }]),
    ) as WorkingHours;
    await adminApi.createAdvisor({
      name: 'Zoe Agenda',
      email: uniqueEmail('fx-booked'),
      password: 'stylist-pass-1234',
      title: 'Colorista',
      showOnLanding: true,
      workingHours: allDay,
    });

    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await page.goto(server.url + '/');
    await page.locator(aria('Consulta gratuita en vivo', 'button')).click();
    await page.locator(aria('Reservar una cita', 'button')).click();
    // Her stylist from a card with her name and title; then the first free time of the first day.
    await page.locator('::-p-aria([name="Zoe Agenda Colorista"][role="radio"])').click();
    await page.locator('.slot-chip--time').click();
    const booked = await page.$eval('.slot-chip--time input:checked', (input) => input.value);
    await page.locator(aria('Continuar', 'button')).click();
    await page.locator(aria('Nombre', 'textbox')).fill('Rosa Zorro');
    await page.locator(aria('Teléfono', 'textbox')).fill('+51 999 444 666');
    await page.locator('::-p-aria([role="checkbox"])').click();
    await page.locator(aria('Reservar cita', 'button')).click();
    await expect.poll(() => shows(page, '¡Listo! Tu cita está reservada')).toBe(true);
    expect(await shows(page, 'Zoe Agenda · Colorista')).toBe(true);
    const link = await page
      .locator(aria('Enlace de tu cita', 'textbox'))
      .map((input) => (input as HTMLInputElement).value)
      .wait();
    const manage = new URL(link);
    expect(manage.pathname).toMatch(/^\/cita\/apt_\w+$/);

    // Her manage page, from the link she kept: another time, then the cancellation.
    await page.goto(server.url + manage.pathname + manage.hash);
    await expect.poll(() => shows(page, 'Tu cita, Rosa Zorro')).toBe(true);
    await page.locator(aria('Cambiar horario', 'button')).click();
    await page.waitForSelector('[role="dialog"] .slot-chip--time');
    // Another free time than hers: on the day shown, or the next one (her time may be its last).
    const otherTime = (skip: string) =>
      page.$$eval(
        '[role="dialog"] .slot-chip--time input',
        (inputs, not) => inputs.map((i) => i.value).find((v) => v !== not),
        skip,
      );
    let target = await otherTime(booked);
    if (!target) {
      await page.locator(aria('Día siguiente', 'button')).click();
      await page.waitForSelector('[role="dialog"] .slot-chip--time');
      target = await otherTime(booked);
    }
    if (!target) throw new Error('no other free time to move to');
    const other = await page.waitForSelector(`[role="dialog"] input[value="${target}"]`);
    const time = await page.$eval(
      `[role="dialog"] input[value="${target}"] + .slot-chip__text`,
      (text) => text.firstChild?.textContent?.trim() ?? '',
    );
    expect(time).toMatch(/^\d{2}:\d{2}/);
    await other!.evaluate((input) => (input.closest('label') as HTMLLabelElement).click());
    await page.locator(aria('Cambiar a este horario', 'button')).click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[role="dialog"]') === null))
      .toBe(true);
    await expect.poll(() => shows(page, time)).toBe(true);
    await page.locator(aria('Cancelar cita', 'button')).click();
    await page.locator(aria('Sí, cancelar', 'button')).click();
    await expect.poll(() => shows(page, 'Esta cita está cancelada.')).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });

  test('asks, talks on video and in the chat with a Chromium stylist, and rates', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const adminApi = await Api.login(server.url);
    // She checks her devices while the stylist is rung; on a busy machine that takes longer than
    // the default 30 s ring, after which an unanswered request ends ("nadie respondió").
    await adminApi.setCallTimeout(300);
    const email = uniqueEmail('fx-stylist');
    const flor = await adminApi.createAdvisor({
      name: 'Flor Zorro',
      email,
      password: 'stylist-pass-1234',
    });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, 'stylist-pass-1234');

    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await page.goto(server.url + '/');
    await page.waitForFunction(() => document.body.innerText.includes('Estilistas en línea'));
    await page.locator(aria('Consulta gratuita en vivo', 'button')).click();
    await page.locator(aria('Nombre', 'textbox')).fill('Rocío Firefox');
    await page.locator(aria('Teléfono', 'textbox')).fill('+51 999 444 555');
    await page.locator(aria('Mensaje', 'textbox')).fill('Quiero un color cobrizo');
    await page.locator('::-p-aria([role="checkbox"])').click();
    await page.locator(aria('Solicitar consulta', 'button')).click();
    await expect.poll(() => shows(page, 'Esperando a tu estilista...')).toBe(true);
    // While she waits, her camera and microphone checked (Firefox's fake devices).
    await page.locator(aria('Probar cámara y micrófono', 'button')).click();
    // Firefox reports no camera permission granted beforehand: she is asked first, as on a first
    // visit.
    await page.locator(aria('Activar cámara y micrófono', 'button')).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('video')].some((v) => v.videoWidth > 0 && !v.paused),
        ),
      )
      .toBe(true);
    // Both devices work: the check offers to use them (not a failure with its retry).
    await expect.poll(() => shows(page, 'Listo, usar estos dispositivos')).toBe(true);
    await page.locator(aria('Listo, usar estos dispositivos', 'button')).click();
    await expect
      .poll(() => shows(page, 'Cámara y micrófono listos para la videollamada.'))
      .toBe(true);

    await acceptRinging(stylist.page, 'Rocío Firefox');
    // Video both ways: her Firefox decodes the stylist, the stylist's Chromium decodes her.
    await expect
      .poll(() => remoteVideoWidth(page, 'daily_video_call.html'), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);

    // The chat, both ways: her message arrives and stops being 'Enviando…'.
    await page.locator(aria('Chat', 'button')).click();
    const box = page.locator(aria('Mensaje para el chat', 'textbox'));
    await box.fill('Hola, ¿se ve bien el color?');
    await page.keyboard.press('Enter');
    const stylistScreen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    await stylistScreen.getByRole('button', { name: /^Chat, 1 mensaje nuevo/ }).click();
    await expect(stylistScreen.getByRole('log')).toContainText('Hola, ¿se ve bien el color?');
    await expect.poll(() => shows(page, 'Enviando')).toBe(false);
    const reply = stylistScreen.getByLabel('Mensaje para el chat');
    await reply.fill('Sí, se ve muy bien');
    await reply.press('Enter');
    await expect.poll(() => shows(page, 'Sí, se ve muy bien')).toBe(true);

    // A photo from her Firefox (its file picker answered with a file): the stylist sees it whole.
    const photo = testInfo.outputPath('raices.jpg');
    await writeFile(
      photo,
      await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#8b5a2b' } })
        .jpeg()
        .toBuffer(),
    );
    const input = await page.$('.vc-overlay input[type=file]');
    if (!input) throw new Error('no photo input in her call screen');
    await input.uploadFile(photo);
    const seen = stylistScreen
      .getByRole('log')
      .getByRole('img', { name: 'Foto de Rocío Firefox' })
      .last();
    await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
    await expect.poll(() => shows(page, 'Enviando')).toBe(false);

    // The stylist ends it; her Firefox says so and takes her rating.
    await stylistScreen.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page.getByRole('button', { name: 'Finalizar para ambos' }).click();
    await expect.poll(() => shows(page, 'Consulta finalizada')).toBe(true);
    await page.locator(aria('5 estrellas', 'radio')).click();
    await page.locator(aria('Enviar calificación', 'button')).click();
    await expect.poll(() => shows(page, '¡Gracias por tu calificación!')).toBe(true);

    // Her summary page: the conversation and her photo are there.
    const summary = await page
      .locator(aria('Ver mi resumen', 'link'))
      .map((a) => (a as HTMLAnchorElement).href)
      .wait();
    await page.goto(summary);
    await expect.poll(() => shows(page, 'Resumen de tu consulta, Rocío Firefox')).toBe(true);
    expect(await shows(page, 'Hola, ¿se ve bien el color?')).toBe(true);
    expect(await shows(page, 'Sí, se ve muy bien')).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => [...document.images].filter((i) => i.naturalWidth > 0).length),
      )
      .toBeGreaterThan(0);

    expect(problems).toEqual([]);
    await context.close();
    await stylist.context.close();
    // Gone, not merely disconnected: the next test's call rings only its own stylist.
    await adminApi.setAdvisorStatus(flor.advisorId, 'offline');
  });

  test("consults from the widget on the salon's own site, with video both ways, and rates", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminApi = await Api.login(server.url);
    const port = 4735;
    const site = `http://127.0.0.2:${port}`;
    const host = await startHostSite('127.0.0.2', port, server.url);
    try {
      await adminApi.setEmbedOrigins([site]);
      const email = uniqueEmail('fx-widget');
      await adminApi.createAdvisor({ name: 'Wanda Widget', email, password: 'stylist-pass-1234' });
      const stylist = await participant(browser, server.url);
      await signInAvailable(stylist.page, email, 'stylist-pass-1234');

      const context = await firefox.createBrowserContext();
      const page = await context.newPage();
      const problems = consoleProblems(page);
      await page.goto(`${site}/`);
      // The widget's button, inside its shadow root, whatever the salon's CSS does to buttons.
      await page.locator('belleza-en-vivo >>> button').click();
      const embed = async () => {
        await expect.poll(() => Boolean(frameOf(page, '/embed?'))).toBe(true);
        return frameOf(page, '/embed?')!;
      };
      const frame = await embed();
      await frame.locator(aria('Nombre', 'textbox')).fill('Wendy Firefox');
      await frame.locator(aria('Teléfono', 'textbox')).fill('+51 999 444 777');
      await frame.locator(aria('Mensaje', 'textbox')).fill('Quiero un corte bob');
      await frame.locator('::-p-aria([role="checkbox"])').click();
      await frame.locator(aria('Solicitar consulta', 'button')).click();
      const inFrame = (text: string) =>
        frame.evaluate((t) => document.body.innerText.includes(t), text);
      await expect.poll(() => inFrame('Esperando a tu estilista...')).toBe(true);

      await acceptRinging(stylist.page, 'Wendy Firefox');
      await expect
        .poll(() => remoteVideoWidth(page, 'daily_video_call.html'), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expectRemoteVideo(stylist.page, ADVISOR_FRAME);

      await stylist.page.getByRole('button', { name: 'Finalizar llamada' }).click();
      await stylist.page.getByRole('button', { name: 'Finalizar para ambos' }).click();
      await expect.poll(() => inFrame('¿Cómo fue tu consulta?')).toBe(true);
      // The fifth star as she sees it (the radio under it is out of sight).
      await frame.locator('.rating-star:has(input[value="5"])').click();
      await frame.locator(aria('Enviar calificación', 'button')).click();
      await expect.poll(() => inFrame('¡Gracias por tu calificación!')).toBe(true);

      expect(problems).toEqual([]);
      await context.close();
      await stylist.context.close();
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
