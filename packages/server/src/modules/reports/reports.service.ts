import {
  MAX_REPORT_MONTHS,
  REPORT_MONTHS,
  type AdvisorReportRow,
  type ReportFigures,
} from '@belleza/contract';
import type { Db, Dialect } from '../../db/kysely.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import {
  appointmentPartials,
  callPartials,
  countCallsRequested,
  fingerprints,
  liveAdvisors,
  offerPartials,
  type AppointmentPartial,
  type CallPartial,
  type CallSums,
  type ClientAggregate,
  type OfferPartial,
  type ReportWindow,
} from './reports.repository.js';
import { createClientCounter } from './reports-clients.js';
import {
  addAppointments,
  addSums,
  answerRateOf,
  growth,
  minutes,
  percent,
  ratio,
  round,
  toMonthRow,
  zeroAppointments,
  zeroSums,
  type AppointmentSums,
} from './reports.figures.js';
import { pruneRollups, readRollups, writeRollup } from './reports-rollups.repository.js';
import { createFunnel } from './funnel.service.js';

export type ReportsDeps = {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  /** where a failed background refresh is reported */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/** 'YYYY-MM' keys of the last `count` Lima months ending with the one `now` falls in, oldest first. */
export function limaMonthKeys(now: Date, count: number): string[] {
  const today = limaDateOf(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const keys: string[] = [];
  for (let i = count - 1; i >= 0; i--) keys.push(monthKey(year, month - i));
  return keys;
}

function monthKey(year: number, monthIndex: number): string {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return d.toISOString().slice(0, 7);
}

/** UTC instant at which a Lima month ('YYYY-MM') starts (Lima is UTC-5 all year). */
export function limaMonthStartUtc(key: string): string {
  return new Date(`${key}-01T00:00:00.000-05:00`).toISOString();
}

function nextMonthKey(key: string): string {
  return monthKey(Number(key.slice(0, 4)), Number(key.slice(5, 7)));
}

/** The half-open window covering the given consecutive month keys. */
function windowOf(keys: readonly string[]): ReportWindow {
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (!first || !last) throw new Error('a report window needs at least one month');
  return { start: limaMonthStartUtc(first), end: limaMonthStartUtc(nextMonthKey(last)) };
}

/**
 * How often the cached figures of days before today are checked against the database. They change
 * rarely (a late rating), so they may lag by at most this long; today's figures never lag.
 */
export const HISTORY_RECHECK_MS = 60_000;
/** The returning-clients share needs the whole window at once; it is recomputed at most this often. */
export const RETURNING_CLIENTS_TTL_MS = 60_000;

/**
 * Calls by handling advisor, decided offers by advisor and bookings by booked advisor, tagged with
 * their Lima month (a booking's is the month it starts in).
 */
type Figures = { calls: CallPartial[]; offers: OfferPartial[]; appointments: AppointmentPartial[] };
/** A stretch of time inside one Lima month whose figures are read (and cached) together. */
type Segment = { key: string; range: ReportWindow };

/**
 * Splits months into segments: each finished month is one segment; the current month is split
 * into the days before today (cached like a finished month) and the rest of it (read live every
 * time): today, and the later days, which only bookings made in advance can fall in.
 */
function segmentsOf(keys: readonly string[], now: Date): { cached: Segment[]; live: Segment } {
  const current = keys[keys.length - 1] ?? '';
  const cached = keys.slice(0, -1).map((k) => ({ key: k, range: windowOf([k]) }));
  const month = windowOf([current]);
  const today = limaDateOf(now);
  const todayStart = limaDayBoundsUtc(today).start;
  if (todayStart > month.start) {
    cached.push({ key: `${current}/${today}`, range: { start: month.start, end: todayStart } });
  }
  return { cached, live: { key: `${current}/live`, range: { start: todayStart, end: month.end } } };
}

export function createReportsService(deps: ReportsDeps) {
  const { db, dialect, clock } = deps;

  // Everything before today is read once and kept while its fingerprint holds; today is read live.
  // A report then costs one day's rows, however long the history (see docs/decisions.md).
  const segments = new Map<string, Figures & { fingerprint: string }>();
  let checkedAt = Number.NEGATIVE_INFINITY;
  let returning: { window: string; at: number; value: ClientAggregate } | null = null;
  const countClients = createClientCounter({ db, clock });

  async function readSegment(segment: Segment): Promise<Figures> {
    const [calls, offers, appointments] = await Promise.all([
      callPartials(db, dialect, segment.range),
      offerPartials(db, dialect, segment.range),
      appointmentPartials(db, dialect, segment.range),
    ]);
    return { calls, offers, appointments };
  }

  // Re-checks run behind the request that finds them due, so no report waits for them; only data
  // never read before (first report, a new day) is read while the request waits.
  const jobs = new Map<string, Promise<void>>();
  type Job = { name: string; work: () => Promise<void> };
  function inBackground({ name, work }: Job): void {
    if (jobs.has(name)) return;
    const job = work()
      .catch((err: unknown) => deps.log?.warn({ err }, `report ${name} refresh failed`))
      .finally(() => jobs.delete(name));
    jobs.set(name, job);
  }

  /** Reads a segment and keeps its figures, here and as a rollup other processes can start from. */
  async function readAndKeep(segment: Segment, fingerprint: string): Promise<void> {
    const figures = await readSegment(segment);
    segments.set(segment.key, { ...figures, fingerprint });
    const key = `segment:${segment.key}`;
    await writeRollup(db, key, fingerprint, figures, clock.now().toISOString());
    // This month's "days before today" segment of an earlier day is never asked for again.
    if (segment.key.includes('/'))
      await pruneRollups(db, `segment:${segment.key.split('/')[0]}/`, [key]);
  }

  /**
   * Fingerprints the segments and re-reads those whose fingerprint moved. One segment at a time,
   * so that on SQLite's single connection a report can get in between (background re-checks).
   */
  async function refresh(toCheck: readonly Segment[]): Promise<void> {
    for (const segment of toCheck) {
      // Fingerprint first: a change made while the figures are read shows up at the next check.
      const [fingerprint = ''] = await fingerprints(db, [segment.range]);
      if (segments.get(segment.key)?.fingerprint === fingerprint) continue;
      await readAndKeep(segment, fingerprint);
    }
  }

  /**
   * Segments this process has not read yet (its first report, a new day), while a request waits:
   * all fingerprinted in one round trip, then taken from the rollups where theirs still match, so
   * a process that starts reads months of calls only when they changed since any instance last
   * read them.
   */
  async function load(missing: readonly Segment[]): Promise<void> {
    const [prints, kept] = await Promise.all([
      fingerprints(
        db,
        missing.map((s) => s.range),
      ),
      readRollups(
        db,
        missing.map((s) => `segment:${s.key}`),
      ),
    ]);
    for (const [i, segment] of missing.entries()) {
      const fingerprint = prints[i] ?? '';
      const stored = kept.get(`segment:${segment.key}`);
      if (stored?.fingerprint === fingerprint) {
        segments.set(segment.key, { ...(stored.figures as Figures), fingerprint });
        continue;
      }
      await readAndKeep(segment, fingerprint);
    }
  }

  async function cachedFigures(
    wanted: readonly Segment[],
    nowMs: number,
    later: Job[],
  ): Promise<Figures[]> {
    const missing = wanted.filter((s) => !segments.has(s.key));
    const due = nowMs - checkedAt >= HISTORY_RECHECK_MS;
    if (due) checkedAt = nowMs;
    if (missing.length > 0) await load(missing);
    const known = wanted.filter((s) => !missing.includes(s));
    if (due && known.length > 0) later.push({ name: 'history', work: () => refresh(known) });
    // Drop what no window can ask for any more: earlier days' "this month so far" segments and
    // months older than the longest window. Reports of other lengths keep their months.
    const wantedKeys = new Set(wanted.map((s) => s.key));
    const oldest = limaMonthKeys(new Date(nowMs), MAX_REPORT_MONTHS + 1)[0] ?? '';
    for (const key of segments.keys()) {
      if (wantedKeys.has(key)) continue;
      if (key.includes('/') || key < oldest) segments.delete(key);
    }
    return wanted.map((s) => segments.get(s.key) ?? { calls: [], offers: [], appointments: [] });
  }

  async function returningClients(
    window: ReportWindow,
    history: ReportWindow,
    historyPrint: () => string,
    nowMs: number,
    later: Job[],
  ): Promise<ClientAggregate> {
    const key = `${window.start}/${window.end}`;
    const compute = async () => {
      returning = {
        window: key,
        at: nowMs,
        value: await countClients(window, history, historyPrint()),
      };
    };
    if (returning?.window !== key) {
      await compute();
    } else if (nowMs - returning.at >= RETURNING_CLIENTS_TTL_MS) {
      later.push({ name: 'returning', work: compute });
    }
    return returning?.window === key ? returning.value : { clients: 0, returningClients: 0 };
  }

  /** Resolves once the background refreshes under way have finished (tests, shutdown). */
  async function settled(): Promise<void> {
    await Promise.all(jobs.values());
  }

  /** The admin report over the last `months` Lima months (the current one included). */
  async function getReport(months: number = REPORT_MONTHS): Promise<ReportFigures> {
    const now = clock.now();
    const nowMs = now.getTime();
    const keys = limaMonthKeys(now, months);
    const window = windowOf(keys);
    // Growth compares with the month before the current one, so that month is read even when the
    // window is a single month; it is not part of the window's totals.
    const withPrevious = limaMonthKeys(now, Math.max(months, 2));
    const currentKey = withPrevious[withPrevious.length - 1] ?? '';
    const previousKey = withPrevious[withPrevious.length - 2] ?? '';

    const { cached, live } = segmentsOf(withPrevious, now);
    // Due re-checks start once this report's own queries are done (SQLite has one connection).
    const later: Job[] = [];
    const currentStart = Date.parse(limaMonthStartUtc(currentKey));
    const previousStart = Date.parse(limaMonthStartUtc(previousKey));
    const sameStretch = {
      start: new Date(previousStart).toISOString(),
      end: new Date(Math.min(previousStart + (nowMs - currentStart), currentStart)).toISOString(),
    };
    // The window's days before today, and the fingerprints of the segments that cover them.
    const beforeToday = { start: window.start, end: live.range.start };
    const inHistory = cached.filter((s) => keys.includes(s.key.slice(0, 7)));
    const historyPrint = () =>
      inHistory.map((s) => segments.get(s.key)?.fingerprint ?? '?').join(';');
    const [[history, clients], today, advisorList, previousToDate] = await Promise.all([
      cachedFigures(cached, nowMs, later).then(
        async (h) =>
          [h, await returningClients(window, beforeToday, historyPrint, nowMs, later)] as const,
      ),
      readSegment(live),
      liveAdvisors(db),
      countCallsRequested(db, sameStretch),
    ]);

    // Partials carry their Lima month, so segments add up per month and, within the window, per advisor.
    const inWindow = new Set(keys);
    const monthSums = new Map<string, CallSums>(withPrevious.map((k) => [k, zeroSums()]));
    const advisorSums = new Map<string, CallSums>();
    const offerSums = new Map<string, { accepted: number; decided: number; timeouts: number }>();
    const monthAppointments = new Map(withPrevious.map((k) => [k, zeroAppointments()]));
    const advisorAppointments = new Map<string, AppointmentSums>();
    for (const figures of [...history, today]) {
      for (const c of figures.calls) {
        const month = monthSums.get(c.month);
        if (month) addSums(month, c);
        if (inWindow.has(c.month) && c.handler !== null) {
          advisorSums.set(c.handler, addSums(advisorSums.get(c.handler) ?? zeroSums(), c));
        }
      }
      for (const o of figures.offers) {
        if (!inWindow.has(o.month)) continue;
        const t = offerSums.get(o.advisorId) ?? { accepted: 0, decided: 0, timeouts: 0 };
        t.accepted += o.accepted;
        t.decided += o.accepted + o.declined + o.timeouts;
        t.timeouts += o.timeouts;
        offerSums.set(o.advisorId, t);
      }
      for (const a of figures.appointments) {
        const month = monthAppointments.get(a.month);
        if (month) addAppointments(month, a);
        if (!inWindow.has(a.month)) continue;
        const sums = advisorAppointments.get(a.advisorId) ?? zeroAppointments();
        advisorAppointments.set(a.advisorId, addAppointments(sums, a));
      }
    }
    const total = keys.reduce((acc, k) => addSums(acc, monthSums.get(k) ?? zeroSums()), zeroSums());
    const rating = round(ratio(total.ratingSum, total.ratedCalls));
    const bookings = keys.reduce(
      (acc, k) => addAppointments(acc, monthAppointments.get(k) ?? zeroAppointments()),
      zeroAppointments(),
    );

    const advisors: AdvisorReportRow[] = advisorList
      .map((a) => {
        const s = advisorSums.get(a.advisorId) ?? zeroSums();
        const o = offerSums.get(a.advisorId) ?? { accepted: 0, decided: 0, timeouts: 0 };
        const b = advisorAppointments.get(a.advisorId) ?? zeroAppointments();
        return {
          advisorId: a.advisorId,
          email: a.email,
          name: a.name,
          isAdmin: a.isAdmin,
          calls: s.calls,
          completedCalls: s.completedCalls,
          rating: round(ratio(s.ratingSum, s.ratedCalls), 1),
          averageDuration: round(minutes(ratio(s.durationSeconds, s.durationCount))),
          status: a.status,
          averageTimeToAnswer: round(ratio(s.answerSeconds, s.answeredCalls)),
          answerRate: percent(o.accepted, o.decided),
          missedOffers: o.timeouts,
          appointmentsAttended: b.attended,
          appointmentsNoShow: b.noShow,
        };
      })
      .sort(
        (a, b) =>
          b.calls - a.calls ||
          a.name.localeCompare(b.name, 'es') ||
          a.advisorId.localeCompare(b.advisorId),
      );
    const top = advisors[0];
    later.forEach(inBackground);

    return {
      totalCalls: total.calls,
      monthlyGrowth: growth(monthSums.get(currentKey)?.calls ?? 0, previousToDate),
      avgSessionTime: round(minutes(ratio(total.durationSeconds, total.durationCount))),
      completionRate: percent(total.completedCalls, total.calls),
      customerSatisfaction: rating,
      averageRating: rating,
      totalAdvisors: advisors.length,
      topAdvisor: top && top.calls > 0 ? top.name : null,
      advisors,
      months: keys.map((k) =>
        toMonthRow(
          k,
          monthSums.get(k) ?? zeroSums(),
          monthAppointments.get(k) ?? zeroAppointments(),
        ),
      ),
      detail: {
        connectionRate: percent(total.calls - total.cancelledCalls, total.calls),
        totalDuration: round(minutes(total.durationSeconds)),
        returningClientsRate: percent(clients.returningClients, clients.clients),
        averageTimeToAnswer: round(ratio(total.answerSeconds, total.answeredCalls)),
        answerRate: answerRateOf(total),
        missedCalls: total.missedCalls,
        abandonedCalls: total.abandonedCalls,
      },
      appointments: {
        ...bookings,
        attendanceRate: percent(bookings.attended, bookings.attended + bookings.noShow),
      },
    };
  }

  const funnel = createFunnel(deps, {
    keysOf: limaMonthKeys,
    startOf: limaMonthStartUtc,
    endOf: (key) => limaMonthStartUtc(nextMonthKey(key)),
  });
  return { getReport, settled, ...funnel };
}

export type ReportsService = ReturnType<typeof createReportsService>;
