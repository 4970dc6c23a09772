/**
 * Routing reads: who may be offered a call now, how loaded advisors are, and how long answers and
 * consultations have taken lately (for the wait estimates).
 */
import {
  APPOINTMENT_JOIN_EARLY_MINUTES,
  APPOINTMENT_NO_SHOW_MINUTES,
  IN_CALL_STATUS_REASON,
} from '@belleza/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { num } from '../../db/rows.js';
import type { AdvisorsTable } from '../../db/schema.js';

export type Candidate = {
  id: string;
  name: string;
  maxConcurrentCalls: number;
  autoAcceptCalls: boolean;
};

const loadSql = sql<number>`(select count(*) from calls l where l.advisor_id = a.id and l.status in ('pending', 'active'))`;

/**
 * Stylists who take consultations: every live advisor, except an admin the landing does not show
 * (an owner's or manager's account is not a stylist a visitor may be given).
 */
function consulting(db: Db) {
  return db
    .selectFrom('advisors as a')
    .where('a.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('a.is_admin', '=', 0), eb('a.show_on_landing', '=', 1)]));
}

/**
 * Advisors who may receive offers: stylists who take consultations, `available` (or `busy` only
 * because of calls they took), and connected (a socket seen at or after `onlineSince`). With
 * `callId`: not offered that call yet.
 */
function routable(db: Db, onlineSince: string, callId?: string) {
  let q = consulting(db)
    .where((eb) =>
      eb.or([
        eb('a.status', '=', 'available'),
        eb.and([eb('a.status', '=', 'busy'), eb('a.status_reason', '=', IN_CALL_STATUS_REASON)]),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('socket_connections as s')
          .select('s.socket_id')
          .whereRef('s.advisor_id', '=', 'a.id')
          .where('s.last_seen_at', '>=', onlineSince),
      ),
    );
  if (callId !== undefined) {
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('call_offers as o')
            .select('o.id')
            .whereRef('o.advisor_id', '=', 'a.id')
            .where('o.call_id', '=', callId),
        ),
      ),
    );
  }
  return q;
}

const MINUTE_MS = 60_000;

/**
 * The advisor to offer `callId` to: under capacity, fewest active calls, then longest idle. A call
 * entered from a booking goes to the booked advisor first; a returning client's to the stylist of
 * her last consultation. An advisor whose booking
 * starts within [now − no-show minutes, now + join-early minutes] and is still awaited is kept for
 * that visitor: no other call is offered to her then.
 */
export async function findFreeCandidate(
  db: Db,
  callId: string,
  onlineSince: string,
  now: string,
  exclude: readonly string[] = [],
): Promise<Candidate | null> {
  const at = Date.parse(now);
  const reservedFrom = new Date(at - APPOINTMENT_NO_SHOW_MINUTES * MINUTE_MS).toISOString();
  const reservedTo = new Date(at + APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE_MS).toISOString();
  const ownBooking = db
    .selectFrom('calls as bc')
    .select('bc.appointment_id')
    .where('bc.id', '=', callId)
    .where('bc.appointment_id', 'is not', null);
  const bookedAdvisor = db
    .selectFrom('appointments as bp')
    .select('bp.advisor_id')
    .where('bp.id', 'in', ownBooking);
  // A returning client who asked to be remembered: the stylist of her last consultation.
  const lastStylist = db
    .selectFrom('returning_clients as rc')
    .select('rc.advisor_id')
    .where('rc.current_call_id', '=', callId)
    .where('rc.advisor_id', 'is not', null);
  // Loads come from one GROUP BY over the open calls (few rows, status index), not from
  // correlated subqueries per advisor.
  const loads = db
    .selectFrom('calls as l')
    .select((eb) => [
      'l.advisor_id',
      eb.fn.countAll<number>().as('load'),
      eb.fn
        .sum<number>(eb.case().when('l.status', '=', 'active').then(1).else(0).end())
        .as('active'),
    ])
    .where('l.status', 'in', ['pending', 'active'])
    .where('l.advisor_id', 'is not', null)
    .groupBy('l.advisor_id');
  let q = routable(db, onlineSince, callId)
    .leftJoin(loads.as('ld'), 'ld.advisor_id', 'a.id')
    .where(sql<SqlBool>`coalesce(ld.load, 0) < a.max_concurrent_calls`);
  if (exclude.length > 0) q = q.where('a.id', 'not in', exclude);
  q = q.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('appointments as rp')
          .select('rp.id')
          .whereRef('rp.advisor_id', '=', 'a.id')
          .where('rp.status', '=', 'booked')
          .where('rp.starts_at', '>=', reservedFrom)
          .where('rp.starts_at', '<=', reservedTo)
          // her own visitor's call is not kept from her (NOT IN an empty list is true)
          .where('rp.id', 'not in', ownBooking),
      ),
    ),
  );
  const row = await q
    .select(['a.id', 'a.name', 'a.max_concurrent_calls', 'a.auto_accept_calls'])
    .orderBy(
      sql`case when ${sql.ref('a.id')} in (${bookedAdvisor}) then 0 when ${sql.ref('a.id')} in (${lastStylist}) then 1 else 2 end`,
    )
    .orderBy(sql`coalesce(ld.active, 0)`)
    // ISO strings sort by time; '' puts "never finished a call" first on both databases.
    .orderBy(sql`coalesce(a.last_call_ended_at, '')`)
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        name: row.name,
        maxConcurrentCalls: num(row.max_concurrent_calls),
        autoAcceptCalls: num(row.auto_accept_calls) === 1,
      }
    : null;
}

/** Whether anyone online could still take `callId` later (not offered it yet, capacity aside). */
export async function hasUnofferedRoutableAdvisor(
  db: Db,
  callId: string,
  onlineSince: string,
): Promise<boolean> {
  const row = await routable(db, onlineSince, callId).select('a.id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether any advisor who may receive offers is online (capacity aside). */
export async function anyRoutableOnline(db: Db, onlineSince: string): Promise<boolean> {
  const row = await routable(db, onlineSince).select('a.id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export type RoutableSummary = {
  /** routable advisors online */
  online: number;
  /** of those, with room for one more call */
  free: number;
  /** sum of their maxConcurrentCalls */
  capacity: number;
};

export async function routableSummary(db: Db, onlineSince: string): Promise<RoutableSummary> {
  const row = await routable(db, onlineSince)
    .select([
      sql<number | string>`count(*)`.as('online'),
      sql<
        number | string | null
      >`sum(case when ${loadSql} < a.max_concurrent_calls then 1 else 0 end)`.as('free'),
      sql<number | string | null>`sum(a.max_concurrent_calls)`.as('capacity'),
    ])
    .executeTakeFirst();
  return { online: num(row?.online), free: num(row?.free), capacity: num(row?.capacity) };
}

/** Status of an advisor as routing and the end of a call need it (inside the caller's transaction). */
export async function advisorState(
  db: Db,
  advisorId: string,
): Promise<Pick<AdvisorsTable, 'status' | 'status_reason' | 'name' | 'suspended_at'> | null> {
  const row = await db
    .selectFrom('advisors')
    .select(['status', 'status_reason', 'name', 'suspended_at'])
    .where('id', '=', advisorId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Takes the advisor's row lock (PostgreSQL; a no-op write on SQLite, where transactions are
 * serial anyway), so two routings cannot both fill the advisor's last free place.
 */
export async function lockAdvisor(db: Db, advisorId: string): Promise<void> {
  await db
    .updateTable('advisors')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', advisorId)
    .execute();
}

/** Working hours of every stylist who takes consultations (for "next opening" and "open now"). */
export async function liveAdvisorHours(
  db: Db,
): Promise<{ timezone: string; workingHours: string }[]> {
  const rows = await consulting(db).select(['a.timezone', 'a.working_hours']).execute();
  return rows.map((r) => ({ timezone: r.timezone, workingHours: r.working_hours }));
}

/** Averages over the most recent answered / completed calls since `since` (seconds). */
export async function recentTimes(
  db: Db,
  since: string,
  sample: number,
): Promise<{ answerSeconds: number | null; handleSeconds: number | null }> {
  const answered = await db
    .selectFrom('calls')
    .select(['requested_at', 'accepted_at'])
    .where('accepted_at', 'is not', null)
    .where('requested_at', '>=', since)
    .orderBy('requested_at', 'desc')
    .limit(sample)
    .execute();
  const handled = await db
    .selectFrom('calls')
    .select(['duration_seconds'])
    .where('status', '=', 'completed')
    .where('duration_seconds', 'is not', null)
    .where('requested_at', '>=', since)
    .orderBy('requested_at', 'desc')
    .limit(sample)
    .execute();
  const answers = answered
    .map(
      (r) =>
        (new Date(r.accepted_at ?? r.requested_at).getTime() - new Date(r.requested_at).getTime()) /
        1000,
    )
    .filter((s) => s >= 0);
  const handles = handled.map((r) => num(r.duration_seconds));
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  return { answerSeconds: avg(answers), handleSeconds: avg(handles) };
}
