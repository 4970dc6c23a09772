/**
 * The consultation on a salon's own website (docs/product.md#widget-on-the-salons-website), through
 * a real browser: a plain page on another site (127.0.0.2, so even the cookie/storage "site"
 * differs from the app's), styled as aggressively as a careless theme would be (`all: unset` on
 * everything, buttons and iframes hidden), pastes the one script tag. Before the visitor reaches
 * the button only the script and the availability read have loaded; then she asks from the widget,
 * a stylist accepts in another browser, both decode video, a reload of the host page brings
 * 'Consulta activa' back inside the widget (this Chromium, like any incognito window, denies the
 * cross-site frame its storage: the saved consultation comes back from the server's partitioned
 * cookie), the stylist ends, she rates, and the host page hears every event. A page on an origin
 * the admin did not list gets no button, no frame and a console warning, and cannot frame the app
 * by hand either.
 */
import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import { WIDGET_MAX_GZIP_BYTES, WIDGET_SAVED_FLAG } from '@belleza/contract';
import type { ConsoleMessage, FrameLocator, Page } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { startHostSite } from '../support/host-site.js';
import {
  acceptRinging,
  ADVISOR_FRAME,
  signInAvailable,
  VISITOR_FRAME,
} from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, installRtcProbe, participant } from '../support/video.js';

const PASSWORD = 'stylist-pass-1234';
const WIDGET_FRAME = 'iframe[src*="/embed?"]';

type HostEvent = { name: string; detail: unknown };

/** The size of `/widget.js` on the wire when the browser accepts gzip. */
function gzipBytes(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostEvents: HostEvent[] }).hostEvents);
const eventNames = async (page: Page) => (await hostEvents(page)).map((e) => e.name);

/** JS heap in use after a full garbage collection (bytes). */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

test.describe('widget on a salon site', () => {
  test.use({ actionTimeout: 30_000 });
  let server: ServerHandle;
  let allowedSite: Server;
  let otherSite: Server;
  let allowedOrigin: string;
  let otherOrigin: string;

  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one.
    server = await startServer(4540 + workerInfo.parallelIndex);
    const port = 4550 + 2 * workerInfo.parallelIndex;
    allowedOrigin = `http://127.0.0.2:${port}`;
    otherOrigin = `http://127.0.0.1:${port + 1}`;
    allowedSite = await startHostSite('127.0.0.2', port, server.url);
    otherSite = await startHostSite('127.0.0.1', port + 1, server.url);
    const admin = await Api.login(server.url);
    await admin.setEmbedOrigins([allowedOrigin]);
  });
  test.afterAll(async () => {
    await new Promise((resolve) => allowedSite.close(resolve));
    await new Promise((resolve) => otherSite.close(resolve));
    await server.stop();
  });

  test('a visitor consults from the widget on an allowed site, with video, a reload and a rating', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const admin = await Api.login(server.url);
    const email = uniqueEmail('widget');
    await admin.createAdvisor({ name: 'Lucía Widget', email, password: PASSWORD });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, PASSWORD);

    // ---- small, and nothing but itself and the availability before she reaches the button
    const wire = await gzipBytes(`${server.url}/widget.js`);
    expect(wire.encoding).toBe('gzip');
    expect(wire.bytes).toBeLessThanOrEqual(WIDGET_MAX_GZIP_BYTES);

    const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
    await installRtcProbe(context);
    const page = await context.newPage();
    await page.goto(`${allowedOrigin}/?bare`);
    const bareHeap = await heapAfterGc(page);

    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${allowedOrigin}/`);
    const button = page.getByRole('button', { name: /Consulta en vivo/ });
    await expect(button).toBeVisible();
    await expect.poll(() => eventNames(page)).toEqual(['ready']);
    const [ready] = await hostEvents(page);
    expect(ready?.detail).toMatchObject({ open: true, availableAdvisors: 1 });
    expect(requested).toEqual([
      `${allowedOrigin}/`,
      `${server.url}/widget.js`,
      `${server.url}/api/availability`,
    ]);
    expect(page.frames()).toHaveLength(1);
    // The page's heap grows by the widget alone: no app, no React, no frame yet.
    expect((await heapAfterGc(page)) - bareHeap).toBeLessThan(1024 * 1024);
    // One global of its own, nothing else.
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { keysBefore: string[] };
        return Object.keys(window).filter((k) => !w.keysBefore.includes(k) && k !== 'keysBefore');
      }),
    ).toEqual(['BellezaEnVivo']);

    // The host's `all: unset` and hidden buttons did not reach it: a fixed pill, bottom right.
    const viewport = page.viewportSize()!;
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 64);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 64);
    // Named, contrasted and reachable inside its shadow root, whatever the page's own styles.
    await expectAccessible(page, 'the widget on the salon page', 'belleza-en-vivo');

    // ---- reaching the button fetches the consultation; the press opens it over the whole page
    await button.hover();
    await expect.poll(() => requested.some((u) => u.startsWith(`${server.url}/embed?`))).toBe(true);
    await button.click();
    const frameElement = page.locator(WIDGET_FRAME);
    await expect(frameElement).toBeVisible();
    await expect
      .poll(async () => {
        const b = await frameElement.boundingBox();
        return b && [b.x, b.y, Math.round(b.width), Math.round(b.height)];
      })
      .toEqual([0, 0, viewport.width, viewport.height]);
    await expect.poll(() => eventNames(page)).toContain('open');
    const widget: FrameLocator = page.frameLocator(WIDGET_FRAME);
    const form = widget.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await form.getByLabel('Nombre', { exact: true }).fill('Marta Widget');
    await form.getByLabel('Teléfono', { exact: true }).fill('+51 987 654 321');
    await form.getByLabel('Mensaje', { exact: true }).fill('Quiero un corte para cabello rizado');
    await form.getByRole('checkbox', { name: /^(Acepto el uso|I agree to my data)/ }).check();
    await form.getByRole('button', { name: 'Solicitar consulta' }).click();
    await expect(widget.getByText('Esperando a tu estilista...')).toBeVisible();
    await expect
      .poll(async () => (await hostEvents(page)).find((e) => e.name === 'consultation:requested'))
      .toEqual({ name: 'consultation:requested', detail: { subject: 'hair_care' } });

    // ---- the stylist accepts in her own browser; both see each other
    await acceptRinging(stylist.page, 'Marta Widget');
    await expectRemoteVideo(page, widget.frameLocator(VISITOR_FRAME));
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    await expect.poll(() => eventNames(page)).toContain('consultation:started');

    // Her key stays in the frame's origin: the host page holds only the flag, in no URL.
    const hostStorage = await page.evaluate(() => ({ ...localStorage }));
    expect(hostStorage).toEqual({ [WIDGET_SAVED_FLAG]: '1' });
    expect(requested.filter((u) => u.startsWith(allowedOrigin))).toEqual([`${allowedOrigin}/`]);

    // ---- she reloads the salon's page mid-call: 'Consulta activa' comes back inside the widget
    await page.reload();
    const banner = widget.getByRole('region', { name: 'Consulta activa' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText('En curso')).toBeVisible();
    // The banner's strip covers the bottom of the page only, not the page.
    const strip = (await frameElement.boundingBox())!;
    expect(strip.height).toBeLessThan(viewport.height / 3);
    await banner.getByRole('button', { name: 'Volver a la llamada' }).click();
    await expectRemoteVideo(page, widget.frameLocator(VISITOR_FRAME));

    // ---- the stylist ends; she rates inside the widget; the host page hears the end
    await stylist.page.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page.getByRole('button', { name: 'Finalizar para ambos' }).click();
    const card = widget.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    await expect(card).toBeVisible();
    await expect
      .poll(async () => (await hostEvents(page)).find((e) => e.name === 'consultation:ended'))
      .toEqual({ name: 'consultation:ended', detail: { outcome: 'completed' } });
    await card.getByRole('radio', { name: '5 estrellas' }).check();
    await card.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(card.getByText('¡Gracias por tu calificación!')).toBeVisible();
    await expect.poll(() => page.evaluate(() => ({ ...localStorage }))).toEqual({});

    await context.close();
    await stylist.context.close();
  });

  test('a site the admin did not list gets no button, no frame and a warning', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const availability = page.waitForEvent('requestfailed', (r) =>
      r.url().endsWith('/api/availability'),
    );
    await page.goto(`${otherOrigin}/`);
    await availability;
    await expect.poll(() => warnings.some((w) => w.includes('[Belleza en Vivo]'))).toBe(true);
    expect(warnings.find((w) => w.includes('[Belleza en Vivo]'))).toContain(otherOrigin);
    await expect(page.getByRole('button')).toHaveCount(0);
    expect(page.frames()).toHaveLength(1);
    expect(await page.evaluate(() => document.body.children.length)).toBe(3);

    // Framing the app by hand is refused by the browser (frame-ancestors): nothing of it renders.
    const refused = page.waitForEvent('console', (m) => m.text().includes('frame-ancestors'));
    await page.goto(`${otherOrigin}/?bare&frame`);
    await refused;
    const byHand = page.frames().find((f) => f !== page.mainFrame());
    expect(byHand).toBeDefined();
    expect(await byHand!.evaluate(() => document.getElementById('root'))).toBeNull();
    await context.close();
  });
});
