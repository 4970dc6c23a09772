/**
 * Demo plans and the money they made: some answered calls are given a plan of catalogue services
 * (the call keeps when; the summary itself only for calls still within the retention days, as the
 * purge would have left them), some plans are booked in the salon, and the bookings whose time is
 * over have their outcome: done at a final price (the booked price, sometimes with an extra),
 * no-show, or cancelled (by her beforehand, or in the salon). Pure and deterministic for a given
 * rng and `now`; never on a start another booking of that stylist holds.
 */
import { DEFAULT_BUFFER_MINUTES, DEFAULT_RETENTION_DAYS } from '@belleza/contract';
import type { AppointmentsTable, CallSummariesTable, CallsTable } from '../../db/schema.js';
import type { SalonServicesTable } from '../../db/schema-salon.js';
import type { Rng } from './demo.random.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LIMA_OFFSET_MS = -5 * 60 * MINUTE;
/** Answered calls given a plan, and plans booked in the salon. */
const PLAN_SHARE = 0.45;
const BOOKED_SHARE = 0.4;
/** What became of a booking whose time is over. */
const OUTCOMES = [
  ['attended', 75],
  ['no_show', 10],
  ['cancelled_in_salon', 5],
  ['cancelled_before', 10],
] as const;

export type GeneratedPlans = {
  /** the calls, those given a plan with `plan_at` */
  calls: CallsTable[];
  summaries: CallSummariesTable[];
  appointments: AppointmentsTable[];
};

const iso = (ms: number) => new Date(ms).toISOString();
const limaDayStart = (ms: number) => Math.floor((ms + LIMA_OFFSET_MS) / DAY) * DAY - LIMA_OFFSET_MS;
const isLimaWeekday = (ms: number) => {
  const day = new Date(ms + LIMA_OFFSET_MS).getUTCDay();
  return day >= 1 && day <= 6;
};

export function generatePlans(
  calls: readonly CallsTable[],
  existing: readonly AppointmentsTable[],
  services: readonly SalonServicesTable[],
  rng: Rng,
  options: { now: Date },
): GeneratedPlans {
  const nowMs = options.now.getTime();
  const bookable = services.filter((s) => s.bookable === 1 && s.duration_minutes !== null);
  if (bookable.length === 0) return { calls: [...calls], summaries: [], appointments: [] };
  const taken = new Set(existing.map((a) => `${a.advisor_id}|${a.starts_at}`));
  const keptFrom = nowMs - DEFAULT_RETENTION_DAYS * DAY;
  const summaries: CallSummariesTable[] = [];
  const appointments: AppointmentsTable[] = [];

  /** A free start on the hour, 10:00–16:00 Lima, Monday to Saturday, some days after `from`. */
  function slotAfter(advisorId: string, from: number): number | null {
    for (let attempt = 0; attempt < 10; attempt++) {
      const day = limaDayStart(from) + rng.int(2, 21) * DAY;
      const start = day + rng.int(10, 16) * 60 * MINUTE;
      if (isLimaWeekday(start) && !taken.has(`${advisorId}|${iso(start)}`)) return start;
    }
    return null;
  }

  const out = calls.map((call) => {
    if (call.status !== 'completed' || call.advisor_id === null || call.ended_at === null)
      return call;
    if (!rng.chance(PLAN_SHARE)) return call;
    const advisorId = call.advisor_id;
    const planAt = call.ended_at;
    const first = rng.pick(bookable);
    const second = rng.pick(bookable);
    const plan = first.id === second.id ? [first] : [first, second];
    if (Date.parse(planAt) >= keptFrom) {
      summaries.push({
        call_id: call.id,
        recommendations: 'Te dejo el plan que conversamos, con sus precios.',
        items: JSON.stringify(
          plan.map((s) => ({
            serviceId: s.id,
            name: s.name,
            note: '',
            url: null,
            pricePen: s.price_cents === null ? null : s.price_cents / 100,
            durationMinutes: s.duration_minutes,
          })),
        ),
        updated_at: planAt,
        updated_by: advisorId,
        emailed_at: null,
      });
    }
    if (rng.chance(BOOKED_SHARE)) {
      const service = rng.pick(plan);
      const start = slotAfter(advisorId, Date.parse(planAt));
      if (start !== null) appointments.push(serviceBooking(call, service, start));
    }
    return { ...call, plan_at: planAt };
  });

  function serviceBooking(
    call: CallsTable,
    service: SalonServicesTable,
    start: number,
  ): AppointmentsTable {
    const advisorId = call.advisor_id ?? '';
    taken.add(`${advisorId}|${iso(start)}`);
    const minutes = service.duration_minutes ?? 60;
    const end = start + minutes * MINUTE;
    const created = Date.parse(call.ended_at ?? call.requested_at) + rng.int(5, 120) * MINUTE;
    const over = end + 30 * MINUTE < nowMs;
    const outcome = over ? rng.weighted(OUTCOMES) : null;
    const recordedAt = iso(end + rng.int(5, 90) * MINUTE);
    const recorded = outcome !== null && outcome !== 'cancelled_before';
    const extra = rng.chance(0.25) ? rng.int(1, 4) * 1000 : 0;
    return {
      id: `apt_demo_s${appointments.length.toString(36).padStart(5, '0')}`,
      advisor_id: advisorId,
      status:
        outcome === null
          ? 'booked'
          : outcome === 'attended' || outcome === 'no_show'
            ? outcome
            : 'cancelled',
      starts_at: iso(start),
      ends_at: iso(end),
      held_until: iso(end + DEFAULT_BUFFER_MINUTES * MINUTE),
      subject:
        (['skin_care', 'makeup', 'hair_care', 'nail_care', 'general'] as const).find(
          (s) => s === call.subject,
        ) ?? 'general',
      client_name: call.client_name,
      client_phone: call.client_phone,
      client_phone_digits: call.client_phone_normalized,
      client_address_hash: null,
      // No address: a demo booking must never have a reminder e-mailed to an invented person.
      client_email: '',
      message: '',
      language: call.language,
      time_zone: 'America/Lima',
      call_id: null,
      cancelled_by:
        outcome === 'cancelled_before'
          ? 'client'
          : outcome === 'cancelled_in_salon'
            ? 'advisor'
            : null,
      created_at: iso(created),
      updated_at: recorded ? recordedAt : iso(created),
      reminded_day_at: null,
      reminded_hour_at: null,
      kind: 'service',
      service_id: service.id,
      service_name: service.name,
      service_minutes: minutes,
      service_price_cents: service.price_cents,
      plan_call_id: call.id,
      outcome_price_cents:
        outcome === 'attended' ? (service.price_cents ?? rng.int(4, 20) * 1000) + extra : null,
      outcome_at: recorded ? recordedAt : null,
      outcome_by: recorded ? advisorId : null,
      booked_by_id: null,
      booked_by_name: null,
      verbal_consent: 0,
    };
  }

  return { calls: out, summaries, appointments };
}
