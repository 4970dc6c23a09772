/**
 * A consultation with the keyboard only (docs/product.md#focus-and-keyboard): the visitor asks,
 * checks her camera while waiting and joins, mutes from the call's bar and asks how to leave,
 * pressing only Tab, Enter, Space and Escape; the stylist accepts with Enter on the popup's first
 * focus and ends the call with the keyboard. No clicks and no `focus()` calls: each control is
 * reached by pressing Tab.
 *
 * On the way, axe checks the screens only a live call shows: both call screens with their video
 * frames, the visitor's exit question, the stylist's end question and the rating card.
 */
import type { Locator, Page } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { signInAvailable, VISITOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, participant } from '../support/video.js';

/** Focused, and inside a frame only while that frame has the page's focus. */
const isFocused = (target: Locator) =>
  target.evaluate(
    (el) => {
      const doc = el.ownerDocument;
      const inFrame = doc.defaultView !== doc.defaultView?.top;
      return el === doc.activeElement && (!inFrame || doc.hasFocus());
    },
    undefined,
    { timeout: 15_000 },
  );

/** Presses Tab until `target` has the focus (it must be reachable within `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${max} presses of Tab: ${target.toString()}`);
}

test.describe('a consultation with the keyboard only', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4460 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('visitor and stylist go through the whole call with Tab, Enter, Space and Escape', async ({
    browser,
  }) => {
    // Five axe scans of pages with live video: 20 s and more each on a loaded machine.
    test.setTimeout(420_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('keys');
    await adminApi.createAdvisor({ name: 'Tere Teclado', email, password: 'tere-pass-1234' });
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, 'tere-pass-1234');

    // The visitor: the first Tab stop skips to the content.
    const { page } = await participant(browser, server.url);
    await page.goto('/');
    await page
      .getByTestId('availability')
      .filter({ hasText: 'Estilistas en línea' })
      .first()
      .waitFor();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }));
    await page.keyboard.press('Enter');

    // The form: a refused submit puts her on the first field to fix.
    const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await tabTo(page, form.getByRole('button', { name: 'Solicitar consulta' }));
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Nombre', { exact: true })).toBeFocused();
    await page.keyboard.type('Kira Teclas');
    await tabTo(page, form.getByLabel('Teléfono', { exact: true }));
    await page.keyboard.type('+51 988 777 666');
    await tabTo(page, form.getByLabel('Mensaje', { exact: true }));
    await page.keyboard.type('Quiero un flequillo');
    await tabTo(page, form.getByRole('checkbox', { name: /^Acepto el uso/ }));
    await page.keyboard.press('Space');
    await tabTo(page, form.getByRole('button', { name: 'Solicitar consulta' }));
    await page.keyboard.press('Enter');

    // Waiting: the focus is on the news; the camera check opens and takes it.
    const waiting = page.getByRole('dialog', { name: 'Tu consulta' });
    await expect(waiting.getByText('Esperando a tu estilista...')).toBeFocused();
    await tabTo(page, waiting.getByRole('button', { name: 'Probar cámara y micrófono' }));
    await page.keyboard.press('Enter');
    await expect(
      waiting.getByRole('heading', { name: 'Antes de entrar a la videollamada' }),
    ).toBeFocused();
    // (The browser already allows the camera here, so the preview starts without asking.)
    await tabTo(page, waiting.getByRole('button', { name: 'Listo, usar estos dispositivos' }));
    await page.keyboard.press('Enter');

    // The stylist: the popup opens with 'Aceptar llamada' focused; Enter accepts.
    const popup = stylist.page.getByRole('alertdialog', { name: 'Llamada entrante' });
    await expect(popup).toContainText('Kira Teclas');
    await expect(popup.getByRole('button', { name: 'Aceptar llamada' })).toBeFocused();
    await stylist.page.keyboard.press('Enter');
    const screen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    await expect(screen).toBeVisible();

    // The visitor's video: Tab reaches the call's bar; Space mutes, and the bar says so.
    const video = page.getByRole('dialog', { name: 'Videollamada' });
    await expect(video).toBeVisible();
    await expectRemoteVideo(page, VISITOR_FRAME);
    await expectAccessible(page, "the visitor's video call");
    await expectAccessible(stylist.page, "the stylist's call screen");
    const bar = video.getByRole('toolbar', { name: 'Controles de la llamada' });
    await tabTo(page, bar.getByRole('button', { name: 'Silenciar micrófono' }));
    await page.keyboard.press('Space');
    await expect(bar.getByRole('button', { name: 'Activar micrófono' })).toBeFocused();
    // Escape asks how to leave; the safe answer has the focus, and is Escape.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' });
    await expect(ask.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page, "the visitor's exit question");
    await expect(ask.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    // Her way out in the bar asks the same.
    await tabTo(page, bar.getByRole('button', { name: 'Salir de la llamada' }));
    await page.keyboard.press('Enter');
    await expect(ask.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);

    // The stylist ends it with the keyboard: the question focuses 'Seguir en la llamada'.
    await tabTo(stylist.page, screen.getByRole('button', { name: 'Finalizar llamada' }));
    await stylist.page.keyboard.press('Enter');
    const end = stylist.page.getByRole('alertdialog', { name: '¿Finalizar la llamada?' });
    await expect(end.getByRole('button', { name: 'Seguir en la llamada' })).toBeFocused();
    await expectAccessible(stylist.page, "the stylist's end question");
    await expect(end.getByRole('button', { name: 'Seguir en la llamada' })).toBeFocused();
    await stylist.page.keyboard.press('Tab');
    await expect(end.getByRole('button', { name: 'Finalizar para ambos' })).toBeFocused();
    await stylist.page.keyboard.press('Enter');
    await expect(screen).toHaveCount(0);
    await expect(page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the rating card');
  });
});
