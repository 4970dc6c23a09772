/**
 * The hair colour preview (docs/product.md#hair-colour-preview) through the real screens, with two
 * browsers. First on a portrait the visitor sends (a real photo: NASA's portrait of Eileen
 * Collins, public domain, as scikit-image ships it): the face landmarker (the face mesh's model,
 * from this origin) outlines her face, so the detector it falls back on is never fetched; her
 * hair is marked, her face and the wall are not. Then the stylist takes a still of the visitor's
 * video, opens 'Probar color' on it, the on-device segmentation runs (its runtime and models
 * fetched from the app's own origin: no request of either page leaves it), she corrects the mark
 * with the keyboard, picks a shade of the salon's chart and shows it; the visitor sees the
 * before/after in her chat, labelled as an indicative preview, and her summary keeps it under
 * "Vista previa orientativa".
 */
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, stylistTakesVisitor } from '../support/video.js';

const VISITOR = 'Videollamada';
const STYLIST = 'Videollamada activa';

const log = (page: Page, dialog: string) =>
  page.getByRole('dialog', { name: dialog }).getByRole('log');

const PORTRAIT = fileURLToPath(new URL('../fixtures/portrait.jpg', import.meta.url));

/** Regions of the portrait (fractions of its width and height) and what they show. */
const REGIONS = {
  // Between the brows and the chin, eye to eye: her face.
  face: { x0: 0.39, x1: 0.49, y0: 0.19, y1: 0.31 },
  // The top of her head.
  hair: { x0: 0.36, x1: 0.52, y0: 0.05, y1: 0.1 },
  // The wall beside her head.
  wall: { x0: 0.62, x1: 0.7, y0: 0.03, y1: 0.12 },
};

/**
 * The share of each region that the editor shows marked: its canvas with the mark shown, compared
 * with the same canvas once the stylist hides the mark.
 */
async function markedShares(preview: Locator): Promise<Record<keyof typeof REGIONS, number>> {
  const before = preview.getByRole('img', { name: /^Antes:/ });
  const read = () =>
    before.evaluate((c: HTMLCanvasElement) =>
      Array.from(c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data),
    );
  const size = await before.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
  const shown = await read();
  await preview.getByRole('checkbox', { name: 'Ver zona marcada' }).uncheck();
  const plain = await read();
  await preview.getByRole('checkbox', { name: 'Ver zona marcada' }).check();
  const share = ({ x0, x1, y0, y1 }: (typeof REGIONS)[keyof typeof REGIONS]) => {
    let all = 0;
    let marked = 0;
    for (let y = Math.round(y0 * size.h); y < Math.round(y1 * size.h); y++)
      for (let x = Math.round(x0 * size.w); x < Math.round(x1 * size.w); x++) {
        const i = (y * size.w + x) * 4;
        all++;
        if (Math.abs(shown[i]! - plain[i]!) + Math.abs(shown[i + 1]! - plain[i + 1]!) > 8) marked++;
      }
    return marked / all;
  };
  return { face: share(REGIONS.face), hair: share(REGIONS.hair), wall: share(REGIONS.wall) };
}

/** The paths (and statuses) of the page's requests for the vision runtime and models. */
function visionFetches(page: Page, origin: string): Map<string, number> {
  const fetched = new Map<string, number>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.startsWith('/vision/'))
      fetched.set(url.pathname, response.status());
  });
  return fetched;
}

/** Every request the page makes that is not to `origin` (nor data: or blob:). */
function foreignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)) foreign.push(url);
  });
  return foreign;
}

test.describe('hair colour preview', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4770 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('the stylist previews a shade on a still; the visitor sees it, her summary keeps it', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { stylist, visitor } = await stylistTakesVisitor(browser, server.url, 'Rosa Color', {
      name: 'Lucía Paredes',
      phone: '+51 999 555 444',
      email: 'lucia@example.test',
      message: 'Quiero pasar a un rubio dorado',
    });
    const origin = new URL(server.url).origin;
    const stylistForeign = foreignRequests(stylist.page, origin);
    const visitorForeign = foreignRequests(visitor.page, origin);
    const stylistScreen = stylist.page.getByRole('dialog', { name: STYLIST });
    const visitorScreen = visitor.page.getByRole('dialog', { name: VISITOR });
    const vision = visionFetches(stylist.page, origin);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);

    // Her portrait, sent from her chat: the face mesh outlines her face.
    await visitorScreen.getByRole('button', { name: /^Chat/ }).click();
    await visitorScreen.locator('input[type=file]').setInputFiles(PORTRAIT);
    await expect(log(visitor.page, VISITOR).getByText('Enviando...')).toHaveCount(0);
    await stylistScreen.getByRole('button', { name: /^Chat/ }).click();
    await log(stylist.page, STYLIST)
      .getByRole('button', { name: 'Ver en grande la foto de Lucía Paredes' })
      .click();
    await stylist.page.getByRole('button', { name: 'Probar color' }).click();
    const onPortrait = stylist.page.getByRole('dialog', { name: 'Probar color en su cabello' });
    await expect(onPortrait.getByRole('status')).toHaveText(/^Cabello marcado\./, {
      timeout: 60_000,
    });
    // The landmarker's bundle came from here and gave a face that made sense (points out of
    // order would have sent it to the detector, fetched then).
    expect(vision.get('/vision/face_landmarker.task')).toBe(200);
    expect(vision.has('/vision/face_detector.tflite')).toBe(false);
    const shares = await markedShares(onPortrait);
    expect(shares.face).toBe(0);
    expect(shares.hair).toBeGreaterThan(0.8);
    expect(shares.wall).toBe(0);
    // Cancelled: the editor and the photo's viewer close together.
    await onPortrait.getByRole('button', { name: 'Cancelar' }).click();
    await expect(onPortrait).toBeHidden();

    // A still of her video in the chat; she lets it stay.
    await stylistScreen.getByRole('button', { name: 'Tomar foto del video' }).click();
    const notice = visitorScreen
      .getByRole('alert')
      .filter({ hasText: 'tomó una foto de tu video' });
    await notice.getByRole('button', { name: 'Está bien' }).click();
    await expect(log(stylist.page, STYLIST).getByText('Enviando...')).toHaveCount(0);
    await log(stylist.page, STYLIST)
      .getByRole('button', { name: /^Ver en grande la foto/ })
      .last()
      .click();
    await stylist.page.getByRole('button', { name: 'Probar color' }).click();

    const preview = stylist.page.getByRole('dialog', { name: 'Probar color en su cabello' });
    await expect(preview).toBeVisible();
    const status = preview.getByRole('status');
    // The segmentation ran on this device: a mark of the still's size (anything else is 'failed'),
    // with or without a face (the fake camera shows none).
    await expect(status).not.toHaveText('Marcando el cabello…', { timeout: 60_000 });
    await expect(status).not.toHaveText(/No se pudo|no puede/);
    const before = preview.getByRole('img', { name: /^Antes:/ });
    const still = await before.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
    expect(still.w).toBeGreaterThan(0);

    // The mark corrected with the keyboard alone: cleared, then painted with the brush.
    await preview.getByRole('button', { name: 'Borrar marca' }).click();
    await expect(before).toHaveAccessibleName(/en un 0 % de la foto/);
    await before.focus();
    for (const key of ['Space', 'Shift+ArrowRight', 'Shift+ArrowRight', 'Shift+ArrowDown', 'Space'])
      await stylist.page.keyboard.press(key);
    await expect(before).not.toHaveAccessibleName(/en un 0 % de la foto/);
    await preview.getByRole('button', { name: 'Ampliar zona' }).click();

    // A shade of the salon's (default) chart.
    await preview.getByRole('radio', { name: /7\.3 Rubio medio dorado/ }).check();
    await expect(
      preview.getByRole('img', { name: 'Después, con el tono 7.3 Rubio medio dorado' }),
    ).toBeVisible();
    await expectAccessible(stylist.page, 'colour preview', '.cp-dialog');
    await preview.getByRole('button', { name: 'Mostrar a la clienta' }).click();
    await expect(preview).toBeHidden();

    // The visitor (her chat open since she sent her portrait): before and after side by side,
    // labelled as what it is.
    const visitorLog = log(visitor.page, VISITOR);
    await expect(visitorLog.getByText('Vista previa orientativa: antes y después')).toBeVisible();
    await expect(visitorLog.getByText('7.3 Rubio medio dorado')).toBeVisible();
    const shown = visitorLog.getByRole('img', { name: 'Foto de Rosa Color' }).last();
    await expect
      .poll(() => shown.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(still.w * 2);

    expect(stylistForeign).toEqual([]);
    expect(visitorForeign).toEqual([]);

    // The call ends; her summary keeps the preview, in a section of its own.
    await stylistScreen.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();
    const card = visitor.page.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    const address = await card.getByRole('link', { name: 'Ver mi resumen' }).getAttribute('href');
    await visitor.page.goto(address ?? '');
    const section = visitor.page.getByRole('region', { name: 'Vista previa orientativa' });
    await expect(section).toBeVisible();
    await expect(
      section.getByText('Vista previa orientativa, antes y después: 7.3 Rubio medio dorado'),
    ).toBeVisible();
    await expect(section.getByRole('img', { name: 'Foto de Rosa Color' })).toBeVisible();

    await visitor.context.close();
    await stylist.context.close();
  });
});
