/**
 * WhatsApp as the visitor's channel (docs/product.md#whatsapp) through the real screens: with the
 * app pointed at the local fake of the Cloud API, the visitor books a video consultation from the
 * landing, ticks "también por WhatsApp" (the form says how to stop: BAJA), and the fake receives
 * the confirmation template at her number with her name, the time, her stylist and her booking's
 * own link, which opens her booking.
 */
import type { Locator } from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { receivedTemplate } from '../support/whatsapp-fake.js';

const MINUTE = 60_000;
const LIMA_OFFSET = -5 * 60 * MINUTE;

/** Her stylist's day starts three minutes from now (Lima), so the landing is closed now. */
function firstSlot(now: number): { startsAt: number; dayStart: string; dayEnd: string } {
  const startsAt = Math.ceil((now + 3 * MINUTE) / MINUTE) * MINUTE;
  const dayStart = new Date(startsAt + LIMA_OFFSET).toISOString().slice(11, 16);
  if (dayStart <= '23:29') return { startsAt, dayStart, dayEnd: '23:59' };
  const limaDay = Math.floor((now + LIMA_OFFSET) / (24 * 60 * MINUTE)) + 1;
  return { startsAt: limaDay * 24 * 60 * MINUTE - LIMA_OFFSET, dayStart: '00:00', dayEnd: '00:40' };
}

async function pickSlot(scope: Locator, startsAt: number): Promise<void> {
  const chip = (value: string) =>
    scope.locator('label', { has: scope.page().locator(`input[type=radio][value="${value}"]`) });
  await chip(new Date(startsAt + LIMA_OFFSET).toISOString().slice(0, 10)).click({
    timeout: 20_000,
  });
  await chip(new Date(startsAt).toISOString()).click({ timeout: 20_000 });
}

test.use({ withWhatsapp: true, actionTimeout: 30_000 });

test('a visitor who books choosing WhatsApp gets the confirmation template there', async ({
  page,
  server,
  whatsapp,
}) => {
  test.setTimeout(120_000);
  const { startsAt, dayStart, dayEnd } = firstSlot(Date.now());
  const admin = await Api.login(server.url);
  const day = { start: dayStart, end: dayEnd, enabled: true };
  await admin.createAdvisor({
    name: 'Eva WhatsApp',
    email: uniqueEmail('wa'),
    password: 'stylist-pass-1234',
    title: 'Colorista',
    showOnLanding: true,
    workingHours: {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
      sunday: day,
    },
  });
  await admin.setAppointments({ slotMinutes: 10, bufferMinutes: 0, minNoticeMinutes: 0 });

  await page.goto('/');
  await page.getByTestId('availability').filter({ hasText: 'Fuera de horario' }).first().waitFor();
  await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Ahora no hay estilistas en línea' })
    .getByRole('button', { name: 'Reservar una cita' })
    .click();
  const booking = page.getByRole('dialog');
  await pickSlot(booking, startsAt + 10 * MINUTE);
  await booking.getByRole('button', { name: 'Continuar' }).click();
  await booking.getByLabel('Nombre', { exact: true }).fill('Rosa WhatsApp');
  await booking.getByLabel('Teléfono', { exact: true }).fill('987 111 222');
  await booking.getByRole('checkbox', { name: /Acepto el uso de mis datos/ }).check();
  const channel = booking.getByRole('checkbox', { name: /también por WhatsApp/ });
  await expect(channel).not.toBeChecked();
  await expect(booking.getByText(/responde BAJA y no te escribiremos más/)).toBeVisible();
  await channel.check();
  await booking.getByRole('button', { name: 'Reservar cita' }).click();
  await expect(booking.getByText('¡Listo! Tu cita está reservada')).toBeVisible();
  const manage = new URL(await booking.getByLabel('Enlace de tu cita').inputValue());

  const sent = await receivedTemplate(whatsapp, 'cita_confirmada');
  expect(sent.to).toBe('51987111222');
  expect(sent.template?.language).toBe('es');
  const [name, when, stylist, what, link] = sent.template?.parameters ?? [];
  expect(name).toBe('Rosa WhatsApp');
  expect(stylist).toBe('Eva WhatsApp');
  expect(what).toBe('Consulta por video');
  expect(when).toMatch(/\(hora de Lima\)$/);
  // Her message's link opens the same booking, with a key of its own.
  const linked = new URL(link ?? '');
  expect(linked.pathname).toBe(manage.pathname);
  expect(linked.hash).not.toBe(manage.hash);
  await page.goto(linked.pathname + linked.hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cita, Rosa WhatsApp' })).toBeVisible();
});
