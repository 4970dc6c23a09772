/**
 * The visitor's path on the landing page, in Chromium against the built app: nobody online →
 * the closed state with the next opening and a callback request the admin then sees (and gets by
 * e-mail, at an SMTP server the test runs); inside working hours with nobody connected → open but
 * nobody free, with the call-back and a booking offered; an online
 * advisor → the form, the wait (surviving a reload), the video modal opening connected by itself
 * when the advisor accepts, and the rating after the advisor ends (still offered after a reload),
 * visible through the API.
 */
import { expectAccessible } from '../support/axe.js';
import {
  weekdays,
  type Advisor,
  type LoginResponseData,
  type Weekday,
  type WorkingHours,
} from '@belleza/contract';
import type { Socket } from 'socket.io-client';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { connectAdvisor } from '../support/video.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../packages/server/src/test/smtp.js';

type SavedCall = { callId: string; clientKey: string };

test.describe('visitor on the landing page', () => {
  // A private server: this spec's advisor is the only one calls can be routed to.
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let adminApi: Api;
  let advisorSocket: Socket | undefined;
  let smtp: TestSmtp;

  test.beforeAll(async ({}, workerInfo) => {
    smtp = await startTestSmtp();
    server = await startServer(4360 + workerInfo.parallelIndex, {
      CALL_REQUEST_RATE_LIMIT: '100',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'avisos@salon.pe',
    });
    adminApi = await Api.login(server.url);
    // The offer must outlive the visitor's reload and device check on a busy machine; the default
    // 30 s timeout would re-route (and with one stylist, cancel) the call mid-test.
    await adminApi.setCallTimeout(300);
  });
  test.afterAll(async () => {
    advisorSocket?.disconnect();
    await server.stop();
    await smtp.close();
  });

  test('nobody online: the closed state shows the next opening and takes a callback request', async ({
    page,
  }) => {
    // Whatever the hour the suite runs: the only stylist (the admin) works only the day after
    // tomorrow in Lima, so the next opening is that day at 09:00.
    const opening = new Date(Date.now() + 2 * 24 * 3600_000);
    const lima = (options: Intl.DateTimeFormatOptions, locale = 'es-PE') =>
      new Intl.DateTimeFormat(locale, { timeZone: 'America/Lima', ...options }).format(opening);
    const openDay = lima({ weekday: 'long' }, 'en-US').toLowerCase() as Weekday;
    const workingHours = Object.fromEntries(
      weekdays.map((day) => [day, { start: '09:00', end: '17:00', enabled: day === openDay }]),
    ) as WorkingHours;
    // An admin takes consultations only while the landing shows her as a stylist.
    const me = await adminApi.request<Advisor>('GET', '/api/advisors/me');
    await adminApi.request('PUT', `/api/advisors/${me.advisorId}`, {
      workingHours,
      showOnLanding: true,
    });

    await page.goto(server.url);
    await expect(page.getByRole('heading', { name: 'TU NUEVO LOOK empieza aquí' })).toBeVisible();
    await expect(page.getByTestId('availability').first()).toContainText('Fuera de horario');

    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ahora no hay estilistas en línea' });
    await expect(dialog).toBeVisible();
    // The page writes the day as two digits ('03/12'); Node's ICU writes es-PE's 2-digit day as
    // one ('3/12'), so the expectation is built from the numbers.
    const twoDigits = (options: Intl.DateTimeFormatOptions) => lima(options).padStart(2, '0');
    const dayAndMonth = `${twoDigits({ day: 'numeric' })}/${twoDigits({ month: 'numeric' })}`;
    await expect(
      dialog.getByText(new RegExp(`^Próxima atención: \\p{L}+, ${dayAndMonth}, 09:00`, 'u')),
    ).toBeVisible();

    const name = `Rosa Devolución ${Date.now().toString(36)}`;
    await dialog.getByLabel('Nombre', { exact: true }).fill(name);
    await dialog.getByLabel('Teléfono', { exact: true }).fill('+51 987 654 321');
    await dialog.getByLabel('Horario preferido', { exact: true }).fill('Mañana por la tarde');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Pedir que me llamen' }).click();
    await expect(
      dialog.getByText('Te llamaremos en cuanto alguien del equipo esté disponible.'),
    ).toBeVisible();

    const leads = await adminApi.request<{ name: string; phone: string; preferredTime: string }[]>(
      'GET',
      '/api/callbacks',
    );
    expect(leads).toContainEqual(
      expect.objectContaining({
        name,
        phone: '+51 987 654 321',
        preferredTime: 'Mañana por la tarde',
      }),
    );
    // The admin (the first one, until someone saves another address) is told by e-mail.
    await expect.poll(() => smtp.messages.length).toBe(1);
    const [mail] = smtp.messages;
    expect(recipientOf(mail!)).toBe(ADMIN.email);
    // What the visitor typed comes quoted: no value can pass for the salon's own words.
    expect(mail!.subject).toBe(`Nuestro salón: Solicitud de llamada: «${name}»`);
    expect(mail!.text).toContain('Teléfono: +51 987 654 321');
    expect(mail!.text).toContain('Horario preferido: «Mañana por la tarde»');
  });

  test('inside working hours with nobody connected: open but nobody free, call-back and booking offered', async ({
    page,
  }) => {
    // Her hours are every day, all day but the day's last minute (hours end by 23:59): whenever the
    // suite runs it is within them (in that one minute it waits for the next day), and she is not
    // connected.
    const limaClock = () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Lima',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date());
    await expect.poll(limaClock, { timeout: 65_000, intervals: [1000] }).not.toBe('23:59');
    const allDay = Object.fromEntries(
      weekdays.map((day) => [day, { start: '00:00', end: '23:59', enabled: true }]),
    ) as WorkingHours;
    const me = await adminApi.request<Advisor>('GET', '/api/advisors/me');
    await adminApi.request('PUT', `/api/advisors/${me.advisorId}`, {
      workingHours: allDay,
      showOnLanding: true,
      title: 'Especialista en colorimetría, balayage y cuidado del cabello rizado',
    });

    await page.goto(server.url);
    await expect(page.getByTestId('availability').first()).toHaveText(
      'En horario de atención · ahora no hay estilistas libres',
    );
    await expect(page.getByText(/Fuera de horario/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ahora no hay estilistas libres' });
    await expect(dialog.getByText(/^Estamos en horario de atención/)).toBeVisible();
    await expect(dialog.getByText(/Próxima atención/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Pedir que me llamen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Reservar una cita' }).click();

    // The booking step: she may choose the stylist from her card (a long title wraps inside it),
    // and the step fits every window from a phone to a desktop.
    const stylists = page.getByRole('dialog').getByRole('group', { name: 'Estilista' });
    await expect(stylists.getByRole('radio')).toHaveCount(2);
    await expect(stylists.getByRole('radio', { name: /Cualquier estilista/ })).toBeChecked();
    await stylists.getByRole('radio', { name: new RegExp(me.name) }).check();
    await expect(
      page.getByRole('dialog').getByRole('group', { name: 'Hora de Lima' }),
    ).toBeVisible();
    for (const width of [360, 390, 768, 1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const widest = await page.evaluate(() =>
        Math.max(
          document.documentElement.scrollWidth,
          ...[...document.querySelectorAll('.stylist-choice *')].map(
            (el) => el.getBoundingClientRect().right,
          ),
        ),
      );
      expect(widest, `the booking step at ${width} px`).toBeLessThanOrEqual(width);
    }
  });

  test('request, wait through a reload, video opens connected on accept, rate after the end', async ({
    browser,
  }) => {
    // An advisor online and available, driven through the API and a socket like the dashboard.
    const email = uniqueEmail('visitor-advisor');
    const password = 'visitor-e2e-pass-123';
    await adminApi.createAdvisor({ name: 'Eva Estilista', email, password });
    const login = await new Api(server.url).request<LoginResponseData>(
      'POST',
      '/api/advisors/login',
      { email, password },
    );
    const advisorApi = new Api(server.url, login.token);
    const advisorId = login.advisor.advisorId;
    advisorSocket = await connectAdvisor(server.url, advisorId, login.token);
    await advisorApi.request('POST', `/api/advisors/${advisorId}/status`, { status: 'available' });

    const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.getByTestId('availability').first()).toContainText('Estilistas en línea');

    await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await form.getByLabel('Nombre', { exact: true }).fill('Ana Visitante');
    await form.getByLabel('Teléfono', { exact: true }).fill('+51 999 888 777');
    await form.getByLabel('Mensaje', { exact: true }).fill('Quiero un cambio de look');
    await form.getByRole('checkbox', { name: /^(Acepto el uso|I agree to my data)/ }).check();
    await form.getByRole('button', { name: 'Solicitar consulta' }).click();

    const waiting = page.getByRole('dialog', { name: 'Tu consulta' });
    await expect(waiting.getByText('Esperando a tu estilista...')).toBeVisible();
    // She is told who is being rung for her.
    await expect(waiting.getByTestId('ringing-stylist')).toHaveText(
      'Estamos llamando a Eva Estilista para ti.',
    );
    // Said once: her turn has come, and the line above says who is rung, in neutral words.
    await expect(waiting.getByTestId('queue-position')).toHaveText('Ya es tu turno');
    await expect(waiting.getByText(/Estamos llamando a/)).toHaveCount(1);
    await expect(waiting.getByText(/un asesor/)).toHaveCount(0);
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('activeCall') ?? 'null') as SavedCall | null,
    );
    expect(saved?.callId).toBeTruthy();
    const callId = saved!.callId;

    // Reload while pending: the banner brings the visitor back to the wait.
    await page.reload();
    const banner = page.getByRole('region', { name: 'Consulta activa' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText('Esperando a tu estilista...')).toBeVisible();
    await banner.getByRole('button', { name: 'Volver a la llamada' }).click();
    await expect(waiting.getByText('Esperando a tu estilista...')).toBeVisible();

    // While waiting, the visitor checks camera and microphone (the pre-join check).
    await waiting.getByRole('button', { name: 'Probar cámara y micrófono' }).click();
    // The browser context already granted both, so the check goes straight to the preview.
    await expect(waiting.getByLabel('Vista previa de tu cámara')).toBeVisible();
    // The device check passes axe like the rest of the consultation.
    await expectAccessible(page, 'the device check');
    await waiting.getByRole('button', { name: 'Listo, usar estos dispositivos' }).click();
    await expect(
      waiting.getByText('Cámara y micrófono listos para la videollamada.'),
    ).toBeVisible();

    // The advisor accepts: the video modal opens by itself and the visitor is in the room. This
    // advisor has no browser, so no media can flow: the page says it waits for them, and the
    // modal honestly stays on 'Conectando...' instead of claiming a connection.
    await advisorApi.request('POST', `/api/calls/${callId}/accept`, { advisorId });
    const video = page.getByRole('dialog', { name: 'Videollamada' });
    await expect(video).toBeVisible();
    await expect(
      page
        .frameLocator('iframe[title="Videollamada con tu estilista"]')
        .getByText('Esperando a que se una el otro participante...'),
    ).toBeVisible({ timeout: 30_000 });
    await expect(video.getByRole('status')).toHaveText('Conectando...');

    // The advisor ends: the modal closes, 'Consulta finalizada', and the visitor rates once.
    await advisorApi.request('POST', `/api/calls/${callId}/end`, {});
    await expect(page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
    await expect(video).toBeHidden();
    await expect(banner).toBeHidden();
    const card = page.getByRole('region', { name: '¿Cómo fue tu consulta?' });
    await expect(card).toBeVisible();
    // A reload before rating keeps the card (the finished call is remembered until rated).
    await page.reload();
    await expect(card).toBeVisible();
    await card.getByRole('radio', { name: '5 estrellas' }).check();
    await card.getByLabel('Comentario (opcional)', { exact: true }).fill('Excelente asesoría');
    await card.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(card.getByText('¡Gracias por tu calificación!')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('activeCall'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('pendingRating'))).toBeNull();

    const details = await adminApi.request<{
      status: string;
      rating: number;
      ratingComment: string;
    }>('GET', `/api/calls/${callId}`);
    expect(details).toMatchObject({
      status: 'completed',
      rating: 5,
      ratingComment: 'Excelente asesoría',
    });
    const advisor = await adminApi.request<{ stats: { averageRating: number } }>(
      'GET',
      `/api/advisors/${advisorId}`,
    );
    expect(advisor.stats.averageRating).toBe(5);
    await context.close();
  });
});
