/**
 * The salon's money view (docs/product.md#funnel) through the real screens: a consultation ends
 * with a plan of two catalogue services; the visitor books one from her summary; once its time has
 * come the stylist records it done at its final price on her dashboard; the admin's reports show
 * the funnel 1 → 1 → 1 → 1 with that revenue. She chose WhatsApp when she asked for the
 * consultation, so the local fake of the Cloud API receives the service's confirmation template.
 *
 * The booked time is near whatever the hour: after the call the stylist's working day is made to
 * start two to three minutes from now (the booked service lasts 10 minutes, with no buffer and no
 * notice, so her first slot is the day's start), and the test waits for it. Late in the evening,
 * when 10 minutes no longer fit before midnight, her day is the first minutes after midnight.
 */
import type { Advisor, SalonService, WorkingHours } from '@belleza/contract';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, requestConsultation, signIn, signInAvailable } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { participant } from '../support/video.js';
import {
  receivedTemplate,
  startWhatsappFake,
  whatsappEnv,
  type FakeWhatsapp,
} from '../support/whatsapp-fake.js';

const MINUTE = 60_000;
const LIMA_OFFSET = -5 * 60 * MINUTE;
const PASSWORD = 'stylist-pass-1234';
const everyDay = (day: WorkingHours['monday']): WorkingHours => ({
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day,
  sunday: day,
});
/** Every day, all day: she takes the consultation whenever the spec runs. */
const ALWAYS = everyDay({ start: '00:00', end: '23:59', enabled: true });

/** Her day from the next whole minute two minutes ahead (Lima), or from midnight late at night. */
function soonDay(now: number): { startsAt: number; hours: WorkingHours } {
  const startsAt = Math.ceil((now + 2 * MINUTE) / MINUTE) * MINUTE;
  const start = new Date(startsAt + LIMA_OFFSET).toISOString().slice(11, 16);
  if (start <= '23:45')
    return { startsAt, hours: everyDay({ start, end: '23:59', enabled: true }) };
  const limaDay = Math.floor((now + LIMA_OFFSET) / (24 * 60 * MINUTE)) + 1;
  return {
    startsAt: limaDay * 24 * 60 * MINUTE - LIMA_OFFSET,
    hours: everyDay({ start: '00:00', end: '00:30', enabled: true }),
  };
}

test.describe("the salon's money view", () => {
  let server: ServerHandle;
  let whatsapp: FakeWhatsapp;
  test.beforeAll(async ({}, workerInfo) => {
    whatsapp = await startWhatsappFake();
    // Private server: this spec's stylist is the only one rung, its funnel the only one counted.
    server = await startServer(4640 + workerInfo.parallelIndex, whatsappEnv(whatsapp));
  });
  test.afterAll(async () => {
    await server?.stop();
    await whatsapp?.close();
  });

  test('a plan of two services, one booked, done at its final price: the funnel shows it', async ({
    browser,
  }) => {
    test.setTimeout(20 * MINUTE);
    const adminApi = await Api.login(server.url);
    await adminApi.setAppointments({ bufferMinutes: 0, minNoticeMinutes: 0 });
    const email = uniqueEmail('funnel');
    const rosa = await adminApi.createAdvisor({
      name: 'Rosa Embudo',
      email,
      password: PASSWORD,
      workingHours: ALWAYS,
    });
    for (const [name, minutes, price] of [
      ['Peinado express', 10, 45],
      ['Color completo', 45, 180],
    ] as const) {
      await adminApi.request<SalonService>('POST', '/api/services', {
        name,
        category: 'Cabello',
        durationMinutes: minutes,
        price,
        bookable: true,
        stylistIds: [rosa.advisorId],
      });
    }

    // The consultation ends with a plan of both services.
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, PASSWORD);
    const visitor = await participant(browser, server.url);
    await requestConsultation(visitor.page, {
      name: 'Elena Embudo',
      phone: '+51 977 444 222',
      message: 'Quiero un peinado para una boda',
      email: 'elena.embudo@example.test',
      whatsapp: true,
    });
    await acceptRinging(stylist.page, 'Elena Embudo');
    const stylistScreen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    await expect(stylistScreen).toBeVisible();
    await stylistScreen.getByRole('tab', { name: 'Para la clienta' }).click();
    const picker = stylistScreen.getByRole('combobox', { name: 'Elige un servicio del salón' });
    for (const name of ['Peinado express', 'Color completo']) {
      await picker.selectOption({ label: name });
      await stylistScreen.getByRole('button', { name: 'Añadir servicio' }).click();
    }
    await expect(stylistScreen.getByText(/Total del plan: S\/\s?225\.00 · 55 min/)).toBeVisible();
    await expect(
      stylistScreen.getByText('Guardado: la clienta lo verá en su resumen'),
    ).toBeVisible();
    await stylistScreen.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();

    // Her day now starts in a couple of minutes: the first free time of the service.
    const soon = soonDay(Date.now());
    await adminApi.request<Advisor>('PUT', `/api/advisors/${rosa.advisorId}`, {
      workingHours: soon.hours,
    });

    // She books the express styling from her summary.
    const card = visitor.page.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    const open = card.getByRole('link', { name: 'Ver mi resumen' });
    await expect(open).toBeVisible();
    const page = visitor.page;
    await page.goto((await open.getAttribute('href')) ?? '');
    const rec = page.getByRole('region', { name: 'Recomendaciones de Rosa Embudo' });
    await rec.getByRole('button', { name: 'Reservar Peinado express en el salón' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reservar Peinado express' });
    const first = dialog.locator('label.slot-chip--time').first();
    await expect(first).toBeVisible();
    await first.click();
    await dialog.getByRole('button', { name: 'Reservar este horario' }).click();
    await expect(dialog.getByText('¡Reservado!')).toBeVisible();
    await expect(dialog.getByText('Peinado express en el salón (10 min)')).toBeVisible();
    // Her WhatsApp choice of the consultation holds for the service booked from its plan.
    const confirmation = await receivedTemplate(whatsapp, 'cita_confirmada');
    expect(confirmation.to).toBe('51977444222');
    const [name, , stylistName, what] = confirmation.template?.parameters ?? [];
    expect([name, stylistName, what]).toEqual(['Elena Embudo', 'Rosa Embudo', 'Peinado express']);

    // Once its time has come, her dashboard asks for the outcome: done, at the final price.
    const pending = stylist.page.getByRole('region', { name: 'Servicios por registrar' });
    await expect(pending.getByText('Elena Embudo')).toBeVisible({
      timeout: Math.max(0, soon.startsAt - Date.now()) + 2 * MINUTE,
    });
    await pending.getByRole('button', { name: 'Registrar resultado: Elena Embudo' }).click();
    const form = pending.getByRole('form', { name: 'Resultado del servicio de Elena Embudo' });
    await form.getByRole('radio', { name: 'Realizado' }).check();
    const price = form.getByLabel(/Precio final/);
    await expect(price).toHaveValue('45.00');
    await price.fill('50');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(pending).toBeHidden();

    // The admin's funnel: one consultation, one plan, one booking, one done, S/ 50.00.
    const admin = await participant(browser, server.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, { home: 'admin' });
    await admin.page.goto(`${server.url}/admin/reports`);
    const funnel = admin.page.getByRole('region', { name: 'Embudo por mes y estilista' });
    const stylistRow = funnel.getByRole('row', { name: /Rosa Embudo/ });
    await expect(stylistRow).toHaveCount(1);
    const cells = stylistRow.getByRole('cell');
    await expect(cells.nth(0)).toHaveText('Rosa Embudo');
    await expect(cells.nth(1)).toHaveText('1');
    await expect(cells.nth(2)).toHaveText(/^1 \(100\s?%\)$/);
    await expect(cells.nth(3)).toHaveText(/^1 \(100\s?%\)$/);
    await expect(cells.nth(4)).toHaveText(/^1 \(100\s?%\)$/);
    await expect(cells.nth(5)).toHaveText('0');
    await expect(cells.nth(6)).toHaveText(/S\/\s?50\.00/);
    const total = funnel.getByRole('row', { name: /^Total/ });
    await expect(total.getByRole('cell').nth(6)).toHaveText(/S\/\s?50\.00/);

    await admin.context.close();
    await visitor.context.close();
    await stylist.context.close();
  });
});
