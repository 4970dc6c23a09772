/**
 * One e-mail until its owner confirms the address (docs/product.md#e-mail), through the real
 * routes and the app's real SMTP transport to an SMTP server started by the test: a stranger's
 * address gets exactly one e-mail across a booking, its move, a second booking, a reminder and the
 * cancellation, and the booking's answer says which e-mail went and which did not; its token is in
 * that e-mail only (not in an answer, a log line or the database, which keeps hashes); after she
 * confirms, every e-mail reaches her; a link works once; a first e-mail that could not be sent
 * gives its place back; the visitor's summary is held like the rest, staff e-mails never are.
 */
import type { BookAppointmentBody, BookAppointmentResponse } from '@belleza/contract';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/ids.js';
import { EMAIL_CONFIRMATIONS_PER_ADDRESS } from '../../lib/limits.js';
import {
  api,
  insertAdvisor,
  refreshPresence,
  requestCall,
  setSystemSettings,
  type TestAdvisor,
  tuesdayMorning,
} from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { emailHash } from './email-confirmations.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 2026-11-30, 12:00 Lima.
const NOW = '2026-11-30T17:00:00.000Z';
/** Tuesday 2026-12-08 09:00 and 09:30 Lima: over a day ahead, so the day's reminder is due. */
const NEXT_NINE = '2026-12-08T14:00:00.000Z';
const NEXT_NINE_30 = '2026-12-08T14:30:00.000Z';
/** Tuesday 2026-12-01 09:00 Lima. */
const NINE = '2026-12-01T14:00:00.000Z';
const STRANGER = 'desconocida@example.test';
const CONFIRM_LINK = /http:\/\/localhost:3000\/confirmar-correo#token=([\w-]{43})(?![\w-])/;

type ErrorBody = { error?: { code: string } };

describe.each(await dialects())('one e-mail until the address is confirmed (%s)', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let eva: TestAdvisor;
  let logs: string[];

  beforeEach(async () => {
    smtp = await startTestSmtp();
    logs = [];
    t = await createTestApp({
      dialect,
      config: {
        smtp: { url: smtp.url, from: 'citas@salon.pe' },
        logLevel: 'info',
        trustProxy: 1,
        callRequestRateLimit: 100_000,
        callRequestPhoneLimit: 100_000,
      },
      logStream: { write: (line) => logs.push(line) },
    });
    t.clock.set(NOW);
    eva = await insertAdvisor(t.db.db, {
      name: 'Eva Estilista',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    await setSystemSettings(t.db.db, { siteName: 'Salón Rosa' });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const sent = async (): Promise<ParsedMail[]> => {
    await t.app.container.mail.idle();
    return smtp.messages;
  };
  const book = async (startsAt: string, over: Partial<BookAppointmentBody> = {}) => {
    const res = await api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
      body: {
        startsAt,
        subject: 'hair_care',
        name: 'Lucía Reserva',
        phone: '+51 987 654 321',
        email: STRANGER,
        consent: true,
        ...over,
      },
    });
    expect(res.status).toBe(201);
    return { ...res.data, raw: JSON.stringify(res.body) };
  };
  const withKey = (key: string) => ({ headers: { 'x-appointment-key': key } });
  const reschedule = async (id: string, key: string, startsAt: string) => {
    const res = await api(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
      ...withKey(key),
      body: { startsAt },
    });
    expect(res.status).toBe(200);
    return JSON.stringify(res.body);
  };
  const cancel = async (id: string, key: string) => {
    const res = await api(t.app, 'POST', `/api/appointments/${id}/cancel`, withKey(key));
    expect(res.status).toBe(200);
  };
  /** The day's reminder of a booking starting at `startsAt`, swept when it is due. */
  const remindDayBefore = async (startsAt: string) => {
    t.clock.set(new Date(Date.parse(startsAt) - 24 * HOUR));
    expect(await t.app.container.mail.sendAppointmentReminders(t.clock.now())).toBe(1);
  };
  let from = 0;
  const confirm = (token: string) => {
    from += 1;
    return api<unknown>(t.app, 'POST', '/api/mail/confirm', {
      body: { token },
      headers: { 'x-forwarded-for': `198.51.100.${from}` },
    });
  };
  const tokenIn = (mail: ParsedMail | undefined): string => {
    const found = CONFIRM_LINK.exec(mail?.text ?? '');
    if (!found?.[1]) throw new Error(`no confirmation link in: ${mail?.text}`);
    return found[1];
  };
  const heldLogs = () =>
    logs
      .map((line) => JSON.parse(line) as { msg?: string; mail?: string })
      .filter((l) => l.msg?.includes('its owner has not confirmed it'))
      .map((l) => l.mail);

  it("a stranger's address gets one e-mail across a booking, its move, another booking, a reminder and the cancellation", async () => {
    const first = await book(NEXT_NINE);
    expect(first.mail).toBe('sent_with_confirmation');
    const [only] = await sent();
    expect(recipientOf(only!)).toBe(STRANGER);
    expect(only!.subject).toBe('Salón Rosa: Tu cita está confirmada');
    const token = tokenIn(only);
    // The confirmation paragraph sits before the signature, in her booking's language.
    expect(only!.text).toContain(
      `\n\nConfirma tu correo\nEs el primer correo que te enviamos a esta dirección. Los siguientes avisos (cambios y cancelación de tu cita, recordatorios, resúmenes de tus consultas) solo te llegarán si confirmas que es tuya: abre este enlace y pulsa «Confirmar mi correo».\nhttp://localhost:3000/confirmar-correo#token=${token}\n\nSi no dejaste tú esta dirección, ignora este mensaje: no te volveremos a escribir.\n\n-- \n`,
    );

    const moved = await reschedule(first.appointment.appointmentId, first.key, NEXT_NINE_30);
    const second = await book(NINE);
    expect(second.mail).toBe('held');
    await remindDayBefore(NEXT_NINE_30);
    await cancel(first.appointment.appointmentId, first.key);
    expect(await sent()).toHaveLength(1);
    expect(heldLogs()).toEqual([
      'appointment_rescheduled',
      'appointment_booked',
      'appointment_reminder_day',
      'appointment_cancelled',
    ]);

    // The token is in that e-mail only: no answer, no log line, no row holds it.
    for (const text of [first.raw, moved, second.raw, ...logs]) expect(text).not.toContain(token);
    const rows = await t.db.db.selectFrom('email_confirmations').selectAll().execute();
    expect(rows).toEqual([
      {
        email_hash: emailHash(STRANGER),
        first_mailed_at: NOW,
        token_hash: hashSecret(token),
        confirmed_at: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(STRANGER);
  });

  it('after she confirms, every e-mail reaches her; the link works once', async () => {
    const first = await book(NEXT_NINE);
    const token = tokenIn((await sent())[0]);
    t.clock.advance(MINUTE);
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect((again.body as ErrorBody).error?.code).toBe('EMAIL_CONFIRM_LINK_INVALID');
    const row = await t.db.db
      .selectFrom('email_confirmations')
      .select(['token_hash', 'confirmed_at'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ token_hash: null, confirmed_at: t.clock.now().toISOString() });

    // Each one sent before the next (their order is the test's).
    await reschedule(first.appointment.appointmentId, first.key, NEXT_NINE_30);
    await sent();
    // However she types it, it is the same address.
    const second = await book(NINE, { email: ' Desconocida@Example.TEST ' });
    expect(second.mail).toBe('sent');
    await sent();
    await remindDayBefore(NEXT_NINE_30);
    await sent();
    await cancel(first.appointment.appointmentId, first.key);
    const messages = await sent();
    expect(messages.map((m) => m.subject)).toEqual([
      'Salón Rosa: Tu cita está confirmada',
      'Salón Rosa: Tu cita tiene una nueva hora',
      'Salón Rosa: Tu cita está confirmada',
      'Salón Rosa: Recordatorio: tu cita con Eva Estilista',
      'Salón Rosa: Tu cita fue cancelada',
    ]);
    expect(messages.map(recipientOf)).toEqual(Array(5).fill(STRANGER));
    expect(messages.filter((m) => CONFIRM_LINK.test(m.text ?? ''))).toEqual([messages[0]]);
    expect(heldLogs()).toEqual([]);
  });

  it('refuses a made-up link with 400 EMAIL_CONFIRM_LINK_INVALID, and too many from one address with 429', async () => {
    const tries = (address: string) =>
      api(t.app, 'POST', '/api/mail/confirm', {
        body: { token: 'made-up-token' },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < EMAIL_CONFIRMATIONS_PER_ADDRESS.max; i++) {
      const res = await tries('203.0.113.7');
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).error?.code).toBe('EMAIL_CONFIRM_LINK_INVALID');
    }
    const over = await tries('203.0.113.7');
    expect(over.status).toBe(429);
    expect((over.body as ErrorBody).error?.code).toBe('RATE_LIMITED');
    expect((await tries('203.0.113.8')).status).toBe(400);
    const empty = await api(t.app, 'POST', '/api/mail/confirm', { body: { token: '' } });
    expect(empty.status).toBe(400);
    expect((empty.body as ErrorBody).error?.code).toBe('VALIDATION_ERROR');
  });

  it('a first e-mail the mail server refused gives its place back: the next one carries the link', async () => {
    smtp.refuseNext(1);
    const first = await book(NEXT_NINE);
    expect(first.mail).toBe('sent_with_confirmation');
    expect(await sent()).toHaveLength(0);
    expect(await t.db.db.selectFrom('email_confirmations').selectAll().execute()).toEqual([]);

    await reschedule(first.appointment.appointmentId, first.key, NEXT_NINE_30);
    const [moved, ...rest] = await sent();
    expect(rest).toEqual([]);
    expect(moved!.subject).toBe('Salón Rosa: Tu cita tiene una nueva hora');
    expect((await confirm(tokenIn(moved))).status).toBe(200);
  });

  it("holds the visitor's summary too: the first, in her call's language, asks her to confirm", async () => {
    const consult = async () => {
      await refreshPresence(t.db.db, t.clock.now());
      const call = await requestCall(t.app, { email: STRANGER, language: 'en' });
      expect(
        (await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: eva.token })).status,
      ).toBe(200);
      t.clock.advance(MINUTE);
      const end = await api(t.app, 'POST', `/api/calls/${call.callId}/end`, {
        clientKey: call.clientKey,
      });
      expect(end.status).toBe(200);
    };
    await consult();
    const [summary] = await sent();
    expect(summary!.subject).toBe('Salón Rosa: Your consultation summary');
    expect(summary!.text).toContain(
      `\n\nConfirm your e-mail\nThis is the first e-mail we send to this address. Further notices (changes to or cancellation of your appointment, reminders, summaries of your consultations) will only reach you once you confirm it is yours: open this link and press “Confirm my e-mail”.\nhttp://localhost:3000/confirmar-correo#token=${tokenIn(summary)}\n\nIf you did not leave this address, ignore this message: we will not write to you again.\n\n-- \n`,
    );
    await consult();
    expect(await sent()).toHaveLength(1);
    expect(heldLogs()).toEqual(['visitor_summary']);
  });

  it("never holds a staff e-mail: a stylist's password links reach an address a visitor used", async () => {
    const stylist = `${eva.id}@fixture.test`;
    await book(NEXT_NINE, { email: stylist });
    await sent();
    expect((await book(NINE, { email: stylist })).mail).toBe('held');
    for (const n of [1, 2]) {
      const asked = await api(t.app, 'POST', '/api/advisors/password-reset', {
        body: { email: stylist },
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
      expect(asked.status).toBe(202);
    }
    const subjects = (await sent()).map((m) => m.subject);
    expect(subjects).toEqual([
      'Salón Rosa: Tu cita está confirmada',
      'Salón Rosa: Restablecer tu contraseña',
      'Salón Rosa: Restablecer tu contraseña',
    ]);
  });
});

describe('one e-mail until confirmed, without SMTP', () => {
  it('says no e-mail went, and keeps nothing of the address', async () => {
    const t = await createTestApp();
    try {
      t.clock.set(NOW);
      await insertAdvisor(t.db.db, { workingHours: tuesdayMorning, now: t.clock.now() });
      const res = await api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
        body: {
          startsAt: NINE,
          name: 'Lucía',
          phone: '+51 987 654 321',
          email: STRANGER,
          consent: true,
        },
      });
      expect(res.status).toBe(201);
      expect(res.data.mail).toBe('none');
      expect(await t.db.db.selectFrom('email_confirmations').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
