/**
 * A still of the visitor's video and drawing on a photo (docs/product.md#snapshots,
 * docs/product.md#drawing-on-a-photo), through the real screens: the stylist presses 'Tomar foto
 * del video'; the visitor is told at once over her video and deletes it, and it leaves the
 * stylist's chat too. Then the stylist takes another, draws on it and sends the drawn copy, which
 * the visitor receives as a photo at the still's own size.
 */
import type { Page } from '@playwright/test';
import { Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, stylistTakesVisitor } from '../support/video.js';

const VISITOR = 'Videollamada';
const STYLIST = 'Videollamada activa';

const log = (page: Page, dialog: string) =>
  page.getByRole('dialog', { name: dialog }).getByRole('log');

test.describe('snapshot with consent', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4520 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('the visitor is told, deletes it; a drawn copy reaches her', async ({ browser }) => {
    test.setTimeout(240_000);
    const { stylist, visitor } = await stylistTakesVisitor(browser, server.url, 'Nora Foto', {
      name: 'Paula Vega',
      phone: '+51 999 666 777',
      message: 'Quiero ver mis cejas',
    });
    const stylistScreen = stylist.page.getByRole('dialog', { name: STYLIST });
    const visitorScreen = visitor.page.getByRole('dialog', { name: VISITOR });
    await expect(stylistScreen).toBeVisible();
    // Her picture has arrived on the stylist's screen: there is something to take.
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const { width, height } = await stylist.page
      .frameLocator(ADVISOR_FRAME)
      .locator('video[data-user-type="client"]')
      .evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, height: v.videoHeight }));

    const take = stylistScreen.getByRole('button', { name: 'Tomar foto del video' });
    await take.click();
    // The visitor knows at once, chat closed.
    const notice = visitorScreen
      .getByRole('alert')
      .filter({ hasText: 'tomó una foto de tu video' });
    await expect(notice).toContainText('Nora Foto tomó una foto de tu video para la consulta.');
    // The stylist's chat opened on it, marked as a still of the client's video.
    await expect(
      log(stylist.page, STYLIST).getByText('Foto del video de la clienta'),
    ).toBeVisible();
    await expect(log(stylist.page, STYLIST).getByText('Enviando...')).toHaveCount(0);

    await notice.getByRole('button', { name: 'Borrar foto' }).click();
    await expect(notice).toBeHidden();
    // Gone for everyone.
    await expect(log(stylist.page, STYLIST).getByText('Foto del video de la clienta')).toHaveCount(
      0,
    );

    // Another still, drawn on and sent as a new photo.
    await take.click();
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Está bien' }).click();
    await expect(log(stylist.page, STYLIST).getByText('Enviando...')).toHaveCount(0);
    await log(stylist.page, STYLIST)
      .getByRole('button', { name: /^Ver en grande la foto/ })
      .click();
    await stylist.page.getByRole('button', { name: 'Dibujar encima' }).click();
    const markup = stylist.page.getByRole('dialog', { name: 'Dibuja sobre la foto' });
    const canvas = markup.getByRole('img');
    await expect(canvas).toHaveAccessibleName(/con 0 trazos/);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the canvas is not laid out');
    await stylist.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await stylist.page.mouse.down();
    await stylist.page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 8 });
    await stylist.page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.3, { steps: 8 });
    await stylist.page.mouse.up();
    await expect(canvas).toHaveAccessibleName(/con 1 trazo$/);
    await markup.getByRole('button', { name: 'Enviar al chat' }).click();
    await expect(markup).toBeHidden();

    // The visitor: the still she kept and the drawn copy, at the still's own size.
    await visitorScreen.getByRole('button', { name: /^Chat/ }).click();
    const photos = log(visitor.page, VISITOR).getByRole('img', { name: 'Foto de Nora Foto' });
    await expect(photos).toHaveCount(2);
    const sizeOf = (img: typeof photos) =>
      img.evaluate((i: HTMLImageElement) => ({ width: i.naturalWidth, height: i.naturalHeight }));
    await expect.poll(async () => (await sizeOf(photos.last())).width).toBeGreaterThan(0);
    const still = await sizeOf(photos.first());
    expect(await sizeOf(photos.last())).toEqual(still);
    // A frame of her video, not a thumbnail. WebRTC lowers the resolution it sends when the
    // machine is busy (640 wide when first read, 960 when taken, once), so the shape is compared.
    expect(still.width / still.height).toBeCloseTo(width / height, 1);
    expect(still.width).toBeGreaterThanOrEqual(Math.min(width, 320));
    // She may delete the still from the chat too, and the drawn copy: it is her face as well, so
    // the stylist sends it as a still.
    await expect(
      log(visitor.page, VISITOR).getByRole('button', { name: 'Borrar foto' }),
    ).toHaveCount(2);

    const admin = await Api.login(server.url);
    const callId = await visitor.page.evaluate(
      () => (JSON.parse(localStorage.getItem('activeCall') ?? '{}') as { callId?: string }).callId,
    );
    const stored = await admin.callMessages(callId ?? '');
    expect(stored.map((m) => [m.senderType, m.image?.kind ?? null])).toEqual([
      ['advisor', 'snapshot'],
      ['advisor', 'snapshot'],
    ]);

    await visitor.context.close();
    await stylist.context.close();
  });
});
