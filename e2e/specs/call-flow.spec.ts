/**
 * The whole product in one consultation, through the real screens only: a stylist signs in and
 * sets herself available; a visitor asks from the landing page; the stylist is rung and accepts;
 * both see each other's (fake) camera over built-in WebRTC; the stylist ends; the visitor is told.
 * Prints the time from 'Aceptar llamada' to the first decoded remote frame on each side.
 */
import { expect, test } from '../support/fixtures.js';
import { ADVISOR_FRAME, VISITOR_FRAME } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, rtcFacts, stylistTakesVisitor } from '../support/video.js';

test.describe('a consultation from the landing page to the end of the call', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4410 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('visitor and stylist meet on video through the real screens', async ({ browser }) => {
    // The stylist signs in and becomes available; the visitor asks from the landing page; the
    // stylist is rung with the visitor's name and accepts.
    const { stylist, visitor, acceptedAt } = await stylistTakesVisitor(
      browser,
      server.url,
      'Camila Estilista',
      { name: 'María Pérez', phone: '+51 999 111 222', message: 'Quiero un corte bob' },
    );

    // Both see the other's camera.
    await expect(stylist.page.getByText('Videollamada activa')).toBeVisible();
    await expect(visitor.page.getByRole('dialog', { name: 'Videollamada' })).toBeVisible();
    await expectRemoteVideo(visitor.page, VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const first = {
      visitor: (await rtcFacts(visitor.page, VISITOR_FRAME)).firstFrameAt,
      stylist: (await rtcFacts(stylist.page, ADVISOR_FRAME)).firstFrameAt,
    };
    expect(first.visitor).not.toBeNull();
    expect(first.stylist).not.toBeNull();
    console.log(
      `[call-flow] 'Aceptar llamada' → first decoded remote frame: visitor ${Math.round(first.visitor! - acceptedAt)} ms, stylist ${Math.round(first.stylist! - acceptedAt)} ms`,
    );

    // The stylist ends the call: the visitor is told and asked for a rating.
    await stylist.page.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();
    await expect(visitor.page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
    await expect(visitor.page.getByRole('dialog', { name: 'Videollamada' })).toBeHidden();
    await expect(
      visitor.page.getByRole('region', { name: '¿Cómo fue tu consulta?' }),
    ).toBeVisible();
    await expect(stylist.page.getByText('Videollamada activa')).toBeHidden();
    await expect(stylist.page.getByText('Llamadas activas (1)')).toBeHidden();

    await visitor.context.close();
    await stylist.context.close();
  });
});
