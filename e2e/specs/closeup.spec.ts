/**
 * Close-up photos (docs/product.md#close-up-photos) through the real screens, with two browsers:
 * the stylist presses 'Foto de detalle', the visitor's page turns to its camera for it (Chromium's
 * fake camera has no rear one: she is told it keeps the camera she has, and the stylist's status
 * line says so), takes a full-resolution still, checks it and sends it; it arrives in the
 * stylist's chat at the camera's full capture size, larger than the frame her video shows, and
 * the visitor's camera is back at the size the call had. In English the stylist asks again and
 * the visitor cancels (the stylist is told); both screens pass axe in both languages; the
 * visitor's summary keeps the close-up at full size.
 *
 * The visitor's browser has Chromium's own fake camera (it follows the page's constraints, up to
 * 3840×2160), not the suite's small clip: a still larger than the call's video needs a camera
 * larger than the call asks for.
 */
import { chromium, type Browser, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { CHROMIUM_PATH, LOOPBACK_VIDEO_ARGS } from '../support/chromium.js';
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME, VISITOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, stylistTakesVisitor } from '../support/video.js';

const log = (page: Page, dialog: string) =>
  page.getByRole('dialog', { name: dialog }).getByRole('log');

type Size = { width: number; height: number };

/** The camera's largest frame, as the visitor's page reads it of the track the call sends. */
const cameraLargest = (frame: FrameLocator): Promise<Size> =>
  frame.locator('video[data-testid="local-video"]').evaluate((v: HTMLVideoElement) => {
    const track = (v.srcObject as MediaStream).getVideoTracks()[0];
    const caps = track?.getCapabilities();
    return { width: caps?.width?.max ?? 0, height: caps?.height?.max ?? 0 };
  });
const cameraNow = (frame: FrameLocator): Promise<Size> =>
  frame.locator('video[data-testid="local-video"]').evaluate((v: HTMLVideoElement) => {
    const settings = (v.srcObject as MediaStream).getVideoTracks()[0]?.getSettings();
    return { width: settings?.width ?? 0, height: settings?.height ?? 0 };
  });
const naturalSize = (img: ReturnType<Page['getByRole']>): Promise<Size> =>
  img.evaluate((i: HTMLImageElement) => ({ width: i.naturalWidth, height: i.naturalHeight }));

test.describe('close-up photos', () => {
  let server: ServerHandle;
  let visitorBrowser: Browser;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4590 + workerInfo.parallelIndex);
    visitorBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...LOOPBACK_VIDEO_ARGS],
    });
  });
  test.afterAll(async () => {
    await visitorBrowser.close();
    await server.stop();
  });

  test('the stylist asks, the visitor sends it full-size; cancelled in English; the summary keeps it', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { stylist, visitor } = await stylistTakesVisitor(
      browser,
      server.url,
      'Carla Detalle',
      { name: 'Sofía Raíces', phone: '+51 999 444 222', message: 'Mis raíces y el tono' },
      { visitorBrowser },
    );
    const stylistScreen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    const visitorFrame = visitor.page.frameLocator(VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const remote = stylist.page
      .frameLocator(ADVISOR_FRAME)
      .locator('video[data-user-type="client"]');
    const shown = await remote.evaluate((v: HTMLVideoElement) => ({
      width: v.videoWidth,
      height: v.videoHeight,
    }));
    const callSize = await cameraNow(visitorFrame);
    const largest = await cameraLargest(visitorFrame);
    expect(largest.width * largest.height).toBeGreaterThan(callSize.width * callSize.height);

    // She asks; the visitor's page opens the close-up over her video.
    await stylistScreen.getByRole('button', { name: 'Foto de detalle' }).click();
    const closeup = visitorFrame.getByRole('dialog', { name: 'Foto de detalle' });
    await expect(closeup).toBeVisible();
    await expect(closeup).toContainText('Carla Detalle te pide una foto de detalle');
    // No rear camera on this machine: she is told, and so is the stylist.
    await expect(closeup.getByRole('status')).toHaveText(/no tiene cámara de atrás/);
    await expect(stylistScreen.getByRole('status').filter({ hasText: 'cámara' })).toHaveText(
      'La clienta no tiene cámara de atrás: usa su cámara de siempre.',
    );
    await expect(stylistScreen.getByRole('button', { name: 'Pidiendo…' })).toBeDisabled();
    await expectAccessible(visitor.page, 'close-up, aiming');
    await expectAccessible(stylist.page, 'stylist waiting for the close-up');

    // From the keyboard: the first control has the focus; Tab order reaches 'Tomar foto'.
    const take = closeup.getByRole('button', { name: 'Tomar foto' });
    await expect(take).toBeFocused();
    await visitor.page.keyboard.press('Enter');
    const still = closeup.getByRole('img', { name: /Tu foto de detalle/ });
    await expect(still).toBeVisible({ timeout: 30_000 });
    await expect(still).toHaveAccessibleName(
      `Tu foto de detalle, ${largest.width} × ${largest.height} píxeles`,
    );
    // The lighting check answered one way or the other.
    await expect(closeup.getByText(/Buena luz|Acércate a una ventana, sin flash/)).toBeVisible();
    await expectAccessible(visitor.page, 'close-up, review');
    await closeup.getByRole('button', { name: 'Enviar foto' }).click();
    await expect(closeup).toBeHidden();

    // The stylist: told, her chat opens on it, at the camera's full size, larger than her video.
    await expect(stylistScreen.getByRole('status').filter({ hasText: 'llegó al chat' })).toHaveText(
      'La foto de detalle llegó al chat.',
    );
    const stylistLog = log(stylist.page, 'Videollamada activa');
    await expect(stylistLog.getByText('Foto de detalle')).toBeVisible();
    const photo = stylistLog.getByRole('img', { name: 'Foto de Sofía Raíces' }).last();
    await expect.poll(async () => (await naturalSize(photo)).width).toBeGreaterThan(0);
    expect(await naturalSize(photo)).toEqual(largest);
    expect(largest.width).toBeGreaterThan(shown.width);
    expect(largest.height).toBeGreaterThan(shown.height);
    // Her camera is back at the size the call had.
    await expect.poll(() => cameraNow(visitorFrame)).toEqual(callSize);
    await expectAccessible(stylist.page, 'stylist chat with the close-up');

    // In English: asked again, she cancels; the stylist is told.
    for (const page of [visitor.page, stylist.page])
      await page.evaluate(() => localStorage.setItem('preferred-language', 'en'));
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Back to the call' }).click();
    await stylist.page.reload();
    await stylist.page.getByRole('button', { name: 'Back to Call' }).click();
    const stylistEn = stylist.page.getByRole('dialog', { name: 'Active Video Call' });
    const advisorFrameEn = 'iframe[title="Video call with the client"]';
    const visitorFrameEn = visitor.page.frameLocator(
      'iframe[title="Video call with your stylist"]',
    );
    await expectRemoteVideo(stylist.page, advisorFrameEn);
    await stylistEn.getByRole('button', { name: 'Close-up photo' }).click();
    const closeupEn = visitorFrameEn.getByRole('dialog', { name: 'Close-up photo' });
    await expect(closeupEn.getByRole('button', { name: 'Take photo' })).toBeVisible();
    await expectAccessible(visitor.page, 'close-up, aiming, en');
    await expectAccessible(stylist.page, 'stylist waiting for the close-up, en');
    await visitor.page.keyboard.press('Escape');
    await expect(closeupEn).toBeHidden();
    await expect(stylistEn.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(
      'The client cancelled the close-up.',
    );
    await expect(stylistEn.getByRole('button', { name: 'Close-up photo' })).toBeEnabled();
    await expect.poll(() => cameraNow(visitorFrameEn)).toEqual(callSize);

    // The call ends; her summary keeps the close-up at its full size.
    await stylistEn.getByRole('button', { name: 'End Call' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: 'End the call?' })
      .getByRole('button', { name: 'End for both' })
      .click();
    const card = visitor.page.getByRole('region', { name: 'How was your consultation?' });
    const address = await card.getByRole('link', { name: 'See my summary' }).getAttribute('href');
    await visitor.page.goto(address ?? '');
    await expect(visitor.page.getByText('Close-up photo, at full resolution')).toBeVisible();
    const kept = visitor.page.getByRole('img', { name: /Sofía Raíces/ }).first();
    await expect.poll(async () => (await naturalSize(kept)).width).toBeGreaterThan(0);
    expect(await naturalSize(kept)).toEqual(largest);
  });
});
