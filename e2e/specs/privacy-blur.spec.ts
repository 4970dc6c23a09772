/**
 * The privacy blur (docs/product.md#privacy-blur) through the real screens, with two browsers and
 * the suite's camera clip: a pattern of fine diagonal lines that moves every frame, textured from
 * edge to edge, with no person in it, so the whole picture is background. Measured on the pixels
 * the other side decodes: the texture (mean squared luma difference between neighbouring pixels,
 * away from the borders: a sharp edge counts far more than the same step spread over a blur's
 * ramp) falls when her background is blurred and comes back when she switches it off;
 * the plain background shows as its colour over most of the picture. A blur that did nothing would
 * leave the texture as it is; a black or frozen picture would fail the way back.
 *
 * The visitor picks the blur in the pre-join check (her preview shows it), the stylist receives it
 * blurred; in the call she switches it off, to the plain background and back from the call's bar;
 * after a reload her page still blurs, and her camera turned off and on comes back blurred. The stylist blurs her own video from her bar, in English
 * after a reload, and the visitor receives it blurred. Both screens pass axe in both languages.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { Api, uniqueEmail } from '../support/api.js';
import {
  ADVISOR_FRAME,
  acceptRinging,
  requestConsultation,
  signInAvailable,
  VISITOR_FRAME,
} from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, participant } from '../support/video.js';

/** The plain background's colour (compositor.ts REPLACE_COLOUR). */
const PLAIN = { r: 226, g: 214, b: 204 };

type Pixels = { texture: number; plain: number; luma: number; width: number };

/** What the <video> shows now: its texture, and the share of its pixels in the plain colour. */
const pixelsOf = (video: Locator): Promise<Pixels | null> =>
  video.evaluate((v: HTMLVideoElement, plain) => {
    const width = v.videoWidth;
    const height = v.videoHeight;
    if (!width || !height) return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(v, 0, 0);
    const d = ctx.getImageData(0, 0, width, height).data;
    const luma = (i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
    let diff = 0;
    let count = 0;
    let plainCount = 0;
    let lumaSum = 0;
    const x0 = Math.round(width * 0.1);
    const y0 = Math.round(height * 0.1);
    for (let y = y0; y < height - y0; y++)
      for (let x = x0; x < width - x0; x++) {
        const i = (y * width + x) * 4;
        diff += (luma(i + 4) - luma(i)) ** 2 + (luma(i + width * 4) - luma(i)) ** 2;
        lumaSum += luma(i);
        count++;
        const near =
          Math.abs(d[i]! - plain.r) + Math.abs(d[i + 1]! - plain.g) + Math.abs(d[i + 2]! - plain.b);
        if (near < 45) plainCount++;
      }
    return { texture: diff / count, plain: plainCount / count, luma: lumaSum / count, width };
  }, PLAIN);

const textureOf = async (video: Locator) => (await pixelsOf(video))?.texture ?? -1;
const plainShareOf = async (video: Locator) => (await pixelsOf(video))?.plain ?? -1;
const brightnessOf = async (video: Locator) => (await pixelsOf(video))?.luma ?? -1;

/** Settles on a figure: several readings a frame apart, the largest (a blurred frame never lies). */
async function steadyTexture(video: Locator): Promise<number> {
  let best = -1;
  for (let i = 0; i < 5; i++) {
    best = Math.max(best, await textureOf(video));
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((done) => {
          if ('requestVideoFrameCallback' in v) v.requestVideoFrameCallback(() => done());
          else setTimeout(done, 100);
        }),
    );
  }
  return best;
}

const POLL = { timeout: 45_000, intervals: [250, 500, 1000] };

/** Her choice of background (the select named `label`), as a user picks it. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await select.selectOption({ label: option });
  await expect(select.getByRole('option', { name: option })).toHaveJSProperty('selected', true);
}

test.describe('privacy blur', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4610 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('her blurred or plain background is what the other side decodes, off again cleanly, remembered', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('stylist');
    const password = 'stylist-pass-1234';
    await adminApi.createAdvisor({ name: 'Rosa Difuminado', email, password });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, password);
    const visitor = await participant(browser, server.url);
    const name = 'Lucía Fondo';
    await requestConsultation(visitor.page, {
      name,
      phone: '+51 999 321 654',
      message: 'Quiero un cambio de color',
    });

    // The pre-join check: the preview blurs when she picks it.
    const waiting = visitor.page.getByRole('dialog', { name: 'Tu consulta' });
    await waiting.getByRole('button', { name: 'Probar cámara y micrófono' }).click();
    const preview = waiting.getByLabel('Vista previa de tu cámara');
    await expect(preview).toBeVisible();
    await expect(waiting.getByRole('combobox', { name: 'Fondo de tu video' })).toHaveValue('off');
    await expect.poll(() => textureOf(preview), POLL).toBeGreaterThan(0);
    const rawPreview = await steadyTexture(preview);
    // The clip's sharp-edged blocks are everywhere: a figure worth dividing.
    expect(rawPreview).toBeGreaterThan(100);
    await choose(visitor.page, 'Fondo de tu video', 'Fondo difuminado');
    await expect.poll(() => steadyTexture(preview), POLL).toBeLessThan(rawPreview / 4);
    await expectAccessible(visitor.page, 'the device check, blurred');
    await waiting.getByRole('button', { name: 'Listo, usar estos dispositivos' }).click();

    // The stylist answers: what she decodes of the visitor is blurred from the start.
    await acceptRinging(stylist.page, name);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const ofVisitor = stylist.page
      .frameLocator(ADVISOR_FRAME)
      .locator('video[data-user-type="client"]');
    await expect.poll(() => textureOf(ofVisitor), POLL).toBeGreaterThan(-1);
    const visitorBar = visitor.page.getByRole('dialog', { name: 'Videollamada' });
    await expect(visitorBar.getByRole('combobox', { name: 'Fondo de tu video' })).toHaveValue(
      'blur',
    );
    await expect.poll(() => steadyTexture(ofVisitor), POLL).toBeLessThan(rawPreview / 4);
    const blurred = await steadyTexture(ofVisitor);
    console.log(`texture: preview ${rawPreview.toFixed(0)}, decoded blurred ${blurred.toFixed(1)}`);
    await expectAccessible(visitor.page, 'the call, her background blurred');

    // Off from the call's bar: the stylist decodes the pattern again (not black, not frozen).
    await choose(visitor.page, 'Fondo de tu video', 'Fondo normal');
    await expect.poll(() => steadyTexture(ofVisitor), POLL).toBeGreaterThan(blurred * 4);
    await expect.poll(() => steadyTexture(ofVisitor), POLL).toBeGreaterThan(rawPreview / 2);
    const raw = await steadyTexture(ofVisitor);
    console.log(`texture decoded as is: ${raw.toFixed(0)}`);
    expect(await plainShareOf(ofVisitor)).toBeLessThan(0.1);

    // The plain background: its colour over most of the picture, the pattern gone.
    await choose(visitor.page, 'Fondo de tu video', 'Fondo liso');
    await expect.poll(() => plainShareOf(ofVisitor), POLL).toBeGreaterThan(0.6);
    expect(await steadyTexture(ofVisitor)).toBeLessThan(raw / 4);

    // Blurred again, then a reload: her page comes back blurred (remembered on the device).
    await choose(visitor.page, 'Fondo de tu video', 'Fondo difuminado');
    await expect.poll(() => steadyTexture(ofVisitor), POLL).toBeLessThan(raw / 4);
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Volver a la llamada' }).click();
    await expect(
      visitor.page
        .getByRole('dialog', { name: 'Videollamada' })
        .getByRole('combobox', { name: 'Fondo de tu video' }),
    ).toHaveValue('blur', { timeout: 30_000 });
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    await expect.poll(() => textureOf(ofVisitor), POLL).toBeGreaterThan(-1);
    await expect.poll(() => steadyTexture(ofVisitor), POLL).toBeLessThan(raw / 4);

    // Camera off and on with the blur on: black meanwhile, then blurred again (not black, not raw).
    const bar = visitor.page.getByRole('dialog', { name: 'Videollamada' });
    await bar.getByRole('button', { name: 'Apagar cámara' }).click();
    await expect.poll(() => brightnessOf(ofVisitor), POLL).toBeLessThan(20);
    await bar.getByRole('button', { name: 'Encender cámara' }).click();
    await expect.poll(() => brightnessOf(ofVisitor), POLL).toBeGreaterThan(60);
    await expect.poll(() => steadyTexture(ofVisitor), POLL).toBeLessThan(raw / 4);

    // The stylist blurs her own video, in English after a reload; the visitor decodes it blurred.
    const ofStylist = visitor.page
      .frameLocator(VISITOR_FRAME)
      .locator('video[data-user-type="advisor"]');
    await expect.poll(() => steadyTexture(ofStylist), POLL).toBeGreaterThan(raw / 2);
    const stylistRaw = await steadyTexture(ofStylist);
    await stylist.page.evaluate(() => localStorage.setItem('preferred-language', 'en'));
    await stylist.page.reload();
    await stylist.page.getByRole('button', { name: 'Back to Call' }).click();
    const stylistEn = stylist.page.getByRole('dialog', { name: 'Active Video Call' });
    await expect(stylistEn.getByRole('combobox', { name: "Your video's background" })).toBeVisible({
      timeout: 30_000,
    });
    await choose(stylist.page, "Your video's background", 'Blurred background');
    await expect.poll(() => steadyTexture(ofStylist), POLL).toBeLessThan(stylistRaw / 4);
    await expectAccessible(stylist.page, 'the stylist, her background blurred, en');
    await choose(stylist.page, "Your video's background", 'Background as is');
    await expect.poll(() => steadyTexture(ofStylist), POLL).toBeGreaterThan(stylistRaw / 2);
    await expectAccessible(stylist.page, 'the stylist, background as is, en');
  });
});
