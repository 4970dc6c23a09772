/**
 * The call screens at real window sizes: a visitor and a stylist in one call through the real
 * screens; at each size, on both sides, real clicks (Playwright's, which land only where the
 * element is the topmost one under the pointer) on mute, camera and leave — and back — succeed; the
 * self-view covers no control and the remote video ends where the controls begin; the screens' own
 * ways out (the visitor's close, the stylist's end and minimise) ask or work. A screenshot of each
 * side at each size is attached to the report.
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
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: ReturnType<FrameLocator['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** Mute, camera off, leave — and each one back — with real clicks, at the page's current size. */
async function useTheControls(
  page: Page,
  frameSelector: string,
  testInfo: TestInfo,
  who: 'visitor' | 'stylist',
) {
  const frame = page.frameLocator(frameSelector);
  const controls = frame.getByRole('toolbar', { name: 'Controles de la llamada' });
  await expect(controls).toBeVisible();
  await expect(
    frame
      .getByRole('figure')
      .filter({ has: frame.locator('video') })
      .first(),
  ).toBeVisible();

  // Nothing on top of a control: not the self-view, not the remote video.
  const buttons = controls.getByRole('button');
  const selfView = await boxOf(frame.getByRole('figure').filter({ hasText: 'Tú' }));
  const remote = await boxOf(frame.locator('.vp-tile').first());
  const bar = await boxOf(controls);
  const viewport = page.viewportSize()!;
  for (const button of await buttons.all()) {
    const box = await boxOf(button);
    expect(overlaps(box, selfView), `self-view over '${await button.textContent()}'`).toBe(false);
    expect(box.x >= 0 && box.y >= 0, 'control inside the window').toBe(true);
    expect(box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true);
  }
  expect(overlaps(remote, bar), 'remote video over the controls').toBe(false);
  const shot = testInfo.outputPath(`${who}-${viewport.width}x${viewport.height}.png`);
  await page.screenshot({ path: shot });
  await testInfo.attach(`${who} ${viewport.width}x${viewport.height}`, {
    path: shot,
    contentType: 'image/png',
  });

  await controls.getByRole('button', { name: 'Silenciar micrófono' }).click();
  await controls.getByRole('button', { name: 'Activar micrófono' }).click();
  await expect(controls.getByRole('button', { name: 'Silenciar micrófono' })).toBeVisible();
  await controls.getByRole('button', { name: 'Apagar cámara' }).click();
  await controls.getByRole('button', { name: 'Encender cámara' }).click();
  await expect(controls.getByRole('button', { name: 'Apagar cámara' })).toBeVisible();
  if (who === 'visitor') {
    // In the video: leave the room (the call goes on) and come back.
    await controls.getByRole('button', { name: 'Salir de la llamada' }).click();
    await expect(frame.getByText('Saliste de la videollamada')).toBeVisible();
    await frame.getByRole('button', { name: 'Volver a unirse' }).click();
    await expect(controls).toBeVisible();
    // The modal's way out asks first; 'Cancelar' stays.
    await page.getByRole('button', { name: 'Cerrar videollamada' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' });
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ask).toHaveCount(0);
  } else {
    // Her ways out: 'Finalizar llamada' asks first ('Seguir en la llamada' stays); 'Minimizar'
    // is there (pressed once, after the sizes).
    const screen = page.getByRole('dialog', { name: 'Videollamada activa' });
    await screen.getByRole('button', { name: 'Finalizar llamada' }).click();
    const ask = page.getByRole('alertdialog', { name: '¿Finalizar la llamada?' });
    await ask.getByRole('button', { name: 'Seguir en la llamada' }).click();
    await expect(ask).toHaveCount(0);
    await expect(
      screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }),
    ).toBeVisible();
  }
}

test.describe('the call screens at every window size', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4450 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  // Three calls, each over part of the sizes, so that none runs out of its budget on a busy
  // machine (each size reloads nothing but takes a dozen real clicks and two screenshots: 5 s
  // alone, over a minute beside another video spec and the axe scans).
  const groups = [
    { label: 'phones', sizes: SIZES.slice(0, 2), stylist: 'Sara Tamaños' },
    { label: 'a phone on its side and a tablet', sizes: SIZES.slice(2, 4), stylist: 'Sol Medidas' },
    { label: 'laptops and a desktop', sizes: SIZES.slice(4), stylist: 'Sonia Pantallas' },
  ];
  for (const group of groups) {
    test(`mute, camera and leave take real clicks on both sides: ${group.label}`, async ({
      browser,
    }, testInfo) => {
      // Over 7 min measured for the four small sizes in one call on a slow day (2 cores, both
      // workers busy); 36 s alone.
      test.setTimeout(420_000);
      const { stylist, visitor } = await stylistTakesVisitor(browser, server.url, group.stylist, {
        name: 'Inés Pantalla',
        phone: '+51 999 333 444',
        message: 'Quiero ver mi color',
      });
      await expectRemoteVideo(visitor.page, VISITOR_FRAME);
      await expectRemoteVideo(stylist.page, ADVISOR_FRAME);

      for (const size of group.sizes) {
        await visitor.page.setViewportSize(size);
        await stylist.page.setViewportSize(size);
        await useTheControls(visitor.page, VISITOR_FRAME, testInfo, 'visitor');
        await useTheControls(stylist.page, ADVISOR_FRAME, testInfo, 'stylist');
      }

      // 'Minimizar' goes back to the dashboard; 'Volver a la llamada' reopens the call (once:
      // each reopening joins the video again).
      const screen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
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
      await expect
        .poll(async () => (await saying('Llamada finalizada exitosamente')).length)
        .toBe(1);
      expect(await saying('La consulta ha finalizado.')).toEqual([]);
      // Signed out (offline), so the next call rings only the next group's stylist.
      await stylist.page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await expect(stylist.page).toHaveURL(/\/advisor\/login$/);
      await visitor.context.close();
      await stylist.context.close();
    });
  }
});
