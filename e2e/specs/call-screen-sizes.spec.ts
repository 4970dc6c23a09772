/**
 * The call screens at real window sizes: a visitor and a stylist in one call through the real
 * screens, with the chat open on both sides and the stylist's notes beside it; at each size, on
 * both sides, nothing is wider than the window (not the page, not a button, not a price input),
 * real clicks (Playwright's, which land only where the element is the topmost one under the
 * pointer) on the call's one bar — mute, camera and back, the way out — and on the notes' tabs
 * succeed; no video or panel covers the bar, and the remote video is shown whole; the call's
 * elapsed time shows; the screens' own ways out (the visitor's close, the stylist's end and
 * minimise) ask or work. On a phone the ringing popup, with a long message, fits too. A screenshot
 * of each side at each size is attached to the report.
 */
import type { FrameLocator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME, recordToasts, VISITOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, stylistTakesVisitor } from '../support/video.js';

const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];

/** A message with an address in it: one long word, which must wrap wherever it is shown. */
const LONG_MESSAGE =
  'Quiero ver mi color: https://fotos.ejemplo.pe/mi-cabello-antes-del-tinte-verano-2026-balayage';

/**
 * What sticks out of the window sideways: the page's own width, and the elements under `root`
 * (in the page, not in the video's frame) whose box passes the window's right edge.
 */
async function overflowOf(page: Page, root: string) {
  return page.evaluate((root) => {
    const width = window.innerWidth;
    const out = [...document.querySelectorAll(`${root}, ${root} *`)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // (a skip link parked off the left edge on purpose is no overflow)
        return box.width > 0 && box.right > width + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} '${el.textContent?.slice(0, 30)}'`);
    return { pageWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 5) };
  }, root);
}

async function expectToFit(page: Page, root: string) {
  const { pageWidth, width, out } = await overflowOf(page, root);
  expect(out, `past the edge of a ${width} px window`).toEqual([]);
  expect(pageWidth, 'the page no wider than the window').toBeLessThanOrEqual(width);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: ReturnType<FrameLocator['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/**
 * The call's one bar — mute, camera off, each one back, chat, the way out — with real clicks, at
 * the page's current size.
 */
async function useTheControls(
  page: Page,
  frameSelector: string,
  testInfo: TestInfo,
  who: 'visitor' | 'stylist',
) {
  const frame = page.frameLocator(frameSelector);
  const screen = page.getByRole('dialog', {
    name: who === 'visitor' ? 'Videollamada' : 'Videollamada activa',
    exact: true,
  });
  const controls = screen.getByRole('toolbar', { name: 'Controles de la llamada' });
  await expect(controls).toBeVisible();
  // One bar: the video draws none of its own.
  await expect(frame.getByRole('toolbar')).toHaveCount(0);
  if (who === 'stylist') {
    // The recommendations' tab (a product's fields, its price) beside the open chat.
    await screen.getByRole('tab', { name: 'Para la clienta' }).click();
    await expect(screen.getByLabel('Precio (S/)').first()).toBeVisible();
  }
  await expect(screen.getByRole('complementary', { name: 'Chat' })).toBeVisible();
  await expect(
    screen.getByRole('timer', { name: /^Duración de la llamada: \d\d:\d\d$/ }),
  ).toBeVisible();
  await expectToFit(page, '.vc-overlay');
  // The other person whole: never cropped to fill the tile.
  await expect(frame.getByTestId('remote-video').first()).toHaveCSS('object-fit', 'contain');
  await expect(
    frame
      .getByRole('figure')
      .filter({ has: frame.locator('video') })
      .first(),
  ).toBeVisible();

  // Nothing on top of the bar (not the video, not the chat, not the notes: each button is what
  // the window shows at its middle), and every button inside the window.
  const bar = await boxOf(controls);
  const video = await boxOf(page.locator(frameSelector));
  const viewport = page.viewportSize()!;
  expect(overlaps(video, bar), 'the video over the controls').toBe(false);
  for (const button of await controls.getByRole('button').all()) {
    const box = await boxOf(button);
    expect(box.x >= 0 && box.y >= 0, 'control inside the window').toBe(true);
    expect(box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true);
    const onTop = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop, `something over '${await button.textContent()}'`).toBe(true);
  }
  const shot = testInfo.outputPath(`${who}-${viewport.width}x${viewport.height}.png`);
  await page.screenshot({ path: shot });
  await testInfo.attach(`${who} ${viewport.width}x${viewport.height}`, {
    path: shot,
    contentType: 'image/png',
  });

  // Each press reaches the video, and the bar says what the video now does.
  await controls.getByRole('button', { name: 'Silenciar micrófono' }).click();
  await controls.getByRole('button', { name: 'Activar micrófono' }).click();
  await expect(controls.getByRole('button', { name: 'Silenciar micrófono' })).toBeVisible();
  await controls.getByRole('button', { name: 'Apagar cámara' }).click();
  await expect(frame.getByRole('figure').filter({ hasText: 'Tú' })).toContainText('Cámara apagada');
  await controls.getByRole('button', { name: 'Encender cámara' }).click();
  await expect(controls.getByRole('button', { name: 'Apagar cámara' })).toBeVisible();
  if (who === 'visitor') {
    // Her way out asks first; 'Cancelar' stays.
    await controls.getByRole('button', { name: 'Salir de la llamada' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' });
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ask).toHaveCount(0);
  } else {
    // Her ways out: 'Finalizar llamada' asks first ('Seguir en la llamada' stays); 'Minimizar'
    // is there (pressed once, after the sizes).
    await controls.getByRole('button', { name: 'Finalizar llamada' }).click();
    const ask = page.getByRole('alertdialog', { name: '¿Finalizar la llamada?' });
    await ask.getByRole('button', { name: 'Seguir en la llamada' }).click();
    await expect(ask).toHaveCount(0);
    await expect(
      screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }),
    ).toBeVisible();
    // Her notes' tabs take real clicks with the chat open.
    await screen.getByRole('tab', { name: 'Notas de la llamada' }).click();
    await expect(screen.getByRole('textbox', { name: 'Notas de la llamada' })).toBeVisible();
  }
}

test.describe('the call screens at every window size', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4450 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  // One call through every size: the sizes change the window, never the call, so a call per
  // group of sizes only repeated its setting up (a sign-in, a request, the video's first frames).
  // The ringing popup is looked at in a window of each kind (a phone upright, one on its side, a
  // laptop) while it rings.
  const RINGING_SIZES = [SIZES[0]!, SIZES[2]!, SIZES[5]!];
  test('mute, camera and leave take real clicks on both sides at every size', async ({
    browser,
  }, testInfo) => {
    // Each size takes a dozen real clicks and two screenshots on each side: 5 s alone, over a
    // minute beside another video spec and the axe scans on a slow day (2 cores, both busy).
    test.setTimeout(900_000);
    const firstSize = SIZES[0]!;
    const { stylist, visitor } = await stylistTakesVisitor(
      browser,
      server.url,
      'Sara Tamaños',
      { name: 'Inés Pantalla', phone: '+51 999 333 444', message: LONG_MESSAGE },
      {
        stylistViewport: firstSize,
        // Her ringing popup, with the long message, fits her window; 'Aceptar llamada' too.
        whileRinging: async (page) => {
          for (const size of RINGING_SIZES) {
            await page.setViewportSize(size);
            await expectToFit(page, 'body');
            const popup = page.getByRole('alertdialog', { name: 'Llamada entrante' });
            await expect(popup.getByText(LONG_MESSAGE, { exact: false })).toBeVisible();
            await expect(popup.getByRole('button', { name: 'Aceptar llamada' })).toBeInViewport({
              ratio: 1,
            });
          }
          await page.setViewportSize(firstSize);
        },
      },
    );
    await expectRemoteVideo(visitor.page, VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    // The chat open on both sides for every size: it takes its room, never the controls'. The
    // stylist's notes stay open beside it, with a product to fill in.
    await visitor.page.setViewportSize(firstSize);
    for (const page of [visitor.page, stylist.page])
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const screen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    await screen.getByRole('tab', { name: 'Para la clienta' }).click();
    await screen.getByRole('button', { name: 'Añadir producto o servicio' }).click();

    for (const size of SIZES) {
      await visitor.page.setViewportSize(size);
      await stylist.page.setViewportSize(size);
      await useTheControls(visitor.page, VISITOR_FRAME, testInfo, 'visitor');
      await useTheControls(stylist.page, ADVISOR_FRAME, testInfo, 'stylist');
    }

    // 'Minimizar' goes back to the dashboard; 'Volver a la llamada' reopens the call (once:
    // each reopening joins the video again).
    await screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }).click();
    await expect(screen).toBeHidden();
    await stylist.page.getByRole('button', { name: 'Volver a la llamada' }).click();
    await expect(screen).toBeVisible();

    // The stylist ends it for both, and is told once.
    const toasts = await recordToasts(stylist.page);
    await stylist.page.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page.getByRole('button', { name: 'Finalizar para ambos' }).click();
    await expect(visitor.page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
    const saying = async (text: string) => (await toasts()).filter((t) => t.includes(text));
    await expect.poll(async () => (await saying('Llamada finalizada exitosamente')).length).toBe(1);
    expect(await saying('La consulta ha finalizado.')).toEqual([]);
    // Her way out of the panel works after a call.
    await stylist.page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(stylist.page).toHaveURL(/\/advisor\/login$/);
    await visitor.context.close();
    await stylist.context.close();
  });
});
