/**
 * A consultation's plan booked in the salon (docs/product.md#services-from-the-plan), through the
 * real screens: the admin's catalogue has two services the stylist does, bookable in the salon;
 * in the call the stylist picks both from the catalogue (their prices and minutes, and the
 * total); the call ends; the visitor opens her summary, sees the plan and its total, books one of
 * the services with "Reservar" at a free time of her stylist's hours (the service's 45 minutes);
 * the admin finds it in Citas as a service in the salon, apart from the video consultations.
 */
import type { SalonService, WorkingHours } from '@belleza/contract';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, requestConsultation, signIn, signInAvailable } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { participant } from '../support/video.js';

const PASSWORD = 'stylist-pass-1234';
const allDay = { start: '00:00', end: '23:59', enabled: true };
/** Every day, all day: whenever the spec runs, her next free times are within the horizon. */
const ALWAYS: WorkingHours = {
  monday: allDay,
  tuesday: allDay,
  wednesday: allDay,
  thursday: allDay,
  friday: allDay,
  saturday: allDay,
  sunday: allDay,
};

test.describe('services booked from the plan', () => {
  let server: ServerHandle;
  test.beforeAll(async ({}, workerInfo) => {
    // Private server: this spec's stylist is the only one who can be rung.
    server = await startServer(4620 + workerInfo.parallelIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('the stylist plans two catalogue services, the visitor books one, the admin sees it as a service', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const adminApi = await Api.login(server.url);
    const email = uniqueEmail('plan');
    const lucia = await adminApi.createAdvisor({
      name: 'Lucía Plan',
      email,
      password: PASSWORD,
      workingHours: ALWAYS,
    });
    for (const [name, minutes, price] of [
      ['Color completo', 45, 180],
      ['Corte y peinado', 30, 60],
    ] as const) {
      await adminApi.request<SalonService>('POST', '/api/services', {
        name,
        category: 'Cabello',
        durationMinutes: minutes,
        price,
        bookable: true,
        stylistIds: [lucia.advisorId],
      });
    }

    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, PASSWORD);
    const visitor = await participant(browser, server.url);
    await requestConsultation(visitor.page, {
      name: 'Carla Plan',
      phone: '+51 977 333 111',
      message: 'Quiero cambiar de color',
      email: 'carla.plan@example.test',
    });
    await acceptRinging(stylist.page, 'Carla Plan');
    const stylistScreen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
    await expect(stylistScreen).toBeVisible();

    // The plan: two services of the catalogue, with their minutes and prices, and the total.
    await stylistScreen.getByRole('tab', { name: 'Para la clienta' }).click();
    const picker = stylistScreen.getByRole('combobox', { name: 'Elige un servicio del salón' });
    for (const name of ['Color completo', 'Corte y peinado']) {
      await picker.selectOption({ label: name });
      await stylistScreen.getByRole('button', { name: 'Añadir servicio' }).click();
    }
    await expect(stylistScreen.getByText(/Total del plan: S\/\s?240\.00 · 75 min/)).toBeVisible();
    await expect(
      stylistScreen.getByText('Guardado: la clienta lo verá en su resumen'),
    ).toBeVisible();
    await stylistScreen.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();

    // Her summary: the plan, its total, "Reservar" on each service.
    const card = visitor.page.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    const open = card.getByRole('link', { name: 'Ver mi resumen' });
    await expect(open).toBeVisible();
    const page = visitor.page;
    await page.goto((await open.getAttribute('href')) ?? '');
    const rec = page.getByRole('region', { name: 'Recomendaciones de Lucía Plan' });
    await expect(rec).toContainText('Color completo');
    await expect(rec).toContainText(/Total del plan: S\/\s?240\.00 · 75 min/);
    await expect(rec.getByRole('button', { name: /^Reservar .* en el salón$/ })).toHaveCount(2);

    // She books the colour at the first free time her stylist has for 45 minutes.
    await rec.getByRole('button', { name: 'Reservar Color completo en el salón' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reservar Color completo' });
    await expect(
      dialog.getByText('Con Lucía Plan, tu estilista de la consulta. Dura 45 minutos.'),
    ).toBeVisible();
    await dialog.locator('label.slot-chip--time').first().click();
    await dialog.getByRole('button', { name: 'Reservar este horario' }).click();
    await expect(dialog.getByText('¡Reservado!')).toBeVisible();
    await expect(dialog.getByText('Color completo en el salón (45 min)')).toBeVisible();
    const manage =
      (await dialog.getByRole('link', { name: 'Ver mi cita' }).getAttribute('href')) ?? '';
    expect(manage).toMatch(/^\/cita\/[^/#]+#.{20,}$/);

    // Her booking's page: in the salon, no video call to enter.
    await page.goto(manage);
    await expect(page.getByText(/Tu cita es en el salón/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entrar a mi cita' })).toHaveCount(0);

    // The admin's Citas: a service in the salon, apart from the video consultations.
    const admin = await participant(browser, server.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, { home: 'admin' });
    await admin.page.goto(`${server.url}/admin/appointments?day=upcoming`);
    const row = admin.page.getByRole('row', { name: /Carla Plan/ });
    await expect(row).toContainText('Servicio en el salón');
    await expect(row).toContainText('Color completo · 45 min');
    await admin.page.getByLabel('Tipo').selectOption('consultation');
    await expect(admin.page.getByRole('row', { name: /Carla Plan/ })).toHaveCount(0);
    await admin.page.getByLabel('Tipo').selectOption('service');
    await expect(admin.page.getByRole('row', { name: /Carla Plan/ })).toBeVisible();

    await admin.context.close();
    await visitor.context.close();
    await stylist.context.close();
  });
});
