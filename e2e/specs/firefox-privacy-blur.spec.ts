/**
 * The privacy blur in Firefox (Debian's ESR over WebDriver BiDi), which has no
 * MediaStreamTrackProcessor: the same canvas pipeline must run there. Firefox's fake camera is a
 * flat colour that changes over time (nothing to blur), so the plain background is what is
 * measured: in her pre-join preview, and in what the stylist's Chromium decodes of her, the plain
 * colour covers most of the picture with it on and almost none of it with it off.
 *
 * On-device vision reads frames through WebGL. Where Firefox has none (headless Firefox on a
 * machine whose software renderer it blocks), the blur is not offered: choosing it says so, and
 * her camera goes out as it is. Which of the two this run proves is printed.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { Api, uniqueEmail } from '../support/api.js';
import { launchFirefox, type FirefoxBrowser, type FirefoxPage } from '../support/firefox.js';
import { acceptRinging, ADVISOR_FRAME, signInAvailable } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, participant } from '../support/video.js';

const aria = (name: string, role: string) => `::-p-aria([name="${name}"][role="${role}"])`;
const shows = (page: FirefoxPage, text: string) =>
  page.evaluate((t) => document.body.innerText.includes(t), text);

/** The share of a video's pixels in the plain background's colour (compositor.ts), in its page. */
function plainShare(video: HTMLVideoElement | null): number {
  if (!video) return -1;
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return -1;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return -1;
  ctx.drawImage(video, 0, 0);
  const d = ctx.getImageData(0, 0, width, height).data;
  let near = 0;
  for (let i = 0; i < d.length; i += 4)
    if (Math.abs(d[i]! - 226) + Math.abs(d[i + 1]! - 214) + Math.abs(d[i + 2]! - 204) < 45) near++;
  return near / (width * height);
}

/** Her choice of background, picked in the select her screen shows now. */
async function chooseBackground(page: FirefoxPage, value: string): Promise<void> {
  const select = await page.locator(aria('Fondo de tu video', 'combobox')).waitHandle();
  await select.select(value);
  await select.dispose();
}

const POLL = { timeout: 45_000, intervals: [250, 500, 1000] };

test.describe('privacy blur in Firefox', () => {
  let server: ServerHandle;
  let firefox: FirefoxBrowser;
  test.beforeAll(async ({}, workerInfo) => {
    server = await startServer(4750 + workerInfo.parallelIndex);
    firefox = await launchFirefox();
  });
  test.afterAll(async () => {
    await firefox?.close();
    await server?.stop();
  });

  test('her plain background, made in Firefox, is what the stylist decodes; off again', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('fx-blur');
    const password = 'stylist-pass-1234';
    await adminApi.createAdvisor({ name: 'Eva Zorro', email, password });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, password);

    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await page.waitForFunction(() => document.body.innerText.includes('Estilistas en línea'));
    await page.locator(aria('Consulta gratuita en vivo', 'button')).click();
    await page.locator(aria('Nombre', 'textbox')).fill('Rocío Fondo');
    await page.locator(aria('Teléfono', 'textbox')).fill('+51 999 444 777');
    await page.locator(aria('Mensaje', 'textbox')).fill('Quiero ver un tono');
    await page.locator('::-p-aria([role="checkbox"])').click();
    await page.locator(aria('Solicitar consulta', 'button')).click();
    await expect.poll(() => shows(page, 'Esperando a tu estilista...')).toBe(true);
    await page.locator(aria('Probar cámara y micrófono', 'button')).click();
    await page.locator(aria('Activar cámara y micrófono', 'button')).click();
    const preview = () =>
      page.evaluate(
        `(${plainShare.toString()})(document.querySelector('video[aria-label="Vista previa de tu cámara"]'))`,
      ) as Promise<number>;
    await expect.poll(preview, POLL).toBeGreaterThanOrEqual(0);
    expect(await preview()).toBeLessThan(0.1);
    const webgl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    });
    console.info(`[firefox-privacy-blur] WebGL in this Firefox: ${webgl ? 'yes' : 'no'}`);
    await chooseBackground(page, 'replace');
    if (!webgl) {
      // Not offered: she is told, and her camera is what goes out.
      await expect
        .poll(() => shows(page, 'Este navegador no puede difuminar el fondo'), POLL)
        .toBe(true);
      expect(await preview()).toBeLessThan(0.1);
      await page.locator(aria('Listo, usar estos dispositivos', 'button')).click();
      await acceptRinging(stylist.page, 'Rocío Fondo');
      await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
      const camera = stylist.page
        .frameLocator(ADVISOR_FRAME)
        .locator('video[data-user-type="client"]');
      expect(await camera.evaluate(plainShare as (video: Element) => number)).toBeLessThan(0.1);
      await context.close();
      return;
    }
    await expect.poll(preview, POLL).toBeGreaterThan(0.6);
    await page.locator(aria('Listo, usar estos dispositivos', 'button')).click();

    // The stylist's Chromium decodes what Firefox composited.
    await acceptRinging(stylist.page, 'Rocío Fondo');
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const ofVisitor: Locator = stylist.page
      .frameLocator(ADVISOR_FRAME)
      .locator('video[data-user-type="client"]');
    // Sent to the page whole (its source), as the preview's reading is.
    const decoded = () => ofVisitor.evaluate(plainShare as (video: Element) => number);
    await expect.poll(decoded, POLL).toBeGreaterThan(0.6);

    // Off from her call's bar: her camera again.
    await chooseBackground(page, 'off');
    await expect.poll(decoded, POLL).toBeLessThan(0.1);
    await context.close();
  });
});
