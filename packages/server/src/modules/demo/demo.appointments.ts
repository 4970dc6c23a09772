/**
 * Demo bookings that agree with the generated call history: some answered calls become attended
 * bookings (the call names its booking and the booking its call, as when a visitor enters hers),
 * with no-shows and cancellations beside them, and bookings still to come over the booking horizon.
 * Slots lie on the default grid (quarter hours from 09:00 Lima, weekdays, before 17:00), so no
 * two bookings of one advisor overlap. Pure and deterministic for a given rng and `now`.
 */
import {
  APPOINTMENT_NO_SHOW_MINUTES,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_SLOT_MINUTES,
  callSubjects,
} from '@belleza/contract';
import type { AppointmentsTable, CallsTable } from '../../db/schema.js';
import { slotStepMinutes } from '../appointments/slots.js';
import { firstNames, lastNames, subjectWeights } from './demo.data.js';
import type { Rng } from './demo.random.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LIMA_OFFSET_MS = -5 * 60 * MINUTE;
const STEP_MS =
  slotStepMinutes({ slotMinutes: DEFAULT_SLOT_MINUTES, bufferMinutes: DEFAULT_BUFFER_MINUTES }) *
  MINUTE;
/** A booking holds its advisor for the slot and the buffer after it. */
const HOLD_MS = (DEFAULT_SLOT_MINUTES + DEFAULT_BUFFER_MINUTES) * MINUTE;
const FIRST_SLOT_MS = 9 * 60 * MINUTE; // 09:00 Lima
/** Slots a day: the last one ends by 17:00. */
const SLOTS_PER_DAY = Math.floor((8 * 60 * MINUTE - DEFAULT_SLOT_MINUTES * MINUTE) / STEP_MS) + 1;
/** A visitor enters from 5 min before her slot until she would count as a no-show. */
const ENTER_EARLY_MS = 5 * MINUTE;
const ENTER_LATE_MS = APPOINTMENT_NO_SHOW_MINUTES * MINUTE;

/** Share of answered walk-in-hours calls that come from a booking. */
const BOOKED_CALL_SHARE = 0.15;
/** No-shows and cancellations per attended booking in the history. */
const NO_SHOW_PER_ATTENDED = 0.15;
const CANCELLED_PER_ATTENDED = 0.2;
/** Bookings per weekday still to come, and the share of them already cancelled. */
const UPCOMING_PER_DAY: readonly [number, number] = [1, 4];
const UPCOMING_CANCELLED = 0.1;

export type GeneratedAppointments = {
  appointments: AppointmentsTable[];
  /** the calls, those entered from a booking now naming it (source 'appointment') */
  calls: CallsTable[];
};

export type AppointmentOptions = {
  now: Date;
  /** start of the history (the first report month's Lima start) */
  since: Date;
};

const iso = (ms: number) => new Date(ms).toISOString();
/** Start of the Lima day an instant falls in, as a UTC instant. */
const limaDayStart = (ms: number) => Math.floor((ms + LIMA_OFFSET_MS) / DAY) * DAY - LIMA_OFFSET_MS;
const isSubject = (s: string): s is AppointmentsTable['subject'] =>
  (callSubjects as readonly string[]).includes(s);
const isLimaWeekday = (dayStart: number) => {
  const day = new Date(dayStart + LIMA_OFFSET_MS).getUTCDay();
  return day >= 1 && day <= 5;
};

export function generateAppointments(
  calls: readonly CallsTable[],
  advisorIds: readonly string[],
  rng: Rng,
  options: AppointmentOptions,
): GeneratedAppointments {
  if (advisorIds.length === 0) throw new Error('generateAppointments needs at least one advisor');
  const nowMs = options.now.getTime();
  const sinceMs = options.since.getTime();
  const appointments: AppointmentsTable[] = [];
  const taken = new Set<string>();
  const free = (advisorId: string, start: number) => !taken.has(`${advisorId}|${start}`);

  function book(
    row: Pick<AppointmentsTable, 'advisor_id' | 'status'> &
      Partial<AppointmentsTable> & { start: number; createdAt: number; updatedAt: number },
  ): AppointmentsTable {
    const { start, createdAt, updatedAt, ...over } = row;
    taken.add(`${row.advisor_id}|${start}`);
    const id = `apt_demo_${appointments.length.toString(36).padStart(5, '0')}`;
    const first = rng.pick(firstNames);
    const last = rng.pick(lastNames);
    const digits = `9${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
    const appointment: AppointmentsTable = {
      id,
      starts_at: iso(start),
      ends_at: iso(start + DEFAULT_SLOT_MINUTES * MINUTE),
      held_until: iso(start + HOLD_MS),
      subject: rng.weighted(subjectWeights),
      client_name: `${first} ${last}`,
      client_phone: `+51 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
      client_phone_digits: `51${digits}`,
      client_address_hash: null,
      // No address: a demo booking must never have a reminder e-mailed to an invented person.
      client_email: '',
      message: '',
      language: 'es',
      time_zone: 'America/Lima',
      call_id: null,
      cancelled_by: null,
      created_at: iso(createdAt),
      updated_at: iso(updatedAt),
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
    appointments.push(appointment);
    return appointment;
  }

  /** A free weekday slot of some advisor in [from, to), or null after a few tries. */
  function randomSlot(from: number, to: number): { advisorId: string; start: number } | null {
    for (let attempt = 0; attempt < 20; attempt++) {
      const day = limaDayStart(from + Math.floor(rng.next() * (to - from)));
      if (!isLimaWeekday(day)) continue;
      const start = day + FIRST_SLOT_MS + rng.int(0, SLOTS_PER_DAY - 1) * STEP_MS;
      const advisorId = rng.pick(advisorIds);
      if (start >= from && start < to && free(advisorId, start)) return { advisorId, start };
    }
    return null;
  }

  // Answered calls that began inside a slot's entry window become the slot's attended booking.
  const linked = calls.map((call) => {
    if (call.status !== 'completed' || call.advisor_id === null) return call;
    if (!rng.chance(BOOKED_CALL_SHARE)) return call;
    const requested = Date.parse(call.requested_at);
    const day = limaDayStart(requested);
    const k = Math.round((requested - day - FIRST_SLOT_MS) / STEP_MS);
    const start = day + FIRST_SLOT_MS + k * STEP_MS;
    const inWindow = requested >= start - ENTER_EARLY_MS && requested <= start + ENTER_LATE_MS;
    if (!isLimaWeekday(day) || k < 0 || k >= SLOTS_PER_DAY || !inWindow) return call;
    if (!free(call.advisor_id, start)) return call;
    const booking = book({
      advisor_id: call.advisor_id,
      status: 'attended',
      start,
      createdAt: Math.max(sinceMs, start - rng.int(1, 10) * DAY),
      updatedAt: requested,
      subject: isSubject(call.subject) ? call.subject : 'general',
      client_name: call.client_name,
      client_phone: call.client_phone,
      client_email: call.client_email,
      message: call.message,
      language: call.language,
      call_id: call.id,
    });
    return { ...call, source: 'appointment', appointment_id: booking.id };
  });
  const attended = appointments.length;

  // Missed and cancelled bookings of the history, over before now.
  const historyEnd = nowMs - 60 * MINUTE;
  for (let i = 0; i < Math.round(attended * NO_SHOW_PER_ATTENDED); i++) {
    const slot = randomSlot(sinceMs, historyEnd);
    if (!slot) continue;
    book({
      advisor_id: slot.advisorId,
      status: 'no_show',
      start: slot.start,
      createdAt: Math.max(sinceMs, slot.start - rng.int(1, 10) * DAY),
      updatedAt: slot.start + ENTER_LATE_MS,
    });
  }
  for (let i = 0; i < Math.round(attended * CANCELLED_PER_ATTENDED); i++) {
    const slot = randomSlot(sinceMs, historyEnd);
    if (!slot) continue;
    const created = Math.max(sinceMs, slot.start - rng.int(2, 10) * DAY);
    const cancelledBy = rng.weighted([
      ['client', 80],
      ['advisor', 10],
      ['admin', 10],
    ] as const);
    book({
      advisor_id: slot.advisorId,
      status: 'cancelled',
      cancelled_by: cancelledBy,
      start: slot.start,
      createdAt: created,
      updatedAt: created + Math.floor(rng.next() * (slot.start - created)),
    });
  }

  // Bookings to come, from a couple of hours ahead to the end of the booking horizon.
  const firstDay = limaDayStart(nowMs);
  for (let d = 0; d <= DEFAULT_HORIZON_DAYS; d++) {
    const day = firstDay + d * DAY;
    if (!isLimaWeekday(day)) continue;
    const from = Math.max(day, nowMs + 2 * 60 * MINUTE);
    const to = day + DAY;
    if (from >= to) continue;
    const count = rng.int(...UPCOMING_PER_DAY);
    for (let i = 0; i < count; i++) {
      const slot = randomSlot(from, to);
      if (!slot) continue;
      const created = nowMs - rng.int(1, 7 * 24) * 60 * MINUTE;
      const cancelled = rng.chance(UPCOMING_CANCELLED);
      book({
        advisor_id: slot.advisorId,
        status: cancelled ? 'cancelled' : 'booked',
        cancelled_by: cancelled ? 'client' : null,
        start: slot.start,
        createdAt: created,
        updatedAt: cancelled ? created + Math.floor(rng.next() * (nowMs - created)) : created,
      });
    }
  }

  // In start order, like the rows a live salon would have.
  appointments.sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0));
  return { appointments, calls: linked };
}
