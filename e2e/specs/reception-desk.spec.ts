/**
 * The reception desk (docs/product.md#the-reception-desk) through the real screens: a client walks
 * in; the admin opens Citas, shows the week of a stylist who does the salon's colour service,
 * clicks a free half hour of hers, and in 'Nueva cita' books the service for the client (name,
 * phone, e-mail, her consent ticked). The booking is in the week, as a service, and in the day's
 * list, both saying who booked it; the client's confirmation, with its calendar file and her
 * link, reaches her mailbox (an SMTP server the test runs). The week view and the dialog pass axe.
 *
 * Whenever the spec runs: the stylist works every day all day, and the desk books from now on (no
 * minimum notice); late in a Lima day the first free time may be tomorrow's, or next week's.
 */
import type { DeskBookingResponse, SalonService, WorkingHours } from '@belleza/contract';
import type { Locator } from '@playwright/test';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../packages/server/src/test/smtp.js';
import { Api, uniqueEmail } from '../support/api.js';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { participant } from '../support/video.js';

const allDay = { start: '00:00', end: '23:59', enabled: true };
const ALWAYS: WorkingHours = {
  monday: allDay,
  tuesday: allDay,
  wednesday: allDay,
  thursday: allDay,
  friday: allDay,
  saturday: allDay,
  sunday: allDay,
};
const CLIENT_EMAIL = 'julia.mostrador@example.test';
const LIMA_OFFSET = -5 * 3600_000;
const limaDayOf = (iso: string) =>
  new Date(Date.parse(iso) + LIMA_OFFSET).toISOString().slice(0, 10);

/** The first free half hour of the week shown; the next week's when this one has none left. */
async function firstFree(week: Locator): Promise<Locator> {
  const free = week.getByRole('button', { name: /^Nueva cita a las/ });
  await expect(week.getByRole('heading', { level: 4 }).first()).toBeVisible();
  // The week is read: its columns show her hours (a free time, or none left this week).
  await expect(week.locator('.aa-week__working').first()).toBeVisible();
  if ((await free.count()) === 0)
    await week.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(free.first()).toBeVisible();
  return free.first();
}

test.describe('the reception desk', () => {
  test.use({ actionTimeout: 30_000 });
  let server: ServerHandle;
  let smtp: TestSmtp;
  test.beforeAll(async ({}, workerInfo) => {
    smtp = await startTestSmtp();
    server = await startServer(4680 + workerInfo.parallelIndex, { SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  test('the admin books a service for a walk-in client from the week view; it is in the week and the list, marked as booked by her, and the client is e-mailed', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminApi = await Api.login(server.url);
    const eva = await adminApi.createAdvisor({
      name: 'Eva Mostrador',
      email: uniqueEmail('desk'),
      password: 'stylist-pass-1234',
      workingHours: ALWAYS,
    });
    await adminApi.request<SalonService>('POST', '/api/services', {
      name: 'Color completo',
      category: 'Cabello',
      durationMinutes: 45,
      price: 180,
      bookable: true,
      stylistIds: [eva.advisorId],
    });

    const admin = await participant(browser, server.url);
    const page = admin.page;
    await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });
    await page.goto(`${server.url}/admin/appointments`);
    await page.getByRole('button', { name: 'Ver semana' }).click();
    const week = page.getByRole('region', { name: 'Semana por estilista' });
    await week.getByLabel('Estilista').selectOption({ label: 'Eva Mostrador' });
    const free = await firstFree(week);
    await expectAccessible(page, 'the week view');

    // A free half hour by keyboard: the dialog opens with her and that time.
    await free.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nueva cita en recepción' });
    await expect(dialog.getByLabel('Estilista')).toHaveValue(eva.advisorId);
    await dialog.getByRole('radio', { name: 'Servicio en el salón' }).check();
    await dialog.getByLabel('Servicio', { exact: true }).selectOption({ label: 'Color completo · 45 min' });
    await expect(dialog.getByLabel('Estilista')).toHaveValue(eva.advisorId);
    const time = dialog.getByLabel('Hora');
    await expect(time).toBeEnabled();
    await expect(time.locator('option').first()).not.toHaveText('Buscando horas libres...');
    // Her 45 minutes from the time clicked; late in the day, the next day's first.
    if ((await time.inputValue()) === '') {
      if ((await time.locator('option').count()) < 2) {
        const day = await dialog.getByLabel('Día').inputValue();
        const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000);
        await dialog.getByLabel('Día').fill(next.toISOString().slice(0, 10));
        await expect(time.locator('option')).not.toHaveCount(1);
      }
      await time.selectOption({ index: 1 });
    }
    await dialog.getByLabel('Nombre de la clienta').fill('Julia Mostrador');
    await dialog.getByLabel('Teléfono').fill('+51 944 555 666');
    await dialog.getByLabel('Correo (opcional)').fill(CLIENT_EMAIL);
    await dialog.getByRole('checkbox', { name: /aceptó de palabra/ }).check();
    await expectAccessible(page, 'the reception dialog');

    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/desk/appointments') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Reservar cita' }).click();
    const response = await answered;
    expect(response.status()).toBe(201);
    const booked = ((await response.json()) as { data: DeskBookingResponse }).data;
    const done = page.getByRole('dialog', { name: 'Cita reservada' });
    await expect(done).toContainText('Julia Mostrador: Color completo con Eva Mostrador');
    const link = await done.getByLabel('Enlace de su cita').inputValue();
    expect(new URL(link).pathname).toBe(`/cita/${booked.appointment.appointmentId}`);
    await done.getByRole('button', { name: 'Entendido' }).click();

    // In her week: a service, 45 minutes, booked by the admin.
    const day = limaDayOf(booked.appointment.startsAt);
    const item = week.locator('li.aa-week__booking', { hasText: 'Julia Mostrador' });
    if ((await week.locator(`#aa-week-day-${day}`).count()) === 0)
      await week.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(item).toContainText('Servicio en el salón · Color completo');
    await expect(item).toContainText(`Reservada por ${ADMIN.name}`);
    const box = await item.boundingBox();
    expect(box?.height).toBeCloseTo(45 * 1.2, 0);

    // In the day's list, marked the same.
    await page.goto(`${server.url}/admin/appointments?day=${day}`);
    const row = page.getByRole('row', { name: /Julia Mostrador/ });
    await expect(row).toContainText('Servicio en el salón');
    await expect(row).toContainText('Color completo · 45 min');
    await expect(row).toContainText(`Reservada por ${ADMIN.name}`);

    // Her confirmation: the booking's link and its calendar file.
    await expect
      .poll(() => smtp.messages.filter((m) => recipientOf(m) === CLIENT_EMAIL).length)
      .toBe(1);
    const mail = smtp.messages.find((m) => recipientOf(m) === CLIENT_EMAIL)!;
    expect(mail.text ?? '').toContain(`/cita/${booked.appointment.appointmentId}#`);
    const ics = mail.attachments.find((a) => a.contentType === 'text/calendar');
    const start = new Date(booked.appointment.startsAt)
      .toISOString()
      .replace(/[-:]/g, '')
      .slice(0, 15);
    expect(ics?.content.toString('utf8')).toContain(`DTSTART:${start}Z`);

    await admin.context.close();
  });
});
