/**
 * The hair colour preview (docs/product.md#hair-colour-preview) through the real screens, with two
 * browsers: the stylist takes a still of the visitor's video, opens 'Probar color' on it, the
 * on-device segmentation runs (its runtime and models fetched from the app's own origin: no
 * request of either page leaves it), she corrects the mark with the keyboard, picks a shade of the
 * salon's chart and shows it; the visitor sees the before/after in her chat, labelled as an
 * indicative preview, and her summary keeps it under "Vista previa orientativa".
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, stylistTakesVisitor } from '../support/video.js';

const VISITOR = 'Videollamada';
const STYLIST = 'Videollamada activa';

const log = (page: Page, dialog: string) =>
  page.getByRole('dialog', { name: dialog }).getByRole('log');

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
    server = await startServer(4540 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('the stylist previews a shade on a still; the visitor sees it, her summary keeps it', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
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
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);

    // A still of her video in the chat; she lets it stay.
    await stylistScreen.getByRole('button', { name: 'Tomar foto del video' }).click();
    const notice = visitorScreen
      .getByRole('alert')
      .filter({ hasText: 'tomó una foto de tu video' });
    await notice.getByRole('button', { name: 'Está bien' }).click();
    await expect(log(stylist.page, STYLIST).getByText('Enviando...')).toHaveCount(0);
    await log(stylist.page, STYLIST)
      .getByRole('button', { name: /^Ver en grande la foto/ })
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

    // The visitor: before and after side by side, labelled as what it is.
    await visitorScreen.getByRole('button', { name: /^Chat/ }).click();
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
