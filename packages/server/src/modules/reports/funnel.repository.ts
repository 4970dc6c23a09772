/**
 * The funnel's aggregates (docs/product.md#funnel), computed by the database per Lima month of
 * the consultation's request and the stylist who answered it: one row per month × stylist from
 * the calls, one from the service bookings made from their plans. Every step is a subset of the
 * one before, counted from the same calls.
 */
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/kysely.js';
import { limaMonth } from '../../db/sql-fns.js';
import type { ReportWindow } from './reports.repository.js';
import { num } from '../../db/rows.js';

/** Consultations of one stylist in one Lima month. */
export type ConsultationPartial = {
  month: string;
  advisorId: string;
  name: string;
  /** answered calls (accepted_at set), by their request's month */
  consultations: number;
  /** of those, given a plan (calls.plan_at set) */
  plans: number;
  /** completed calls' durations */
  seconds: number;
};

/** Service bookings made from the plans of one stylist's consultations of one Lima month. */
export type BookingPartial = {
  month: string;
  advisorId: string;
  bookings: number;
  attended: number;
  /** no-show or cancelled (beforehand or in the salon) */
  notDone: number;
  /** final prices of the attended ones */
  revenueCents: number;
};

export async function consultationPartials(
  db: Db,
  dialect: Dialect,
  range: ReportWindow,
): Promise<ConsultationPartial[]> {
  const month = limaMonth(dialect, 'c.requested_at');
  const rows = await db
    .selectFrom('calls as c')
    .leftJoin('advisors as a', 'a.id', 'c.advisor_id')
    .select([
      month.as('month'),
      'c.advisor_id as advisor_id',
      sql<string>`coalesce(max(a.name), '')`.as('name'),
      sql<number>`count(*)`.as('consultations'),
      sql<number>`count(c.plan_at)`.as('plans'),
      sql<number>`sum(case when c.status = 'completed' then c.duration_seconds else 0 end)`.as(
        'seconds',
      ),
    ])
    .where('c.accepted_at', 'is not', null)
    .where('c.advisor_id', 'is not', null)
    .where('c.requested_at', '>=', range.start)
    .where('c.requested_at', '<', range.end)
    .groupBy([month, 'c.advisor_id'])
    .execute();
  return rows.map((r) => ({
    month: r.month,
    advisorId: r.advisor_id ?? '',
    name: r.name,
    consultations: num(r.consultations),
    plans: num(r.plans),
    seconds: num(r.seconds),
  }));
}

export async function bookingPartials(
  db: Db,
  dialect: Dialect,
  range: ReportWindow,
): Promise<BookingPartial[]> {
  const month = limaMonth(dialect, 'c.requested_at');
  const rows = await db
    .selectFrom('appointments as p')
    .innerJoin('calls as c', 'c.id', 'p.plan_call_id')
    .select([
      month.as('month'),
      'c.advisor_id as advisor_id',
      sql<number>`count(*)`.as('bookings'),
      sql<number>`sum(case when p.status = 'attended' then 1 else 0 end)`.as('attended'),
      sql<number>`sum(case when p.status in ('no_show', 'cancelled') then 1 else 0 end)`.as(
        'not_done',
      ),
      sql<number>`sum(case when p.status = 'attended' then p.outcome_price_cents else 0 end)`.as(
        'revenue_cents',
      ),
    ])
    .where('p.kind', '=', 'service')
    .where('c.accepted_at', 'is not', null)
    .where('c.advisor_id', 'is not', null)
    .where('c.plan_at', 'is not', null)
    .where('c.requested_at', '>=', range.start)
    .where('c.requested_at', '<', range.end)
    .groupBy([month, 'c.advisor_id'])
    .execute();
  return rows.map((r) => ({
    month: r.month,
    advisorId: r.advisor_id ?? '',
    bookings: num(r.bookings),
    attended: num(r.attended),
    notDone: num(r.not_done),
    revenueCents: num(r.revenue_cents),
  }));
}
