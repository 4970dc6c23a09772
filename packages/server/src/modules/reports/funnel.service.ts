/**
 * The salon's money view (docs/product.md#funnel): from consultations to revenue, per Lima month
 * and per stylist, over the last N months. Definitions, each step a subset of the one before:
 * - consultations: calls a stylist answered (accepted), by the Lima month of their request;
 * - plans: of those, the calls given a plan (recommendations text or items saved at least once);
 * - bookings: in-salon service bookings made from those plans, whatever became of them;
 * - attended: of those, recorded done; notDone: no-show or cancelled (beforehand or in the salon);
 * - revenue: the attended bookings' final prices; consultation hours: the completed calls' time.
 * All of it belongs to the consultation's month and its stylist, even when the service is done
 * later or by another stylist: the funnel says what the consultations earned.
 */
import type { FunnelData, FunnelMonth, FunnelSteps } from '@belleza/contract';
import type { Db, Dialect } from '../../db/kysely.js';
import type { Clock } from '../../lib/clock.js';
import {
  bookingPartials,
  consultationPartials,
  type BookingPartial,
  type ConsultationPartial,
} from './funnel.repository.js';
import { percent, ratio, round } from './reports.figures.js';

type Sums = {
  consultations: number;
  plans: number;
  seconds: number;
  bookings: number;
  attended: number;
  notDone: number;
  revenueCents: number;
};

const zero = (): Sums => ({
  consultations: 0,
  plans: 0,
  seconds: 0,
  bookings: 0,
  attended: 0,
  notDone: 0,
  revenueCents: 0,
});

function add(into: Sums, part: Partial<Sums>): Sums {
  for (const k of Object.keys(into) as Array<keyof Sums>) into[k] += part[k] ?? 0;
  return into;
}

/** The steps and ratios of some sums (ratios from sums, never averaged twice). */
export function stepsOf(s: Sums): FunnelSteps {
  const hours = s.seconds / 3600;
  const revenue = s.revenueCents / 100;
  return {
    consultations: s.consultations,
    plans: s.plans,
    bookings: s.bookings,
    attended: s.attended,
    notDone: s.notDone,
    revenue,
    consultationHours: round(hours),
    planRate: percent(s.plans, s.consultations),
    bookingRate: percent(s.bookings, s.plans),
    attendanceRate: percent(s.attended, s.bookings),
    revenuePerHour: round(ratio(revenue, hours)),
  };
}

const byConsultations = <T extends { consultations: number; name: string; advisorId: string }>(
  a: T,
  b: T,
) =>
  b.consultations - a.consultations ||
  a.name.localeCompare(b.name, 'es') ||
  a.advisorId.localeCompare(b.advisorId);

export type FunnelDeps = { db: Db; dialect: Dialect; clock: Clock };

/**
 * `monthKeys` and `windowOf` come from the reports service (the same Lima months as the report);
 * this part only adds up the funnel's two queries.
 */
export function createFunnel(
  deps: FunnelDeps,
  months: {
    keysOf: (now: Date, count: number) => string[];
    startOf: (key: string) => string;
    endOf: (key: string) => string;
  },
) {
  const { db, dialect, clock } = deps;

  return {
    async getFunnel(count: number): Promise<FunnelData> {
      const keys = months.keysOf(clock.now(), count);
      const first = keys[0] ?? '';
      const last = keys[keys.length - 1] ?? '';
      const range = { start: months.startOf(first), end: months.endOf(last) };
      const [calls, bookings] = await Promise.all([
        consultationPartials(db, dialect, range),
        bookingPartials(db, dialect, range),
      ]);
      return assemble(keys, calls, bookings);
    },
  };
}

/** Month × stylist cells, then each month's, each stylist's and the window's sums. */
export function assemble(
  keys: readonly string[],
  calls: readonly ConsultationPartial[],
  bookings: readonly BookingPartial[],
): FunnelData {
  const cellKey = (month: string, advisorId: string) => `${month}|${advisorId}`;
  const cells = new Map<string, Sums>();
  const names = new Map<string, string>();
  for (const c of calls) {
    names.set(c.advisorId, c.name);
    cells.set(cellKey(c.month, c.advisorId), add(zero(), c));
  }
  // A booking's consultation is in `calls` (same calls, same window): the cell exists.
  for (const b of bookings) {
    const cell = cells.get(cellKey(b.month, b.advisorId));
    if (cell) add(cell, b);
  }
  const total = zero();
  const perAdvisor = new Map<string, Sums>();
  const monthRows: FunnelMonth[] = keys.map((month) => {
    const sums = zero();
    const advisors: FunnelMonth['advisors'] = [];
    for (const [advisorId, name] of names) {
      const cell = cells.get(cellKey(month, advisorId));
      if (!cell) continue;
      add(sums, cell);
      perAdvisor.set(advisorId, add(perAdvisor.get(advisorId) ?? zero(), cell));
      advisors.push({ advisorId, name, ...stepsOf(cell) });
    }
    add(total, sums);
    return { month, ...stepsOf(sums), advisors: advisors.sort(byConsultations) };
  });
  return {
    months: monthRows,
    advisors: [...perAdvisor]
      .map(([advisorId, s]) => ({ advisorId, name: names.get(advisorId) ?? '', ...stepsOf(s) }))
      .sort(byConsultations),
    total: stepsOf(total),
  };
}
