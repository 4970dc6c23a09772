/**
 * Screen sharing on the built-in video (docs/product.md#screen-sharing), through the real screens:
 * the stylist presses 'Compartir pantalla' (Chromium's fake capture answers getDisplayMedia, as its
 * fake camera answers getUserMedia), her page sends the screen instead of her camera, and the
 * visitor's phone shows it whole, across the screen, named, with her own self-view beside it rather
 * than over it; after 'Dejar de compartir' both are back on the camera. With the setting off there
 * is no control.
 */
import type { Locator, Page } from '@playwright/test';
import { Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME, VISITOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, stylistTakesVisitor } from '../support/video.js';

const STYLIST = 'Sara Pantalla';
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** The labels of the video tracks a page sends (its peer connections, recorded by the RTC probe). */
function sentVideo(page: Page, frame: string): Promise<string[]> {
  return page
    .frameLocator(frame)
    .locator(':root')
    .evaluate(() => {
      const probe = (window as unknown as { __rtcProbe?: { pcs: RTCPeerConnection[] } }).__rtcProbe;
      return (probe?.pcs ?? [])
        .filter((pc) => pc.connectionState !== 'closed')
        .flatMap((pc) =>
          pc.getSenders().flatMap((s) => (s.track?.kind === 'video' ? [s.track.label] : [])),
        );
    });
}

/** How many frames the <video> has put on screen so far, read when it shows its next one. */
function nextFrame(video: Locator): Promise<number> {
  return video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) =>
        v.requestVideoFrameCallback((_now, meta) => resolve(meta.presentedFrames)),
      ),
  );
}

/** The <video> shows a picture (it has a size) and new frames keep coming. */
async function expectMoving(video: Locator): Promise<void> {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  const first = await nextFrame(video);
  await expect.poll(() => nextFrame(video)).toBeGreaterThan(first + 2);
}

async function allowScreenShare(api: Api, enabled: boolean): Promise<void> {
  const current = await api.getSettings();
  await api.request('PUT', '/api/settings', {
    ...current,
    video: { ...current.video, enableScreenShare: enabled },
  });
}

/** The call screen's one control bar (in the page, not in the video's frame). */
const controlsOf = (page: Page) => page.getByRole('toolbar', { name: 'Controles de la llamada' });

test.describe('screen sharing', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylists are the only ones who can be rung.
    server = await startServer(4490 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("the stylist's screen shows whole on the visitor's phone, and the camera comes back", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { stylist, visitor } = await stylistTakesVisitor(browser, server.url, STYLIST, {
      name: 'Lucía Ramos',
      phone: '+51 999 333 666',
      message: 'Quiero ver ejemplos de peinados',
    });
    await visitor.page.setViewportSize(PHONE);
    const stylistFrame = stylist.page.frameLocator(ADVISOR_FRAME);
    const visitorFrame = visitor.page.frameLocator(VISITOR_FRAME);
    await expectRemoteVideo(visitor.page, VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const camera = await sentVideo(stylist.page, ADVISOR_FRAME);
    expect(camera).toHaveLength(1);
    // Only the stylist shares.
    await expect(
      controlsOf(visitor.page).getByRole('button', { name: 'Apagar cámara' }),
    ).toBeVisible();
    await expect(
      controlsOf(visitor.page).getByRole('button', { name: 'Compartir pantalla' }),
    ).toHaveCount(0);

    await controlsOf(stylist.page).getByRole('button', { name: 'Compartir pantalla' }).click();
    await expect(
      controlsOf(stylist.page).getByRole('button', { name: 'Dejar de compartir' }),
    ).toBeVisible();
    await expect(stylistFrame.getByText(/Estás compartiendo tu pantalla/)).toBeVisible();
    // Her page sends the captured screen on the same link, in place of the camera.
    await expect
      .poll(async () => (await sentVideo(stylist.page, ADVISOR_FRAME)).join())
      .toMatch(/^screen:/);
    expect(await sentVideo(stylist.page, ADVISOR_FRAME)).toHaveLength(1);

    // The visitor's phone: the screen, named, whole, across the stage, her self-view off it.
    const shared = visitorFrame.getByRole('figure').filter({ hasText: `Pantalla de ${STYLIST}` });
    const screenVideo = visitorFrame.getByLabel(`Pantalla de ${STYLIST}`);
    await expect(screenVideo).toBeVisible();
    await expectMoving(screenVideo);
    await expect(screenVideo).toHaveCSS('object-fit', 'contain');
    const tile = await boxOf(shared);
    const selfView = await boxOf(visitorFrame.getByRole('figure').filter({ hasText: 'Tú' }));
    expect(overlaps(tile, selfView), 'self-view over the shared screen').toBe(false);
    const stage = await boxOf(visitor.page.locator(VISITOR_FRAME));
    expect(tile.width, 'the screen across the phone').toBeGreaterThan(stage.width * 0.9);
    for (const [who, page] of [
      ['visitor', visitor.page],
      ['stylist', stylist.page],
    ] as const) {
      const shot = testInfo.outputPath(`${who}-sharing.png`);
      await page.screenshot({ path: shot });
      await testInfo.attach(`${who} while the screen is shared`, {
        path: shot,
        contentType: 'image/png',
      });
    }

    // Back to the camera, on both sides.
    await controlsOf(stylist.page).getByRole('button', { name: 'Dejar de compartir' }).click();
    await expect(
      controlsOf(stylist.page).getByRole('button', { name: 'Compartir pantalla' }),
    ).toBeVisible();
    await expect.poll(() => sentVideo(stylist.page, ADVISOR_FRAME)).toEqual(camera);
    const cameraVideo = visitorFrame.getByLabel(`Video de ${STYLIST}`);
    await expect(cameraVideo).toBeVisible();
    await expect(screenVideo).toHaveCount(0);
    await expectMoving(cameraVideo);
    // A camera is shown whole as well (docs/decisions.md, "Every screen fits every size").
    await expect(cameraVideo).toHaveCSS('object-fit', 'contain');

    await visitor.context.close();
    await stylist.context.close();
  });

  test('with screen sharing switched off in the settings, there is no control', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminApi = await Api.login(server.url);
    await allowScreenShare(adminApi, false);
    try {
      const { stylist, visitor } = await stylistTakesVisitor(
        browser,
        server.url,
        'Nora Sinpantalla',
        {
          name: 'Elena Quispe',
          phone: '+51 999 333 777',
          message: 'Quiero un corte',
        },
      );
      await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
      const controls = controlsOf(stylist.page);
      await expect(controls.getByRole('button', { name: 'Apagar cámara' })).toBeVisible();
      await expect(controls.getByRole('button', { name: 'Compartir pantalla' })).toHaveCount(0);
      await visitor.context.close();
      await stylist.context.close();
    } finally {
      await allowScreenShare(adminApi, true);
    }
  });
});
