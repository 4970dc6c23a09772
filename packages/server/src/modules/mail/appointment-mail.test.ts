/**
 * A booking's e-mails to its visitor: real messages through the app's real SMTP transport to an
 * SMTP server started by the test, parsed with their calendar file — confirmation, new time, new
 * stylist, cancellation, and the reminders 24 h and 1 h before (once across two instances, at the
 * right moments by the manual clock); nothing without her address or SMTP. Each message's link
 * has a key of its own that opens the booking, and only its hash is stored. Bookings are rows
 * written straight into `appointments`, as the appointments module stores them.
 */
import { randomBytes } from 'node:crypto';
import { APPOINTMENT_KEY_HEADER } from '@belleza/contract';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/kysely.js';
import type { AppointmentsTable } from '../../db/schema.js';
import { hashSecret } from '../../lib/ids.js';
import {
  api,
  createCallsTestApp,
  databaseText,
  insertAdvisor,
  setSystemSettings,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { confirmedEmail } from '../../test/email-confirmations.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { foldByOctets } from './appointment-ics.js';
import { toMailAppointment, type MailAppointment } from './mail.service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SMTP_FROM = 'avisos@salon.pe';

/** A booking row as the appointments module writes it; `at`: its start. */
async function insertBooking(
  db: Db,
  advisorId: string,
  at: string,
  over: Partial<AppointmentsTable> = {},
): Promise<AppointmentsTable> {
  const start = Date.parse(at);
  const row: AppointmentsTable = {
    id: `apt_${randomBytes(8).toString('hex')}`,
    advisor_id: advisorId,
    status: 'booked',
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 20 * MINUTE).toISOString(),
    held_until: new Date(start + 25 * MINUTE).toISOString(),
    subject: 'hair_care',
    client_name: 'Lucía Pérez',
    client_phone: '+51 912 345 678',
    client_phone_digits: '51912345678',
    client_address_hash: null,
    client_email: 'lucia@example.pe',
    message: '',
    language: 'es',
    time_zone: 'Europe/Madrid',
    call_id: null,
    cancelled_by: null,
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-20T15:00:00.000Z',
    reminded_day_at: null,
    reminded_hour_at: null,
    kind: 'consultation',
    service_id: null,
    service_name: null,
    service_minutes: null,
    service_price_cents: null,
    plan_call_id: null,
    booked_by_id: null,
    booked_by_name: null,
    verbal_consent: 0,
    outcome_price_cents: null,
    outcome_at: null,
    outcome_by: null,
    ...over,
  };
  await db.insertInto('appointments').values(row).execute();
  return row;
}

/** The booking as stored, with its stylist: what the appointments service hands the mail. */
async function stored(db: Db, id: string): Promise<MailAppointment> {
  const row = await db
    .selectFrom('appointments as p')
    .innerJoin('advisors as a', 'a.id', 'p.advisor_id')
    .selectAll('p')
    .select(['a.name as advisor_name', 'a.title as advisor_title'])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return toMailAppointment(row);
}

type Ics = {
  raw: string;
  /** content lines after unfolding */
  lines: string[];
  /** the first value of a property (name without parameters) inside `component`, else anywhere */
  prop(name: string, component?: 'VEVENT' | 'VALARM'): string | undefined;
  /** the booking's event as a calendar client's parser (Mozilla's ical.js) reads it */
  event: ICAL.Event;
  /** the file's iTIP method, as that parser reads it */
  method: string;
};

/**
 * Read by ical.js, the parser of Thunderbird's calendar (it throws on a file a client could not
 * read); `lines` are the raw file unfolded, for what is about the bytes (folding, quoting).
 */
function parseIcs(raw: string): Ics {
  const calendar = new ICAL.Component(ICAL.parse(raw) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const where = (component?: 'VEVENT' | 'VALARM') =>
    component === 'VEVENT'
      ? vevent
      : component === 'VALARM'
        ? vevent.getFirstSubcomponent('valarm')
        : calendar;
  return {
    raw,
    lines: raw.replace(/\r\n[ \t]/g, '').split('\r\n'),
    prop(name, component) {
      const scope = where(component);
      const property =
        scope?.getFirstProperty(name.toLowerCase()) ??
        (component ? null : vevent.getFirstProperty(name.toLowerCase()));
      if (!property) return undefined;
      // The value as the file writes it: the property's line without its name and parameters.
      const line = property.toICALString();
      return line.replace(/^(?:[^:"]|"[^"]*")*:/, '');
    },
    event: new ICAL.Event(vevent),
    method: String(calendar.getFirstPropertyValue('method')),
  };
}

/** The message's calendar file: checked to be one text/calendar part of the given method. */
function calendarOf(mail: ParsedMail, method: 'PUBLISH' | 'CANCEL', filename: string): Ics {
  expect(mail.attachments).toHaveLength(1);
  const file = mail.attachments[0]!;
  expect(file.filename).toBe(filename);
  expect(file.contentType).toBe('text/calendar');
  const header = file.headers.get('content-type') as { params: Record<string, string> };
  expect(header.params.method).toBe(method);
  const ics = parseIcs(file.content.toString('utf8'));
  expect(ics.lines[0]).toBe('BEGIN:VCALENDAR');
  expect(ics.prop('METHOD')).toBe(method);
  // Folded at 75 octets (the accents of 'Salón' count twice).
  for (const line of file.content.toString('utf8').split('\r\n'))
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  return ics;
}

/** 2026-12-01T15:00:00.000Z → 20261201T150000Z */
const icsUtc = (iso: string): string => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe.each(await dialects())("a booking's e-mails to its visitor (%s)", (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let eva: TestAdvisor;

  beforeEach(async () => {
    smtp = await startTestSmtp();
    t = await createCallsTestApp(dialect, {
      config: { smtp: { url: smtp.url, from: SMTP_FROM } },
      instanceId: 'one',
    });
    eva = await insertAdvisor(t.db.db, {
      name: 'Eva Estilista',
      title: 'Colorista',
      now: t.clock.now(),
    });
    await setSystemSettings(t.db.db, { siteName: 'Salón Rosa' });
    // Addresses their owners confirmed: this suite is about what the e-mails say (the one e-mail
    // an unconfirmed address gets: email-confirmations.test.ts).
    for (const email of [
      'lucia@example.pe',
      'ana@example.pe',
      'late@example.pe',
      'last@example.pe',
    ])
      await confirmedEmail(t.db.db, email);
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const sent = async (...others: TestApp[]): Promise<ParsedMail[]> => {
    for (const app of [t, ...others]) await app.app.container.mail.idle();
    return smtp.messages;
  };
  const mail = () => t.app.container.mail;
  /** Her manage link in a message's text (or calendar file), checked to open her booking. */
  const linkIn = async (text: string | undefined, row: AppointmentsTable): Promise<string> => {
    const found = new RegExp(`http://localhost:3000/cita/${row.id}#[\\w-]{43}(?![\\w-])`).exec(
      text ?? '',
    );
    if (!found) throw new Error(`no manage link to ${row.id} in: ${text}`);
    const key = new URL(found[0]).hash.slice(1);
    const opened = await api(t.app, 'GET', `/api/appointments/${row.id}`, {
      headers: { [APPOINTMENT_KEY_HEADER]: key },
    });
    expect(opened.status).toBe(200);
    return found[0];
  };

  describe('confirmation, changes and cancellation', () => {
    it('confirms in Spanish: when in Lima and in her zone, with whom, her link, and a calendar file in UTC', async () => {
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z');
      await mail().appointmentBooked(await stored(t.db.db, row.id));
      const [message, ...rest] = await sent();
      expect(rest).toHaveLength(0);
      const link = await linkIn(message!.text, row);
      expect(recipientOf(message!)).toBe('lucia@example.pe');
      expect(message!.from?.value[0]).toEqual({ name: 'Salón Rosa', address: SMTP_FROM });
      expect(message!.subject).toBe('Salón Rosa: Tu cita está confirmada');
      expect(message!.text).toBe(
        [
          'Hola, «Lucía Pérez»:',
          '',
          'Tu videoconsulta está reservada.',
          '',
          'Fecha y hora: martes, 1 de diciembre de 2026, de 10:00 a. m. a 10:20 a. m. (hora de Lima)',
          'En tu zona horaria: martes, 1 de diciembre de 2026, de 4:00 p. m. a 4:20 p. m. (hora de Madrid)',
          'Con: Eva Estilista (Colorista)',
          'Tema: Cuidado del cabello',
          '',
          'Para cancelarla o cambiarla de hora, y para entrar a la videollamada desde 5 minutos antes («Entrar a mi cita»), abre tu enlace:',
          link,
          '',
          'El enlace es solo para ti: quien lo tenga puede cambiar o cancelar tu cita, así que no lo compartas.',
          'Te adjuntamos la cita (cita.ics) para que la añadas a tu calendario.',
          '',
          '-- ',
          'Salón Rosa',
          'Te escribimos porque dejaste tu email al reservar la cita en Salón Rosa.',
          '',
        ].join('\n'),
      );

      const ics = calendarOf(message!, 'PUBLISH', 'cita.ics');
      expect(ics.prop('UID', 'VEVENT')).toBe(`${row.id}@localhost`);
      expect(ics.prop('DTSTART', 'VEVENT')).toBe('20261201T150000Z');
      expect(ics.prop('DTEND', 'VEVENT')).toBe('20261201T152000Z');
      expect(ics.prop('DTSTART', 'VEVENT')).toBe(icsUtc(row.starts_at));
      expect(ics.prop('DTEND', 'VEVENT')).toBe(icsUtc(row.ends_at));
      expect(ics.prop('DTSTAMP', 'VEVENT')).toBe(icsUtc(t.clock.now().toISOString()));
      expect(ics.prop('SEQUENCE', 'VEVENT')).toBe('0');
      expect(ics.prop('STATUS', 'VEVENT')).toBe('CONFIRMED');
      expect(ics.prop('SUMMARY', 'VEVENT')).toBe('Videoconsulta con Eva Estilista (Salón Rosa)');
      // The calendar file carries the same link as the text.
      expect(ics.prop('URL', 'VEVENT')).toBe(link);
      expect(ics.prop('DESCRIPTION', 'VEVENT')).toContain(link);
      expect(ics.lines).toContain(`ORGANIZER;CN="Salón Rosa":MAILTO:${SMTP_FROM}`);
      // Times are UTC only: no zone for a calendar to misread.
      expect(ics.raw).not.toContain('TZID');
      expect(ics.prop('TRIGGER', 'VALARM')).toBe('-PT15M');
      expect(ics.prop('ACTION', 'VALARM')).toBe('DISPLAY');
    });

    it('writes in English, and gives one time when her clock reads as Lima (Bogotá)', async () => {
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z', {
        language: 'en',
        time_zone: 'America/Bogota',
      });
      await mail().appointmentBooked(await stored(t.db.db, row.id));
      const [message] = await sent();
      expect(message!.subject).toBe('Salón Rosa: Your appointment is confirmed');
      expect(message!.text).toContain('Hello “Lucía Pérez”,');
      expect(message!.text).toContain(
        'When: Tuesday, December 1, 2026, 10:00 AM to 10:20 AM (Lima time)\nWith: Eva Estilista (Colorista)\nTopic: Hair Care',
      );
      expect(message!.text).not.toContain('In your time zone');
      expect(message!.text).toContain(
        `To cancel or reschedule it, and to join the video call from 5 minutes before (“Join my appointment”), open your link:\n${await linkIn(message!.text, row)}`,
      );
      const ics = calendarOf(message!, 'PUBLISH', 'appointment.ics');
      expect(ics.prop('SUMMARY', 'VEVENT')).toBe(
        'Video consultation with Eva Estilista (Salón Rosa)',
      );
    });

    it("labels her zone's times across a date line (Tokyo: the next day)", async () => {
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T23:00:00.000Z', {
        time_zone: 'Asia/Tokyo',
      });
      await mail().appointmentBooked(await stored(t.db.db, row.id));
      const [message] = await sent();
      expect(message!.text).toContain(
        'Fecha y hora: martes, 1 de diciembre de 2026, de 6:00 p. m. a 6:20 p. m. (hora de Lima)\n' +
          'En tu zona horaria: miércoles, 2 de diciembre de 2026, de 8:00 a. m. a 8:20 a. m. (hora de Tokyo)',
      );
      expect(calendarOf(message!, 'PUBLISH', 'cita.ics').prop('DTSTART', 'VEVENT')).toBe(
        '20261201T230000Z',
      );
    });

    it('a new time: the new times and a calendar file with the same UID and a higher SEQUENCE', async () => {
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z');
      await mail().appointmentBooked(await stored(t.db.db, row.id));
      t.clock.advance(90_000);
      await t.db.db
        .updateTable('appointments')
        .set({
          starts_at: '2026-12-02T20:00:00.000Z',
          ends_at: '2026-12-02T20:20:00.000Z',
          held_until: '2026-12-02T20:25:00.000Z',
          updated_at: t.clock.now().toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      mail().appointmentRescheduled(await stored(t.db.db, row.id));
      const messages = await sent();
      expect(messages).toHaveLength(2);
      // Both are written at once: they may reach the mailbox in either order.
      const booked = messages.find((m) => m.subject === 'Salón Rosa: Tu cita está confirmada');
      const moved = messages.find((m) => m !== booked);
      expect(recipientOf(moved!)).toBe('lucia@example.pe');
      expect(moved!.subject).toBe('Salón Rosa: Tu cita tiene una nueva hora');
      expect(moved!.text).toContain('Tu cita cambió de hora. Esta es la nueva:');
      expect(moved!.text).toContain(
        'Fecha y hora: miércoles, 2 de diciembre de 2026, de 3:00 p. m. a 3:20 p. m. (hora de Lima)',
      );
      // Its link has a key of its own; the confirmation's still opens the booking too.
      const movedLink = await linkIn(moved!.text, row);
      expect(movedLink).not.toBe(await linkIn(booked!.text, row));
      const before = calendarOf(booked!, 'PUBLISH', 'cita.ics');
      const after = calendarOf(moved!, 'PUBLISH', 'cita.ics');
      expect(after.prop('UID', 'VEVENT')).toBe(before.prop('UID', 'VEVENT'));
      expect(after.prop('DTSTART', 'VEVENT')).toBe('20261202T200000Z');
      expect(after.prop('DTEND', 'VEVENT')).toBe('20261202T202000Z');
      expect(Number(after.prop('SEQUENCE', 'VEVENT'))).toBeGreaterThan(
        Number(before.prop('SEQUENCE', 'VEVENT')),
      );
      // As a calendar client reads them: one event, the later copy newer, at the new instant.
      expect(after.event.uid).toBe(before.event.uid);
      expect(after.event.sequence).toBeGreaterThan(before.event.sequence);
      expect(after.event.startDate.toJSDate().toISOString()).toBe('2026-12-02T20:00:00.000Z');
      expect(after.event.endDate.toJSDate().toISOString()).toBe('2026-12-02T20:20:00.000Z');
      const stamp = after.event.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp.toJSDate().toISOString()).toBe(t.clock.now().toISOString());
    });

    it('a new stylist: her name, the same time, and an updated calendar file', async () => {
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z');
      const ana = await insertAdvisor(t.db.db, { name: 'Ana Peluquera', now: t.clock.now() });
      t.clock.advance(HOUR);
      await t.db.db
        .updateTable('appointments')
        .set({ advisor_id: ana.id, updated_at: t.clock.now().toISOString() })
        .where('id', '=', row.id)
        .execute();
      mail().appointmentReassigned(await stored(t.db.db, row.id));
      const [message] = await sent();
      expect(message!.subject).toBe('Salón Rosa: Tu cita ahora es con Ana Peluquera');
      expect(message!.text).toContain(
        'Te atenderá Ana Peluquera en lugar de la estilista que tenías asignada; la fecha y la hora no cambian.',
      );
      expect(message!.text).toContain('Con: Ana Peluquera\n');
      expect(message!.text).toContain('de 10:00 a. m. a 10:20 a. m. (hora de Lima)');
      const ics = calendarOf(message!, 'PUBLISH', 'cita.ics');
      expect(ics.prop('UID', 'VEVENT')).toBe(`${row.id}@localhost`);
      expect(ics.prop('DTSTART', 'VEVENT')).toBe('20261201T150000Z');
      expect(ics.prop('SEQUENCE', 'VEVENT')).toBe('3600');
      expect(ics.prop('SUMMARY', 'VEVENT')).toBe('Videoconsulta con Ana Peluquera (Salón Rosa)');
    });

    it('cancelled by her or by the salon: says who, offers to book again, and cancels the calendar event', async () => {
      const hers = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z');
      const salons = await insertBooking(t.db.db, eva.id, '2026-12-03T15:00:00.000Z', {
        language: 'en',
        client_email: 'ana@example.pe',
        client_name: 'Ana Torres',
      });
      await mail().appointmentBooked(await stored(t.db.db, hers.id));
      await sent();
      t.clock.advance(10 * MINUTE);
      for (const [row, by] of [
        [hers, 'client'],
        [salons, 'admin'],
      ] as const) {
        await t.db.db
          .updateTable('appointments')
          .set({ status: 'cancelled', cancelled_by: by, updated_at: t.clock.now().toISOString() })
          .where('id', '=', row.id)
          .execute();
        mail().appointmentCancelled(await stored(t.db.db, row.id), by);
        await sent();
      }
      const [booked, byHer, bySalon, ...rest] = smtp.messages;
      expect(rest).toHaveLength(0);

      expect(recipientOf(byHer!)).toBe('lucia@example.pe');
      expect(byHer!.subject).toBe('Salón Rosa: Tu cita fue cancelada');
      expect(byHer!.text).toContain('Cancelaste tu cita:\n\nFecha y hora: martes, 1 de diciembre');
      expect(byHer!.text).toContain(
        'Si quieres, reserva otra cita cuando te venga bien:\nhttp://localhost:3000/\n',
      );
      const cancel = calendarOf(byHer!, 'CANCEL', 'cita.ics');
      const original = calendarOf(booked!, 'PUBLISH', 'cita.ics');
      expect(cancel.prop('UID', 'VEVENT')).toBe(original.prop('UID', 'VEVENT'));
      expect(cancel.prop('STATUS', 'VEVENT')).toBe('CANCELLED');
      expect(cancel.prop('DTSTART', 'VEVENT')).toBe('20261201T150000Z');
      expect(Number(cancel.prop('SEQUENCE', 'VEVENT'))).toBeGreaterThan(
        Number(original.prop('SEQUENCE', 'VEVENT')),
      );
      // A cancelled event rings no alarm.
      expect(cancel.lines).not.toContain('BEGIN:VALARM');
      // As a calendar client reads it: a CANCEL of the same event, newer, with its organizer
      // (RFC 5546 wants one on a CANCEL).
      expect(cancel.method).toBe('CANCEL');
      expect(cancel.event.uid).toBe(original.event.uid);
      expect(cancel.event.sequence).toBeGreaterThan(original.event.sequence);
      expect(cancel.event.organizer.toLowerCase()).toBe(`mailto:${SMTP_FROM}`);
      expect(cancel.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');

      expect(recipientOf(bySalon!)).toBe('ana@example.pe');
      expect(bySalon!.subject).toBe('Salón Rosa: Your appointment was cancelled');
      expect(bySalon!.text).toContain('Salón Rosa had to cancel your appointment. We are sorry.');
      expect(bySalon!.text).toContain(
        'When: Thursday, December 3, 2026, 10:00 AM to 10:20 AM (Lima time)\nIn your time zone: Thursday, December 3, 2026, 4:00 PM to 4:20 PM (Madrid time)',
      );
      expect(calendarOf(bySalon!, 'CANCEL', 'appointment.ics').prop('UID', 'VEVENT')).toBe(
        `${salons.id}@localhost`,
      );
    });

    it('sends nothing without her e-mail, and no confirmation of a booking no longer held', async () => {
      const none = await stored(
        t.db.db,
        (await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z', { client_email: '' })).id,
      );
      await mail().appointmentBooked(none);
      mail().appointmentRescheduled(none);
      mail().appointmentReassigned(none);
      mail().appointmentCancelled({ ...none, status: 'cancelled' }, 'admin');
      const gone = await insertBooking(t.db.db, eva.id, '2026-12-02T15:00:00.000Z', {
        status: 'cancelled',
        cancelled_by: 'client',
      });
      await mail().appointmentBooked(await stored(t.db.db, gone.id));
      mail().appointmentRescheduled(await stored(t.db.db, gone.id));
      expect(await sent()).toHaveLength(0);
    });

    it('keeps a name with line breaks out of the headers and the calendar lines', async () => {
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z', {
        client_name: 'Eva\r\nBcc: victima@example.com',
      });
      await t.db.db
        .updateTable('advisors')
        .set({ name: 'Ana\r\nATTENDEE:mailto:x@example.com' })
        .where('id', '=', eva.id)
        .execute();
      mail().appointmentReassigned(await stored(t.db.db, row.id));
      const [message, ...rest] = await sent();
      expect(rest).toHaveLength(0);
      expect(message!.bcc).toBeUndefined();
      expect(message!.subject).toBe(
        'Salón Rosa: Tu cita ahora es con Ana / ATTENDEE:mailto:x@example[.]com',
      );
      const ics = calendarOf(message!, 'PUBLISH', 'cita.ics');
      expect(ics.prop('ATTENDEE')).toBeUndefined();
    });

    it('prints a forged name on one line, in quotes, with no paragraph or link of its own', async () => {
      // Someone books with another person's address and a "payment" message as her name.
      const row = await insertBooking(t.db.db, eva.id, '2026-12-01T15:00:00.000Z', {
        client_name: 'Lucía\n\nPago rechazado: paga en http://evil.test/pago o www.evil.test',
      });
      await t.db.db
        .updateTable('advisors')
        .set({ title: 'Colorista\n\nhttps://evil.test' })
        .where('id', '=', eva.id)
        .execute();
      await mail().appointmentBooked(await stored(t.db.db, row.id));
      const [message] = await sent();
      expect(message!.html).toBe(false);
      const text = message!.text!;
      const link = await linkIn(text, row);
      expect(text.split('\n')[0]).toBe(
        'Hola, «Lucía / Pago rechazado: paga en http[:]//evil[.]test/pago o www[.]evil[.]test»:',
      );
      expect(text).toContain('Con: Eva Estilista (Colorista / https[:]//evil[.]test)\n');
      expect(text.split('\n').filter((line) => /^(Pago|https?:|www)/.test(line))).toEqual([link]);
      expect(text.match(/(https?:\/\/|www\.)[^\s]+/g)).toEqual([link]);
    });
  });

  describe('reminders', () => {
    const START = '2026-11-23T15:00:00.000Z';
    const at = (msBeforeStart: number) => new Date(Date.parse(START) - msBeforeStart);

    it('24 h and 1 h before, once each, with her link, when two instances sweep at the same moments', async () => {
      const two = await createTestApp({
        db: t.db,
        clock: t.clock,
        instanceId: 'two',
        config: { smtp: { url: smtp.url, from: SMTP_FROM } },
      });
      try {
        const row = await insertBooking(t.db.db, eva.id, START);
        const remindBoth = async (when: Date): Promise<number[]> => {
          t.clock.set(when);
          const counts = await Promise.all(
            [t, two].map((app) => app.app.container.mail.sendAppointmentReminders(when)),
          );
          await sent(two);
          return counts.sort();
        };

        expect(await remindBoth(at(DAY + 1))).toEqual([0, 0]);
        expect(smtp.messages).toHaveLength(0);
        expect(await remindBoth(at(DAY))).toEqual([0, 1]);
        expect(smtp.messages).toHaveLength(1);
        const [day] = smtp.messages;
        expect(recipientOf(day!)).toBe('lucia@example.pe');
        expect(day!.subject).toBe('Salón Rosa: Recordatorio: tu cita con Eva Estilista');
        expect(day!.text).toContain(
          'Te recordamos tu cita:\n\nFecha y hora: lunes, 23 de noviembre de 2026, de 10:00 a. m. a 10:20 a. m. (hora de Lima)\n' +
            'En tu zona horaria: lunes, 23 de noviembre de 2026, de 4:00 p. m. a 4:20 p. m. (hora de Madrid)',
        );
        const dayLink = await linkIn(day!.text, row);
        expect(day!.text).toContain(
          `Desde 5 minutos antes, abre tu enlace y pulsa «Entrar a mi cita»:\n${dayLink}\n`,
        );
        expect(day!.attachments).toHaveLength(0);

        // Nothing more until the hour before.
        for (const before of [DAY - 1, 12 * HOUR, HOUR + 1])
          expect(await remindBoth(at(before))).toEqual([0, 0]);
        expect(smtp.messages).toHaveLength(1);

        expect(await remindBoth(at(HOUR))).toEqual([0, 1]);
        const [, hour, ...rest] = smtp.messages;
        expect(rest).toHaveLength(0);
        expect(hour!.subject).toBe('Salón Rosa: Tu cita empieza pronto');
        expect(hour!.text).toContain('Tu cita empieza pronto:');
        // A key of its own, and the day's reminder still opens the booking.
        expect(await linkIn(hour!.text, row)).not.toBe(dayLink);
        expect(await linkIn(day!.text, row)).toBe(dayLink);
        const dump = await databaseText(t.db);
        for (const link of [dayLink, await linkIn(hour!.text, row)]) {
          const key = new URL(link).hash.slice(1);
          expect(dump).not.toContain(key);
          expect(dump).toContain(hashSecret(key));
        }

        for (const before of [HOUR - 1, 5 * MINUTE, 0, -MINUTE])
          expect(await remindBoth(at(before))).toEqual([0, 0]);
        expect(smtp.messages).toHaveLength(2);

        const claims = await t.db.db
          .selectFrom('appointments')
          .select(['reminded_day_at', 'reminded_hour_at'])
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        expect(claims).toEqual({
          reminded_day_at: at(DAY).toISOString(),
          reminded_hour_at: at(HOUR).toISOString(),
        });
      } finally {
        await two.close();
      }
    });

    it('reminds her of a service in the salon: the service, her link to change it, no call to enter', async () => {
      const row = await insertBooking(t.db.db, eva.id, START, {
        kind: 'service',
        service_id: 'svc_1',
        service_name: 'Color completo',
        service_minutes: 45,
        service_price_cents: 18000,
        ends_at: '2026-11-23T15:45:00.000Z',
        held_until: '2026-11-23T15:50:00.000Z',
      });
      t.clock.set(at(DAY));
      expect(await mail().sendAppointmentReminders(at(DAY))).toBe(1);
      const [day] = await sent();
      expect(day!.text).toContain('de 10:00 a. m. a 10:45 a. m. (hora de Lima)');
      expect(day!.text).toContain('Servicio: Color completo');
      expect(day!.text).not.toContain('Tema:');
      expect(day!.text).not.toContain('Entrar a mi cita');
      const link = await linkIn(day!.text, row);
      expect(day!.text).toContain(
        `Para cancelarla o cambiarla de hora, abre tu enlace:\n${link}\n`,
      );
    });

    it('none for a booking made 30 minutes before; only the 1 h one for a booking made 2 hours before', async () => {
      t.clock.set(at(2 * HOUR));
      const made = t.clock.now().toISOString();
      const late = await insertBooking(t.db.db, eva.id, START, {
        created_at: made,
        updated_at: made,
        client_email: 'late@example.pe',
      });
      // Made at START for START + 30 minutes.
      t.clock.set(START);
      const lastMinute = t.clock.now().toISOString();
      await insertBooking(t.db.db, eva.id, at(-30 * MINUTE).toISOString(), {
        created_at: lastMinute,
        updated_at: lastMinute,
        client_email: 'last@example.pe',
      });
      // Sweeps from when the first was made until both started.
      for (let ms = at(2 * HOUR).getTime(); ms <= Date.parse(START) + HOUR; ms += 5 * MINUTE)
        await mail().sendAppointmentReminders(new Date(ms));
      const messages = await sent();
      expect(messages.map(recipientOf)).toEqual(['late@example.pe']);
      expect(messages[0]!.subject).toBe('Salón Rosa: Tu cita empieza pronto');
      await linkIn(messages[0]!.text, late);
    });

    it('after a reschedule, counts from the change: moved 2 hours before its new start, only the 1 h one', async () => {
      const row = await insertBooking(t.db.db, eva.id, START);
      expect(await mail().sendAppointmentReminders(at(DAY))).toBe(1);
      // Moved, as the appointments module moves it: new time, claims cleared, stamped.
      const newStart = Date.parse(START) + 90 * MINUTE;
      t.clock.set(at(30 * MINUTE));
      await t.db.db
        .updateTable('appointments')
        .set({
          starts_at: new Date(newStart).toISOString(),
          ends_at: new Date(newStart + 20 * MINUTE).toISOString(),
          held_until: new Date(newStart + 25 * MINUTE).toISOString(),
          updated_at: t.clock.now().toISOString(),
          reminded_day_at: null,
          reminded_hour_at: null,
        })
        .where('id', '=', row.id)
        .execute();
      for (let ms = t.clock.now().getTime(); ms <= newStart; ms += 5 * MINUTE)
        await mail().sendAppointmentReminders(new Date(ms));
      const subjects = (await sent()).map((m) => m.subject);
      expect(subjects).toEqual([
        'Salón Rosa: Recordatorio: tu cita con Eva Estilista',
        'Salón Rosa: Tu cita empieza pronto',
      ]);
      expect(smtp.messages[1]!.text).toContain('de 11:30 a. m. a 11:50 a. m. (hora de Lima)');
    });

    it('none for a cancelled booking or one without an e-mail', async () => {
      await insertBooking(t.db.db, eva.id, START, { status: 'cancelled', cancelled_by: 'client' });
      const silent = await insertBooking(t.db.db, eva.id, at(-HOUR).toISOString(), {
        client_email: '',
      });
      for (const before of [DAY, HOUR, 0])
        expect(await mail().sendAppointmentReminders(at(before))).toBe(0);
      expect(await sent()).toHaveLength(0);
      const unclaimed = await t.db.db
        .selectFrom('appointments')
        .select(['reminded_day_at', 'reminded_hour_at'])
        .where('id', '=', silent.id)
        .executeTakeFirstOrThrow();
      expect(unclaimed).toEqual({ reminded_day_at: null, reminded_hour_at: null });
    });

    it('a window passed unswept is not caught up late: first sweep 30 minutes before sends the 1 h one only', async () => {
      await insertBooking(t.db.db, eva.id, START);
      expect(await mail().sendAppointmentReminders(at(30 * MINUTE))).toBe(1);
      const messages = await sent();
      expect(messages.map((m) => m.subject)).toEqual(['Salón Rosa: Tu cita empieza pronto']);
    });

    it('a refused reminder is logged (without her key) and not retried', async () => {
      const lines: string[] = [];
      const logged = await createTestApp({
        db: t.db,
        clock: t.clock,
        instanceId: 'logged',
        config: { smtp: { url: smtp.url, from: SMTP_FROM }, logLevel: 'info' },
        logStream: { write: (line) => lines.push(line) },
      });
      try {
        const row = await insertBooking(t.db.db, eva.id, START);
        const { mail: loggedMail } = logged.app.container;
        smtp.refuseNext();
        expect(await loggedMail.sendAppointmentReminders(at(HOUR))).toBe(1);
        expect(await sent(logged)).toHaveLength(0);
        const failure = lines.find((l) => l.includes('e-mail not sent'));
        expect(failure).toContain('appointment_reminder_hour');
        // The key made for it (kept as its hash) is in no log line.
        const log = lines.join('\n');
        expect(log).not.toContain(`/cita/${row.id}#`);
        const kept = await t.db.db.selectFrom('appointment_keys').select('key_hash').execute();
        expect(kept).toHaveLength(1);
        for (const run of log.match(/[\w-]{43,}/g) ?? [])
          for (let i = 0; i + 43 <= run.length; i++)
            expect(hashSecret(run.slice(i, i + 43))).not.toBe(kept[0]!.key_hash);
        expect(await loggedMail.sendAppointmentReminders(at(HOUR - MINUTE))).toBe(0);
        expect(await mail().sendAppointmentReminders(at(30 * MINUTE))).toBe(0);
        expect(await sent(logged)).toHaveLength(0);
      } finally {
        await logged.close();
      }
    });
  });
});

describe("a booking's e-mails without SMTP", () => {
  it('sends nothing, claims no reminder', async () => {
    const smtp = await startTestSmtp();
    const t = await createCallsTestApp('sqlite');
    try {
      const eva = await insertAdvisor(t.db.db, { now: t.clock.now() });
      const row = await insertBooking(t.db.db, eva.id, '2026-11-21T15:00:00.000Z');
      const a = await stored(t.db.db, row.id);
      const { mail } = t.app.container;
      expect(mail.configured).toBe(false);
      await mail.appointmentBooked(a);
      mail.appointmentRescheduled(a);
      mail.appointmentReassigned(a);
      mail.appointmentCancelled(a, 'client');
      expect(await mail.sendAppointmentReminders(new Date('2026-11-21T14:00:00.000Z'))).toBe(0);
      await mail.idle();
      expect(smtp.messages).toHaveLength(0);
      const claims = await t.db.db
        .selectFrom('appointments')
        .select(['reminded_day_at', 'reminded_hour_at'])
        .executeTakeFirstOrThrow();
      expect(claims).toEqual({ reminded_day_at: null, reminded_hour_at: null });
      // Nor a key for a link that went nowhere.
      expect(await t.db.db.selectFrom('appointment_keys').select('key_hash').execute()).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('calendar line folding', () => {
  it('folds by octets, never inside a character, and unfolds to the same line', () => {
    const long = `DESCRIPTION:${'ñ'.repeat(100)}`;
    const folded = foldByOctets(`BEGIN:VCALENDAR\r\n${long}\r\nEND:VCALENDAR\r\n`);
    const physical = folded.split('\r\n');
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical[2]!.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n[ \t]/g, '')).toBe(
      `BEGIN:VCALENDAR\r\n${long}\r\nEND:VCALENDAR\r\n`,
    );
  });
});

describe('e-mails to one address', () => {
  it('are at most MAIL_RECIPIENT_HOURLY_LIMIT an hour whatever their kind; another address is not held back', async () => {
    const smtp = await startTestSmtp();
    const t = await createCallsTestApp('sqlite', {
      config: { smtp: { url: smtp.url, from: SMTP_FROM }, mailRecipientHourlyLimit: 2 },
    });
    try {
      const eva = await insertAdvisor(t.db.db, { name: 'Eva', now: t.clock.now() });
      for (const email of ['lucia@example.pe', 'rosa@example.pe'])
        await confirmedEmail(t.db.db, email);
      const mail = t.app.container.mail;
      const booking = async (email: string, startsAt: string) =>
        stored(
          t.db.db,
          (await insertBooking(t.db.db, eva.id, startsAt, { client_email: email })).id,
        );
      const a = await booking('lucia@example.pe', '2026-12-01T15:00:00.000Z');
      const b = await booking('Lucia@Example.pe', '2026-12-01T16:00:00.000Z');
      const c = await booking('lucia@example.pe', '2026-12-01T17:00:00.000Z');
      const other = await booking('rosa@example.pe', '2026-12-01T18:00:00.000Z');
      await mail.appointmentBooked(a);
      mail.appointmentRescheduled(b);
      await mail.appointmentBooked(c);
      mail.appointmentCancelled(c, 'client');
      await mail.appointmentBooked(other);
      await mail.idle();
      const to = smtp.messages.map((m) => recipientOf(m).toLowerCase()).sort();
      expect(to).toEqual(['lucia@example.pe', 'lucia@example.pe', 'rosa@example.pe']);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
