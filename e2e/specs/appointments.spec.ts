/**
 * Appointments (docs/product.md#appointments) through the real screens: with the salon closed, the
 * visitor books a video consultation from the landing; her e-mail brings the booking with a
 * calendar file (parsed here), its private link and the link that confirms her address, which she
 * uses (only then do the next e-mails reach her); a wrong key shows nothing; she moves the
 * booking and cancels another through the manage page; at the booked time she enters from it, the
 * booked stylist is rung and both see each other's video.
 *
 * The booked time is near: the stylist's working day is made to start three minutes from now, with
 * 10-minute slots and no notice, so the booking opens for entering (5 minutes before) at once.
 */
import type { Appointment, BookAppointmentResponse } from '@belleza/contract';
import type { Locator } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../packages/server/src/test/smtp.js';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import {
  acceptRinging,
  ADVISOR_FRAME,
  signInAvailable,
  VISITOR_FRAME,
} from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { expectRemoteVideo, participant } from '../support/video.js';

const MINUTE = 60_000;
const LIMA_OFFSET = -5 * 60 * MINUTE;
const PASSWORD = 'stylist-pass-1234';
const VISITOR_EMAIL = 'rosa.cita@example.test';

/**
 * The stylist's hours and the first slot: her day starts at the next whole minute three minutes
 * from now (Lima 'HH:MM'), so the landing is closed now and opens soon. The test uses three
 * 10-minute slots, which must end by 23:59; later in the evening her day is the first 40 minutes
 * after midnight instead, so that now is still outside her hours (the test then waits for its
 * entry window).
 */
function firstSlot(now: number): { startsAt: number; dayStart: string; dayEnd: string } {
  const startsAt = Math.ceil((now + 3 * MINUTE) / MINUTE) * MINUTE;
  const dayStart = new Date(startsAt + LIMA_OFFSET).toISOString().slice(11, 16);
  if (dayStart <= '23:29') return { startsAt, dayStart, dayEnd: '23:59' };
  const limaDay = Math.floor((now + LIMA_OFFSET) / (24 * 60 * MINUTE)) + 1;
  return {
    startsAt: limaDay * 24 * 60 * MINUTE - LIMA_OFFSET,
    dayStart: '00:00',
    dayEnd: '00:40',
  };
}

/** The lines of an iCalendar file, unfolded (RFC 5545 §3.1). */
const icsLines = (text: string): string[] => text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
const icsTime = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';

/** Picks a slot in the slot picker: its Lima day's chip, then its time's (the radios are styled chips). */
async function pickSlot(scope: Locator, startsAt: number): Promise<void> {
  const chip = (value: string) =>
    scope.locator('label', { has: scope.page().locator(`input[type=radio][value="${value}"]`) });
  await chip(new Date(startsAt + LIMA_OFFSET).toISOString().slice(0, 10)).click({
    timeout: 20_000,
  });
  await chip(new Date(startsAt).toISOString()).click({ timeout: 20_000 });
}

function calendarOf(mail: ParsedMail): string[] {
  const file = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!file) throw new Error(`no calendar file in "${mail.subject ?? ''}"`);
  return icsLines(file.content.toString('utf8'));
}

test.describe('appointments', () => {
  // A step that cannot happen fails in half a minute, not at the end of the long test budget.
  test.use({ actionTimeout: 30_000 });
  let server: ServerHandle;
  let smtp: TestSmtp;
  test.beforeAll(async ({}, workerInfo) => {
    smtp = await startTestSmtp();
    // Private server: this spec's stylist is the only one, so the landing is closed until she
    // signs in.
    server = await startServer(4530 + workerInfo.parallelIndex, { SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  test('booked from the closed landing, e-mailed with its calendar, moved, and entered at its time with video', async ({
    browser,
  }) => {
    const { startsAt, dayStart, dayEnd } = firstSlot(Date.now());
    const entryOpens = startsAt - 5 * MINUTE;
    test.setTimeout(300_000 + Math.max(0, entryOpens - Date.now()));
    const third = new Date(startsAt + 20 * MINUTE).toISOString();

    const admin = await Api.login(server.url);
    const day = { start: dayStart, end: dayEnd, enabled: true };
    const email = uniqueEmail('cita');
    await admin.createAdvisor({
      name: 'Eva Citas',
      email,
      password: PASSWORD,
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

    // ---- closed: she books the second slot from the landing
    const visitor = await participant(browser, server.url);
    const page = visitor.page;
    await page.goto('/');
    await page
      .getByTestId('availability')
      .filter({ hasText: 'Fuera de horario' })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ahora no hay estilistas en línea' });
    await dialog.getByRole('button', { name: 'Reservar una cita' }).click();
    // The same dialog, now titled for the booking (and then for its confirmation).
    const booking = page.getByRole('dialog');
    await pickSlot(booking, startsAt + 10 * MINUTE);
    await booking.getByRole('button', { name: 'Continuar' }).click();
    await booking.getByLabel('Nombre', { exact: true }).fill('Rosa Cita');
    await booking.getByLabel('Teléfono', { exact: true }).fill('+51 987 111 222');
    await booking.getByLabel('Correo electrónico (opcional)').fill(VISITOR_EMAIL);
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Reservar cita' }).click();
    await expect(booking.getByText('¡Listo! Tu cita está reservada')).toBeVisible();
    await expect(
      booking.getByText(`También te enviamos los datos de tu cita y el enlace a ${VISITOR_EMAIL}.`),
    ).toBeVisible();
    await expect(booking.getByText(/pulsa «Confirmar mi correo»/)).toBeVisible();
    const link = await booking.getByLabel('Enlace de tu cita').inputValue();
    const manage = new URL(link);
    expect(manage.pathname).toMatch(/^\/cita\/apt_\w+$/);
    const appointmentId = manage.pathname.split('/').pop() ?? '';
    const key = manage.hash.slice(1);
    expect(key.length).toBeGreaterThan(30);

    // ---- her e-mail: the link and a calendar file at the booked time, in UTC
    await expect
      .poll(() => smtp.messages.filter((m) => recipientOf(m) === VISITOR_EMAIL).length)
      .toBe(1);
    const confirmation = smtp.messages.find((m) => recipientOf(m) === VISITOR_EMAIL)!;
    // Each link handed out has a key of its own (only their hashes are kept): the e-mail's opens
    // the same booking as the one on her screen, with another key.
    const mailed = new RegExp(`/cita/${appointmentId}#([\\w-]{30,})`).exec(confirmation.text ?? '');
    expect(mailed?.[1]).toBeDefined();
    expect(mailed?.[1]).not.toBe(key);
    const ics = calendarOf(confirmation);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`DTSTART:${icsTime(startsAt + 10 * MINUTE)}`);
    expect(ics).toContain(`DTEND:${icsTime(startsAt + 20 * MINUTE)}`);
    const uid = ics.find((l) => l.startsWith('UID:'));
    expect(uid).toContain(appointmentId);

    // ---- the first e-mail to her address asks her to confirm it; she does, from its link
    const confirmLink = /http\S+\/confirmar-correo#token=\S+/.exec(confirmation.text ?? '')?.[0];
    expect(confirmLink).toBeDefined();
    await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).hash);
    await page.getByRole('button', { name: 'Confirmar mi correo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Correo confirmado' })).toBeVisible();

    // ---- a wrong key opens nothing
    await page.goto(`/cita/${appointmentId}#not-her-key`);
    await expect(page.getByRole('heading', { name: 'No encontramos esta cita' })).toBeVisible();

    // ---- she moves it to the first slot through the e-mailed link; a new calendar file replaces
    // the old
    await page.goto(`${manage.pathname}#${mailed![1]}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu cita, Rosa Cita' })).toBeVisible();
    await page.getByRole('button', { name: 'Cambiar horario' }).click();
    const move = page.getByRole('dialog', { name: 'Cambiar horario' });
    await pickSlot(move, startsAt);
    await move.getByRole('button', { name: 'Cambiar a este horario' }).click();
    await expect(move).toBeHidden();
    await expect
      .poll(() => smtp.messages.filter((m) => recipientOf(m) === VISITOR_EMAIL).length)
      .toBe(2);
    const moved = calendarOf(smtp.messages.filter((m) => recipientOf(m) === VISITOR_EMAIL)[1]!);
    expect(moved).toContain(`DTSTART:${icsTime(startsAt)}`);
    expect(moved.find((l) => l.startsWith('UID:'))).toBe(uid);

    // ---- in English her appointment's day and time read in English (still Lima time)
    await page.evaluate(() => localStorage.setItem('preferred-language', 'en'));
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your appointment, Rosa Cita' }),
    ).toBeVisible();
    const englishDay = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Lima',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(new Date(startsAt));
    const main = page.getByRole('main');
    await expect(main).toContainText(englishDay);
    await expect(main).toContainText(/\d{2}:\d{2}\s(AM|PM)/);
    await expect(main).not.toContainText(
      /lunes|martes|miércoles|jueves|viernes|sábado|domingo|a\.\sm\.|p\.\sm\./,
    );
    await page.evaluate(() => localStorage.setItem('preferred-language', 'es'));

    // ---- another booking of hers, cancelled through its own link
    const other = await new Api(server.url).request<BookAppointmentResponse>(
      'POST',
      '/api/appointments',
      {
        startsAt: third,
        name: 'Rosa Cita',
        phone: '+51 987 111 222',
        email: VISITOR_EMAIL,
        consent: true,
      },
    );
    await page.goto(`/cita/${other.appointment.appointmentId}#${other.key}`);
    await page.getByRole('button', { name: 'Cancelar cita' }).click();
    await page
      .getByRole('dialog', { name: '¿Cancelar tu cita?' })
      .getByRole('button', { name: 'Sí, cancelar' })
      .click();
    await expect(page.getByText('Esta cita está cancelada.')).toBeVisible();
    await expect
      .poll(() =>
        smtp.messages
          .filter((m) => recipientOf(m) === VISITOR_EMAIL)
          .some((m) => calendarOf(m).includes('METHOD:CANCEL')),
      )
      .toBe(true);

    // ---- the stylist signs in; at the booked time the visitor enters and she is rung
    const stylist = await participant(browser, server.url);
    await signInAvailable(stylist.page, email, PASSWORD);
    await page.goto(`${manage.pathname}${manage.hash}`);
    const enter = page.getByRole('link', { name: 'Entrar a mi cita' });
    await expect(enter).toBeVisible({
      timeout: Math.max(30_000, entryOpens - Date.now() + 30_000),
    });
    await enter.click();
    const waiting = page.getByRole('dialog', { name: 'Tu consulta' });
    await expect(waiting.getByTestId('ringing-stylist')).toHaveText(
      'Estamos llamando a Eva Citas, Colorista, para ti.',
    );
    await acceptRinging(stylist.page, 'Rosa Cita');
    await expectRemoteVideo(page, VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);

    // The booking is attended, with its call.
    const entered = await new Api(server.url).request<Appointment>(
      'GET',
      `/api/appointments/${appointmentId}`,
      undefined,
      {
        'x-appointment-key': key,
      },
    );
    expect(entered.status).toBe('attended');
    expect(entered.callId).toMatch(/^call_/);
  });
});
