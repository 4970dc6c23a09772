/**
 * Report aggregates. Every figure is computed by the database (GROUP BY Lima month and handling
 * advisor, GROUP BY client); JS receives at most one row per month × advisor, so the answer's cost
 * never grows with the payload. Windows are half-open ranges over ISO-8601 UTC strings, which sort
 * chronologically, so each query reads one range of a covering index (migration 002).
 */
import { sql } from 'kysely';
import { NO_ANSWER_REASON } from '@belleza/contract';
import type { Db, Dialect } from '../../db/kysely.js';
import { limaMonth, secondsBetween } from '../../db/sql-fns.js';

/** UTC ISO bounds, `start` inclusive, `end` exclusive. */
export type ReportWindow = { start: string; end: string };

/** Sums and counts from which every month, advisor and window figure is derived. */
export type CallSums = {
  calls: number;
  completedCalls: number;
  cancelledCalls: number;
  pendingCalls: number;
  answeredCalls: number;
  /** seconds from request to accept, summed over answered calls */
  answerSeconds: number;
  ratedCalls: number;
  ratingSum: number;
  /** completed calls that carry a duration */
  durationCount: number;
  durationSeconds: number;
  missedCalls: number;
  abandonedCalls: number;
};

/** The calls of one Lima month answered by one advisor (`handler`), or never answered (`null`). */
export type CallPartial = CallSums & { month: string; handler: string | null };

/** Offer outcomes of one advisor in one Lima month (by when the offer was made). */
export type OfferPartial = {
  month: string;
  advisorId: string;
  accepted: number;
  declined: number;
  timeouts: number;
};

/** Bookings of one advisor starting in one Lima month, by status. */
export type AppointmentPartial = {
  month: string;
  advisorId: string;
  /** not cancelled: still open, attended or no-show */
  booked: number;
  attended: number;
  noShow: number;
  cancelled: number;
};

export type LiveAdvisor = {
  advisorId: string;
  name: string;
  email: string;
  isAdmin: boolean;
  status: 'available' | 'busy' | 'offline';
};

export type ClientAggregate = { clients: number; returningClients: number };

// pg answers count/sum as strings (bigint/numeric); SQLite as numbers. One place normalises.
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Calls requested in the half-open range (monthly growth's month-to-date comparison). */
export async function countCallsRequested(db: Db, range: ReportWindow): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select(sql<number>`count(*)`.as('n'))
    .where('requested_at', '>=', range.start)
    .where('requested_at', '<', range.end)
    .executeTakeFirst();
  return num(row?.n);
}

/** Calls of the range grouped by Lima month and handling advisor. */
export async function callPartials(
  db: Db,
  dialect: Dialect,
  range: ReportWindow,
): Promise<CallPartial[]> {
  const month = limaMonth(dialect, 'requested_at');
  const handler = sql<string | null>`case when accepted_at is not null then advisor_id end`;
  const answerSeconds = secondsBetween(dialect, 'requested_at', 'accepted_at');
  const rows = await db
    .selectFrom('calls')
    .select([
      month.as('month'),
      handler.as('handler'),
      sql<number>`count(*)`.as('calls'),
      sql<number>`sum(case when status = 'completed' then 1 else 0 end)`.as('completed_calls'),
      sql<number>`sum(case when status = 'cancelled' then 1 else 0 end)`.as('cancelled_calls'),
      sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as('pending_calls'),
      sql<number>`count(accepted_at)`.as('answered_calls'),
      sql<number>`sum(${answerSeconds})`.as('answer_seconds'),
      sql<number>`count(rating)`.as('rated_calls'),
      sql<number>`sum(rating)`.as('rating_sum'),
      sql<number>`count(case when status = 'completed' then duration_seconds end)`.as(
        'duration_count',
      ),
      sql<number>`sum(case when status = 'completed' then duration_seconds end)`.as(
        'duration_seconds',
      ),
      sql<number>`sum(case when status = 'cancelled' and reason = ${NO_ANSWER_REASON} then 1 else 0 end)`.as(
        'missed_calls',
      ),
      sql<number>`sum(case when status = 'cancelled' and ended_by = 'client' and accepted_at is null then 1 else 0 end)`.as(
        'abandoned_calls',
      ),
    ])
    .where('requested_at', '>=', range.start)
    .where('requested_at', '<', range.end)
    .groupBy([month, handler])
    .execute();
  return rows.map((r) => ({
    month: r.month,
    handler: r.handler,
    calls: num(r.calls),
    completedCalls: num(r.completed_calls),
    cancelledCalls: num(r.cancelled_calls),
    pendingCalls: num(r.pending_calls),
    answeredCalls: num(r.answered_calls),
    answerSeconds: num(r.answer_seconds),
    ratedCalls: num(r.rated_calls),
    ratingSum: num(r.rating_sum),
    durationCount: num(r.duration_count),
    durationSeconds: num(r.duration_seconds),
    missedCalls: num(r.missed_calls),
    abandonedCalls: num(r.abandoned_calls),
  }));
}

/** Decided offers (accepted, declined, timed out) of the range per Lima month and advisor. */
export async function offerPartials(
  db: Db,
  dialect: Dialect,
  range: ReportWindow,
): Promise<OfferPartial[]> {
  const month = limaMonth(dialect, 'offered_at');
  const rows = await db
    .selectFrom('call_offers')
    .select([
      month.as('month'),
      'advisor_id',
      sql<number>`sum(case when outcome = 'accepted' then 1 else 0 end)`.as('accepted'),
      sql<number>`sum(case when outcome = 'declined' then 1 else 0 end)`.as('declined'),
      sql<number>`sum(case when outcome = 'timeout' then 1 else 0 end)`.as('timeouts'),
    ])
    .where('offered_at', '>=', range.start)
    .where('offered_at', '<', range.end)
    .where('outcome', 'in', ['accepted', 'declined', 'timeout'])
    .groupBy([month, 'advisor_id'])
    .execute();
  return rows.map((r) => ({
    month: r.month,
    advisorId: r.advisor_id,
    accepted: num(r.accepted),
    declined: num(r.declined),
    timeouts: num(r.timeouts),
  }));
}

/**
 * Bookings of the range (by their start, not when they were made) per Lima month and booked
 * advisor. A booking counts in the month it is for, so future ones of the current month count too.
 */
export async function appointmentPartials(
  db: Db,
  dialect: Dialect,
  range: ReportWindow,
): Promise<AppointmentPartial[]> {
  const month = limaMonth(dialect, 'starts_at');
  const rows = await db
    .selectFrom('appointments')
    .select([
      month.as('month'),
      'advisor_id',
      sql<number>`sum(case when status <> 'cancelled' then 1 else 0 end)`.as('booked'),
      sql<number>`sum(case when status = 'attended' then 1 else 0 end)`.as('attended'),
      sql<number>`sum(case when status = 'no_show' then 1 else 0 end)`.as('no_show'),
      sql<number>`sum(case when status = 'cancelled' then 1 else 0 end)`.as('cancelled'),
    ])
    .where('starts_at', '>=', range.start)
    .where('starts_at', '<', range.end)
    // Booked consultations only: a service in the salon is not a consultation kept or missed.
    .where('kind', '=', 'consultation')
    .groupBy([month, 'advisor_id'])
    .execute();
  return rows.map((r) => ({
    month: r.month,
    advisorId: r.advisor_id,
    booked: num(r.booked),
    attended: num(r.attended),
    noShow: num(r.no_show),
    cancelled: num(r.cancelled),
  }));
}

/**
 * A value per range that changes whenever a call, offer or booking in it is created or changes
 * state: every step of a call's life adds to one of these counts (accepted, ended, rated; offers
 * answered), its bookings are counted by status (a booking leaves 'booked' once; a
 * reschedule moves it between ranges), and `updated_at` catches any other edit (a reassignment).
 * One round trip for all ranges.
 */
export async function fingerprints(db: Db, ranges: readonly ReportWindow[]): Promise<string[]> {
  if (ranges.length === 0) return [];
  const parts = ranges.map(
    (r, i) => sql`select ${sql.lit(i)} as i, c.*, o.*, a.* from
      (select count(*) as n, count(accepted_at) as accepted, count(ended_at) as ended, count(rating) as rated,
              max(updated_at) as updated
         from calls where requested_at >= ${r.start} and requested_at < ${r.end}) c
      cross join
      (select count(*) as offers, count(responded_at) as responded
         from call_offers where offered_at >= ${r.start} and offered_at < ${r.end}) o
      cross join
      (select count(*) as bookings, count(case when status = 'booked' then 1 end) as open_bookings,
              count(case when status = 'attended' then 1 end) as attended_bookings,
              count(case when status = 'no_show' then 1 end) as no_show_bookings,
              max(updated_at) as bookings_updated
         from appointments where starts_at >= ${r.start} and starts_at < ${r.end}) a`,
  );
  const { rows } = await sql<{
    i: number;
    n: unknown;
    accepted: unknown;
    ended: unknown;
    rated: unknown;
    updated: string | null;
    offers: unknown;
    responded: unknown;
    bookings: unknown;
    open_bookings: unknown;
    attended_bookings: unknown;
    no_show_bookings: unknown;
    bookings_updated: string | null;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const out = ranges.map(() => '');
  for (const r of rows) {
    out[Number(r.i)] = [
      r.n,
      r.accepted,
      r.ended,
      r.rated,
      r.updated ?? '',
      r.offers,
      r.responded,
      r.bookings,
      r.open_bookings,
      r.attended_bookings,
      r.no_show_bookings,
      r.bookings_updated ?? '',
    ]
      .map(String)
      .join('|');
  }
  return out;
}

/** Advisors that still exist, for the report's rows. */
export async function liveAdvisors(db: Db): Promise<LiveAdvisor[]> {
  const rows = await db
    .selectFrom('advisors')
    .select(['id', 'name', 'email', 'is_admin', 'status'])
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => ({
    advisorId: r.id,
    name: r.name,
    email: r.email,
    isAdmin: r.is_admin === 1,
    status: r.status,
  }));
}

/**
 * Distinct clients of the window and how many called more than once. A client is its normalised
 * phone (required on every request); only a phone without digits falls back to the lower-cased email.
 */
export async function clientAggregate(db: Db, window: ReportWindow): Promise<ClientAggregate> {
  // `|| ''` keeps the planner off the requested_at indexes here: walking calls_client_phone_idx in
  // phone order groups without a sort, which is several times faster than sorting the window.
  const byPhone = db
    .selectFrom('calls')
    .select([sql<string>`client_phone_normalized`.as('client'), sql<number>`count(*)`.as('n')])
    .where(sql<boolean>`requested_at || '' >= ${window.start}`)
    .where(sql<boolean>`requested_at || '' < ${window.end}`)
    .where('client_phone_normalized', '<>', '')
    .groupBy('client_phone_normalized');
  const byEmail = db
    .selectFrom('calls')
    .select([sql<string>`lower(client_email)`.as('client'), sql<number>`count(*)`.as('n')])
    .where('requested_at', '>=', window.start)
    .where('requested_at', '<', window.end)
    .where('client_phone_normalized', '=', '')
    .where('client_email', '<>', '')
    .groupBy(sql`lower(client_email)`);
  const row = await db
    .selectFrom(byPhone.unionAll(byEmail).as('t'))
    .select([
      sql<number>`count(*)`.as('clients'),
      sql<number>`sum(case when t.n > 1 then 1 else 0 end)`.as('returning_clients'),
    ])
    .executeTakeFirst();
  return { clients: num(row?.clients), returningClients: num(row?.returning_clients) };
}
