/**
 * Stylists are rung when they can answer (docs/product.md#presence, docs/product.md#auto-accept):
 * - a dashboard left in a background tab for over a minute (timers throttled to once a minute, as
 *   Chrome does) stays online the whole time and still rings when a visitor asks;
 * - a stylist with auto-accept is alerted (notification, tab title) and lands on the call screen
 *   with the visitor's video, without pressing anything.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Advisor } from '@belleza/contract';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/contexts.js';
import {
  installBackgroundTabEmulation,
  throttleLikeBackgroundTab,
} from '../support/background-tab.js';
import {
  ADVISOR_FRAME,
  signInAvailable,
  submitConsultation,
  VISITOR_FRAME,
} from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, installRtcProbe } from '../support/video.js';

const PASSWORD = 'ringing-pass-123';
// Two minutes: two whole minutes of throttled timers, in which the old 5 s heartbeat with its 15 s
// grace would have dropped her out of routing for most of each minute.
const BACKGROUND_MS = 120_000;

/** Records the browser notifications a page shows (the permission is granted). */
async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions = {}) {
        shown.push({ title, body: options.body ?? '' });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
  });
}

/** Records every title the page sets (a flag stays until she has seen it, then goes). */
async function recordTitles(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const titles: string[] = [];
    (window as unknown as { __titles: string[] }).__titles = titles;
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
    Object.defineProperty(Document.prototype, 'title', {
      configurable: true,
      get() {
        return native.get!.call(this) as string;
      },
      set(value: string) {
        titles.push(value);
        native.set!.call(this, value);
      },
    });
  });
}

const titlesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __titles: string[] }).__titles);

const notificationsOf = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
  );

async function stylistPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  await installRtcProbe(context);
  await installBackgroundTabEmulation(context);
  await recordNotifications(context);
  await recordTitles(context);
  return { context, page: await context.newPage() };
}

test.describe('stylists are rung when they can answer', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let admin: Api;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylists are the only ones a call can ring.
    server = await startServer(4430 + workerInfo.parallelIndex);
    admin = await Api.login(server.url);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  // Two minutes of waiting with nothing to compute: it runs in a lane of its own (@idle, see
  // playwright.config.ts) beside the specs that keep the cores busy.
  test(
    'a dashboard in a background tab for two minutes stays online and still rings',
    {
      tag: '@idle',
    },
    async ({ browser }) => {
      test.setTimeout(BACKGROUND_MS + 60_000);
      const email = uniqueEmail('background');
      const created = await admin.createAdvisor({ name: 'Nora Fondo', email, password: PASSWORD });
      const stylist = await stylistPage(browser, server.url);
      await signInAvailable(stylist.page, email, PASSWORD);

      await throttleLikeBackgroundTab(stylist.page);
      const hiddenAt = Date.now();
      // Watched every few seconds the whole time: she never drops out of routing,
      // although her page's 5 s heartbeat now runs about once a minute.
      const seenOffline: number[] = [];
      await expect
        .poll(
          async () => {
            const me = await admin.request<Advisor>('GET', `/api/advisors/${created.advisorId}`);
            if (!me.online || me.status !== 'available') seenOffline.push(Date.now() - hiddenAt);
            return Date.now() - hiddenAt;
          },
          { timeout: BACKGROUND_MS + 30_000, intervals: [5_000] },
        )
        .toBeGreaterThan(BACKGROUND_MS);
      expect(seenOffline).toEqual([]);

      // A visitor asks: the background tab is rung (popup and notification) at once.
      const call = await new Api(server.url).requestCall('Beatriz Prisa');
      expect(call.advisorId).toBe(created.advisorId);
      const popup = stylist.page.getByRole('alertdialog', { name: 'Llamada entrante' });
      await expect(popup).toContainText('Beatriz Prisa');
      await expect
        .poll(() => notificationsOf(stylist.page))
        .toContainEqual(expect.objectContaining({ title: 'Llamada entrante' }));
      // Nobody answers it: withdrawn, so the queue (first come, first served) is empty for the next test.
      await admin.request('POST', `/api/calls/${call.callId}/cancel`, {});
      await stylist.context.close();
    },
  );

  test('a stylist with auto-accept is alerted and lands on the call with the visitor', async ({
    browser,
  }) => {
    const email = uniqueEmail('auto');
    await admin.createAdvisor({
      name: 'Olga Automática',
      email,
      password: PASSWORD,
      autoAcceptCalls: true,
    });
    const stylist = await stylistPage(browser, server.url);
    await signInAvailable(stylist.page, email, PASSWORD);
    const originalTitle = await stylist.page.title();
    // Stylists of earlier tests may still be inside their reconnect grace: only Olga may be rung.
    for (const other of await admin.request<Advisor[]>('GET', '/api/advisors')) {
      if (other.email !== email && other.status !== 'offline')
        await admin.setAdvisorStatus(other.advisorId, 'offline');
    }

    const visitorContext = await browser.newContext({
      baseURL: server.url,
      permissions: ['camera', 'microphone'],
    });
    await installRtcProbe(visitorContext);
    const visitor = await visitorContext.newPage();
    // The server accepts at once: the visitor goes straight to the video.
    await submitConsultation(visitor, {
      name: 'Pilar Auto',
      phone: '+51 955 444 333',
      message: 'Quiero un tinte',
    });
    await expect(visitor.getByRole('dialog', { name: 'Videollamada' })).toBeVisible();

    // She pressed nothing: the call screen opened with the visitor's video, and she was told.
    await expect(stylist.page.getByRole('dialog', { name: 'Videollamada activa' })).toBeVisible();
    await expect(stylist.page.getByRole('dialog', { name: 'Videollamada activa' })).toContainText(
      'Pilar Auto',
    );
    expect(await notificationsOf(stylist.page)).toContainEqual({
      title: 'Llamada conectada',
      body: 'Pilar Auto está en la videollamada: la aceptaste automáticamente.',
    });
    // The tab said so (the flag goes 5 s after she has seen it, which she has).
    expect(await titlesOf(stylist.page)).toContain(`Llamada conectada · ${originalTitle}`);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    await expectRemoteVideo(visitor, VISITOR_FRAME);
    await visitorContext.close();
    await stylist.context.close();
  });
});
