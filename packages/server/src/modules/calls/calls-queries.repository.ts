/**
 * Read-only lists and aggregates of calls: an advisor's history, the admin's pages, the
 * statistics, an advisor's day and the open calls by state (the metrics).
 */
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { num } from '../../db/rows.js';
import {
  advisorColumns,
  callColumns,
  queuePositionSql,
  selectCalls,
  toRecord,
  type CallRecord,
  type StoredStatus,
} from './calls.repository.js';

/** Finished calls (completed or cancelled) attributed to an advisor, newest first. */
export async function historyOfAdvisor(
  db: Db,
  advisorId: string,
  limit: number,
): Promise<CallRecord[]> {
  const rows = await selectCalls(db)
    .where('c.advisor_id', '=', advisorId)
    .where('c.status', 'in', ['completed', 'cancelled'])
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

export type CallFilter = {
  status?: StoredStatus | undefined;
  advisorId?: string | undefined;
  /** inclusive UTC ISO bound on requested_at */
  from?: string | undefined;
  /** exclusive UTC ISO bound on requested_at */
  to?: string | undefined;
  search?: string | undefined;
};

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function filtered(db: Db, f: CallFilter) {
  let q = db.selectFrom('calls as c');
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.advisorId) q = q.where('c.advisor_id', '=', f.advisorId);
  if (f.from) q = q.where('c.requested_at', '>=', f.from);
  if (f.to) q = q.where('c.requested_at', '<', f.to);
  if (f.search) {
    const p = `%${escapeLike(f.search.toLowerCase())}%`;
    q = q.where(
      sql<SqlBool>`(lower(c.client_name) like ${p} escape '\\' or lower(c.client_phone) like ${p} escape '\\'
        or lower(c.client_email) like ${p} escape '\\' or lower(c.subject) like ${p} escape '\\'
        or lower(c.id) like ${p} escape '\\')`,
    );
  }
  return q;
}

/** One page of calls (newest first) and the total matching the filter: two SQL queries, no more rows. */
export async function pageOfCalls(
  db: Db,
  f: CallFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: CallRecord[]; total: number }> {
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const rows = await filtered(db, f)
    .leftJoin('advisors as a', 'a.id', 'c.advisor_id')
    .select(callColumns)
    .select([...advisorColumns, queuePositionSql.as('queue_position')])
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows.map(toRecord), total: num(count?.n) };
}

export async function recentCalls(db: Db, limit: number): Promise<CallRecord[]> {
  const rows = await selectCalls(db)
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

// ---------------------------------------------------------------- aggregates

export type CallAggregate = {
  totalCalls: number;
  activeCalls: number;
  pendingCalls: number;
  completedCalls: number;
  cancelledCalls: number;
  completedToday: number;
  callsToday: number;
  averageRating: number;
  averageDurationSeconds: number;
  totalDurationSeconds: number;
};

/** Every call statistic in one aggregate query; `today` = the Lima day's UTC bounds. */
export async function callAggregate(
  db: Db,
  today: { start: string; end: string },
): Promise<CallAggregate> {
  // Three narrow queries instead of one pass over the wide rows: totals per status read only
  // `calls_stats_idx`, today's requests a `requested_at` range, today's completions a
  // (status, ended_at) range. Cost stays flat as history grows (bench/reports.bench.ts).
  const [perStatus, requestedToday, completedToday] = await Promise.all([
    db
      .selectFrom('calls')
      .select([
        'status',
        sql<number | string>`count(*)`.as('n'),
        sql<number | string | null>`sum(duration_seconds)`.as('duration'),
        sql<number | string>`count(duration_seconds)`.as('timed'),
        sql<number | string>`count(rating)`.as('rated'),
        sql<number | string | null>`sum(rating)`.as('rating_sum'),
      ])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('calls')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('requested_at', '>=', today.start)
      .where('requested_at', '<', today.end)
      .executeTakeFirst(),
    db
      .selectFrom('calls')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('status', '=', 'completed')
      .where('ended_at', '>=', today.start)
      .where('ended_at', '<', today.end)
      .executeTakeFirst(),
  ]);
  const of = (status: string) => perStatus.find((r) => r.status === status);
  const completed = of('completed');
  const rated = perStatus.reduce((sum, r) => sum + num(r.rated), 0);
  const ratingSum = perStatus.reduce((sum, r) => sum + num(r.rating_sum), 0);
  const completedCalls = num(completed?.n);
  const totalDurationSeconds = num(completed?.duration);
  return {
    totalCalls: perStatus.reduce((sum, r) => sum + num(r.n), 0),
    activeCalls: num(of('active')?.n),
    pendingCalls: num(of('pending')?.n),
    completedCalls,
    cancelledCalls: num(of('cancelled')?.n),
    completedToday: num(completedToday?.n),
    callsToday: num(requestedToday?.n),
    averageRating: rated > 0 ? ratingSum / rated : 0,
    averageDurationSeconds:
      num(completed?.timed) > 0 ? totalDurationSeconds / num(completed?.timed) : 0,
    totalDurationSeconds,
  };
}

/** An advisor's day: calls answered (accepted that day), their average length and rating. */
export async function advisorDayStats(
  db: Db,
  advisorId: string,
  day: { start: string; end: string },
): Promise<{ answered: number; averageDurationSeconds: number; averageRating: number }> {
  const row = await db
    .selectFrom('calls')
    .select([
      sql<number | string>`count(*)`.as('answered'),
      sql<number | string | null>`avg(case when status = 'completed' then duration_seconds end)`.as(
        'avg_duration',
      ),
      sql<number | string | null>`avg(rating)`.as('avg_rating'),
    ])
    .where('advisor_id', '=', advisorId)
    .where('accepted_at', '>=', day.start)
    .where('accepted_at', '<', day.end)
    .executeTakeFirst();
  return {
    answered: num(row?.answered),
    averageDurationSeconds: num(row?.avg_duration),
    averageRating: num(row?.avg_rating),
  };
}

export type OpenCallCounts = { queued: number; ringing: number; active: number };

/**
 * The calls still open: waiting in the queue (pending, offered to nobody), ringing an advisor
 * (pending, offered) and active. Reads the (status, requested_at) index's open part only.
 */
export async function openCallCounts(db: Db): Promise<OpenCallCounts> {
  const row = await db
    .selectFrom('calls')
    .select([
      sql<
        number | string | null
      >`sum(case when advisor_id is null and status = 'pending' then 1 else 0 end)`.as('queued'),
      sql<
        number | string | null
      >`sum(case when advisor_id is not null and status = 'pending' then 1 else 0 end)`.as(
        'ringing',
      ),
      sql<number | string | null>`sum(case when status = 'active' then 1 else 0 end)`.as('active'),
    ])
    .where('status', 'in', ['pending', 'active'])
    .executeTakeFirst();
  return { queued: num(row?.queued), ringing: num(row?.ringing), active: num(row?.active) };
}
