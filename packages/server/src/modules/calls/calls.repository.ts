/**
 * The SQL of the calls module. Every state change is ONE conditional UPDATE returning whether it
 * applied (affected rows), so concurrent requests and several instances apply a transition once.
 * Functions take an executor: the database or the caller's transaction. Rows come back normalised.
 *
 * Lock order (PostgreSQL row locks): a transaction touches its call row first, then advisor rows,
 * never the other way round, so accept/end/decline/routing cannot deadlock each other.
 */
import {
  APPOINTMENT_JOIN_EARLY_MINUTES,
  APPOINTMENT_NO_SHOW_MINUTES,
  IN_CALL_STATUS_REASON,
  type ClientInfo,
} from '@belleza/contract';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type {
  CallOffersTable,
  CallbacksTable,
  CallsTable,
  AdvisorsTable,
  Database,
} from '../../db/schema.js';

export type StoredStatus = CallsTable['status'];
export type EndedByValue = NonNullable<CallsTable['ended_by']>;
export type OfferOutcomeValue = CallOffersTable['outcome'];

export type CallRecord = {
  id: string;
  status: StoredStatus;
  advisorId: string | null;
  advisorName: string | null;
  advisorEmail: string | null;
  /** The advisor's job title as shown to visitors ('' when none). */
  advisorTitle: string | null;
  clientId: string;
  clientKeyHash: string;
  clientInfo: ClientInfo;
  source: string;
  language: 'es' | 'en';
  consentAt: string | null;
  requestedAt: string;
  offerExpiresAt: string | null;
  acceptedAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  rating: number | null;
  ratingComment: string | null;
  reason: string | null;
  endedBy: EndedByValue | null;
  roomProvider: string | null;
  roomName: string | null;
  roomUrl: string | null;
  roomExpiresAt: string | null;
  estimatedWaitSeconds: number | null;
  /** 1-based among queued calls (pending, not offered); null otherwise */
  queuePosition: number | null;
  updatedAt: string;
};

const callColumns = [
  'c.id',
  'c.status',
  'c.advisor_id',
  'c.client_id',
  'c.client_key_hash',
  'c.client_name',
  'c.client_email',
  'c.client_phone',
  'c.subject',
  'c.message',
  'c.source',
  'c.language',
  'c.consent_at',
  'c.requested_at',
  'c.offer_expires_at',
  'c.accepted_at',
  'c.started_at',
  'c.ended_at',
  'c.duration_seconds',
  'c.rating',
  'c.rating_comment',
  'c.reason',
  'c.ended_by',
  'c.room_provider',
  'c.room_name',
  'c.room_url',
  'c.room_expires_at',
  'c.estimated_wait_seconds',
  'c.updated_at',
] as const;

/** Position in the FIFO queue, computed only for queued rows (index on status, requested_at). */
const queuePositionSql = sql<
  number | string | null
>`case when c.status = 'pending' and c.advisor_id is null then (
  select count(*) from calls q
  where q.status = 'pending' and q.advisor_id is null
    and (q.requested_at < c.requested_at or (q.requested_at = c.requested_at and q.id <= c.id))
) end`;

const affected = (r: { numUpdatedRows: bigint } | undefined): boolean =>
  (r?.numUpdatedRows ?? 0n) > 0n;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type SelectedCall = Pick<
  CallsTable,
  | 'id'
  | 'status'
  | 'advisor_id'
  | 'client_id'
  | 'client_key_hash'
  | 'client_name'
  | 'client_email'
  | 'client_phone'
  | 'subject'
  | 'message'
  | 'source'
  | 'language'
  | 'consent_at'
  | 'requested_at'
  | 'offer_expires_at'
  | 'accepted_at'
  | 'started_at'
  | 'ended_at'
  | 'duration_seconds'
  | 'rating'
  | 'rating_comment'
  | 'reason'
  | 'ended_by'
  | 'room_provider'
  | 'room_name'
  | 'room_url'
  | 'room_expires_at'
  | 'estimated_wait_seconds'
  | 'updated_at'
> & {
  advisor_name: string | null;
  advisor_email: string | null;
  advisor_title: string | null;
  queue_position: number | string | null;
};

function toRecord(r: SelectedCall): CallRecord {
  return {
    id: r.id,
    status: r.status,
    advisorId: r.advisor_id,
    advisorName: r.advisor_name,
    advisorEmail: r.advisor_email,
    advisorTitle: r.advisor_title,
    clientId: r.client_id,
    clientKeyHash: r.client_key_hash,
    clientInfo: {
      name: r.client_name,
      email: r.client_email,
      phone: r.client_phone,
      subject: r.subject,
      message: r.message,
    },
    source: r.source,
    language: r.language === 'en' ? 'en' : 'es',
    consentAt: r.consent_at,
    requestedAt: r.requested_at,
    offerExpiresAt: r.offer_expires_at,
    acceptedAt: r.accepted_at,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    durationSeconds: numOrNull(r.duration_seconds),
    rating: numOrNull(r.rating),
    ratingComment: r.rating_comment,
    reason: r.reason,
    endedBy: r.ended_by,
    roomProvider: r.room_provider,
    roomName: r.room_name,
    roomUrl: r.room_url,
    roomExpiresAt: r.room_expires_at,
    estimatedWaitSeconds: numOrNull(r.estimated_wait_seconds),
    queuePosition: numOrNull(r.queue_position),
    updatedAt: r.updated_at,
  };
}

/** The assigned advisor's side of a call row (joined as `a`). */
const advisorColumns = [
  'a.name as advisor_name',
  'a.email as advisor_email',
  'a.title as advisor_title',
] as const;

function selectCalls(db: Db) {
  return db
    .selectFrom('calls as c')
    .leftJoin('advisors as a', 'a.id', 'c.advisor_id')
    .select(callColumns)
    .select([...advisorColumns, queuePositionSql.as('queue_position')]);
}

// ---------------------------------------------------------------- reads of calls

export async function findCall(db: Db, id: string): Promise<CallRecord | null> {
  const row = await selectCalls(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Pending offers (status pending) or active calls of one advisor. */
export async function callsOfAdvisor(
  db: Db,
  advisorId: string,
  status: 'pending' | 'active',
): Promise<CallRecord[]> {
  const rows = await selectCalls(db)
    .where('c.advisor_id', '=', advisorId)
    .where('c.status', '=', status)
    .orderBy(
      status === 'pending' ? 'c.requested_at' : 'c.accepted_at',
      status === 'pending' ? 'asc' : 'desc',
    )
    .orderBy('c.id')
    .limit(100)
    .execute();
  return rows.map(toRecord);
}

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

/** Queued calls (pending, offered to nobody) in FIFO order. */
export async function queuedCallIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('status', '=', 'pending')
    .where('advisor_id', 'is', null)
    .orderBy('requested_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Calls that count against the global limit: pending (offered or queued) and active. */
export async function countOpenCalls(db: Db): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', ['pending', 'active'])
    .executeTakeFirst();
  return num(row?.n);
}

/** Calls requested after `since`, and the oldest of them (the global request cap). */
export async function requestedSince(
  db: Db,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('requested_at').as('oldest'),
    ])
    .where('requested_at', '>', since)
    .executeTakeFirst();
  return { count: num(row?.n), oldest: row?.oldest ?? null };
}

export async function countActiveCallsOf(db: Db, advisorId: string): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('advisor_id', '=', advisorId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return num(row?.n);
}

/** Pending offers plus active calls of an advisor: what counts against their maxConcurrentCalls. */
export async function countLoadOf(db: Db, advisorId: string): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('advisor_id', '=', advisorId)
    .where('status', 'in', ['pending', 'active'])
    .executeTakeFirst();
  return num(row?.n);
}

// ---------------------------------------------------------------- routing reads

export type Candidate = {
  id: string;
  name: string;
  maxConcurrentCalls: number;
  autoAcceptCalls: boolean;
};

const loadSql = sql<number>`(select count(*) from calls l where l.advisor_id = a.id and l.status in ('pending', 'active'))`;

/**
 * Advisors who may receive offers: live, `available` (or `busy` only because of calls they took),
 * and connected (a socket seen at or after `onlineSince`). With `callId`: not offered that call yet.
 */
function routable(db: Db, onlineSince: string, callId?: string) {
  let q = db
    .selectFrom('advisors as a')
    .where('a.deleted_at', 'is', null)
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
 * entered from a booking (issue 16) goes to the booked advisor first. An advisor whose booking
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
    .orderBy(sql`case when ${sql.ref('a.id')} in (${bookedAdvisor}) then 0 else 1 end`)
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
): Promise<Pick<AdvisorsTable, 'status' | 'status_reason' | 'name'> | null> {
  const row = await db
    .selectFrom('advisors')
    .select(['status', 'status_reason', 'name'])
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

/** Working hours of every live advisor (for "next opening"). */
export async function liveAdvisorHours(
  db: Db,
): Promise<{ timezone: string; workingHours: string }[]> {
  const rows = await db
    .selectFrom('advisors')
    .select(['timezone', 'working_hours'])
    .where('deleted_at', 'is', null)
    .execute();
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

// ---------------------------------------------------------------- writes: calls

/**
 * A row of the key-value `settings` table (like the video secret's) that every call request
 * touches first: on PostgreSQL its row lock serialises admissions, so the global
 * `maxConcurrentCalls` count and the insert that follows cannot interleave (SQLite is serial anyway).
 */
const ADMISSION_ROW = 'calls_admission';

export async function lockAdmission(db: Db, now: string): Promise<void> {
  const touch = () =>
    db
      .updateTable('settings')
      .set({ updated_at: now })
      .where('section', '=', ADMISSION_ROW)
      .executeTakeFirst();
  if (affected(await touch())) return;
  await db
    .insertInto('settings')
    .values({ section: ADMISSION_ROW, value: '{}', updated_at: now, updated_by: null })
    .onConflict((oc) => oc.column('section').doNothing())
    .execute();
  await touch();
}

export async function insertCall(db: Db, row: CallsTable): Promise<void> {
  await db.insertInto('calls').values(row).execute();
}

/** Locks a queued call for routing; false when it is no longer queued. */
export async function lockQueuedCall(db: Db, callId: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ updated_at: now })
    .where('id', '=', callId)
    .where('status', '=', 'pending')
    .where('advisor_id', 'is', null)
    .executeTakeFirst();
  return affected(r);
}

/** queued → offered to `advisorId` until `expiresAt`. */
export async function assignOffer(
  db: Db,
  callId: string,
  advisorId: string,
  expiresAt: string,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ advisor_id: advisorId, offer_expires_at: expiresAt, updated_at: now })
    .where('id', '=', callId)
    .where('status', '=', 'pending')
    .where('advisor_id', 'is', null)
    .executeTakeFirst();
  return affected(r);
}

/**
 * offered → queued again (decline, timeout, withdrawal). With `expiredBy`, only when the offer's
 * deadline has passed by then, so a sweeper on another instance cannot time out a fresh offer.
 */
export async function releaseOffer(
  db: Db,
  callId: string,
  advisorId: string,
  now: string,
  expiredBy?: string,
): Promise<boolean> {
  let q = db
    .updateTable('calls')
    .set({ advisor_id: null, offer_expires_at: null, updated_at: now })
    .where('id', '=', callId)
    .where('status', '=', 'pending')
    .where('advisor_id', '=', advisorId);
  if (expiredBy !== undefined) q = q.where('offer_expires_at', '<=', expiredBy);
  return affected(await q.executeTakeFirst());
}

/**
 * pending → active for `advisorId`. `offeredTo` null lets an admin take a call whoever it is
 * offered to (or a queued one); otherwise the call must be offered to that advisor.
 */
export async function acceptCall(
  db: Db,
  p: { callId: string; advisorId: string; offeredTo: string | null; now: string },
): Promise<boolean> {
  let q = db
    .updateTable('calls')
    .set({
      status: 'active',
      advisor_id: p.advisorId,
      accepted_at: p.now,
      started_at: p.now,
      offer_expires_at: null,
      updated_at: p.now,
    })
    .where('id', '=', p.callId)
    .where('status', '=', 'pending');
  if (p.offeredTo !== null) q = q.where('advisor_id', '=', p.offeredTo);
  return affected(await q.executeTakeFirst());
}

/** pending → cancelled. The advisor it was offered to stays on the row (who was ringing). */
export async function cancelPendingCall(
  db: Db,
  callId: string,
  p: { reason: string; endedBy: EndedByValue; now: string },
): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({
      status: 'cancelled',
      reason: p.reason,
      ended_by: p.endedBy,
      ended_at: p.now,
      offer_expires_at: null,
      updated_at: p.now,
    })
    .where('id', '=', callId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return affected(r);
}

/** active → completed, with the duration computed by the caller from the (immutable) start. */
export async function completeActiveCall(
  db: Db,
  callId: string,
  p: { endedBy: EndedByValue; now: string; durationSeconds: number; reason: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({
      status: 'completed',
      ended_by: p.endedBy,
      ended_at: p.now,
      duration_seconds: p.durationSeconds,
      reason: p.reason,
      updated_at: p.now,
    })
    .where('id', '=', callId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return affected(r);
}

/** Stores the video room once (the first writer wins; a call that ended meanwhile gets none). */
export async function setRoom(
  db: Db,
  callId: string,
  room: { provider: string; name: string; url: string; expiresAt: string },
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({
      room_provider: room.provider,
      room_name: room.name,
      room_url: room.url,
      room_expires_at: room.expiresAt,
      updated_at: now,
    })
    .where('id', '=', callId)
    .where('status', '=', 'active')
    .where('room_name', 'is', null)
    .executeTakeFirst();
  return affected(r);
}

export async function setEstimatedWait(db: Db, callId: string, seconds: number): Promise<void> {
  await db
    .updateTable('calls')
    .set({ estimated_wait_seconds: seconds })
    .where('id', '=', callId)
    .execute();
}

/** Once, and only after completion. */
export async function rateCall(
  db: Db,
  callId: string,
  p: { rating: number; comment: string | null; now: string },
): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ rating: p.rating, rating_comment: p.comment, rated_at: p.now, updated_at: p.now })
    .where('id', '=', callId)
    .where('status', '=', 'completed')
    .where('rating', 'is', null)
    .executeTakeFirst();
  return affected(r);
}

// ---------------------------------------------------------------- offers

export type OfferRecord = {
  advisorId: string;
  advisorName: string;
  offeredAt: string;
  expiresAt: string;
  respondedAt: string | null;
  outcome: OfferOutcomeValue;
};

export async function insertOffer(db: Db, row: CallOffersTable): Promise<void> {
  await db.insertInto('call_offers').values(row).execute();
}

/** Closes the advisor's pending offer of the call with `outcome`; false when there was none. */
export async function resolveOffer(
  db: Db,
  callId: string,
  advisorId: string,
  outcome: Exclude<OfferOutcomeValue, 'pending'>,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('call_offers')
    .set({ outcome, responded_at: now })
    .where('call_id', '=', callId)
    .where('advisor_id', '=', advisorId)
    .where('outcome', '=', 'pending')
    .executeTakeFirst();
  return affected(r);
}

/** Withdraws every pending offer of the call except `keep`'s; returns whose offers they were. */
export async function withdrawOffers(
  db: Db,
  callId: string,
  now: string,
  keep: string | null,
): Promise<string[]> {
  let q = db
    .updateTable('call_offers')
    .set({ outcome: 'withdrawn', responded_at: now })
    .where('call_id', '=', callId)
    .where('outcome', '=', 'pending');
  if (keep !== null) q = q.where('advisor_id', '<>', keep);
  const rows = await q.returning('advisor_id').execute();
  return rows.map((r) => r.advisor_id);
}

export async function offersOfCall(db: Db, callId: string): Promise<OfferRecord[]> {
  const rows = await db
    .selectFrom('call_offers as o')
    .leftJoin('advisors as a', 'a.id', 'o.advisor_id')
    .select([
      'o.advisor_id',
      'a.name',
      'o.offered_at',
      'o.expires_at',
      'o.responded_at',
      'o.outcome',
    ])
    .where('o.call_id', '=', callId)
    .orderBy('o.offered_at')
    // Offer ids sort by creation (see the service), which orders offers made in one instant.
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    advisorId: r.advisor_id,
    advisorName: r.name ?? '',
    offeredAt: r.offered_at,
    expiresAt: r.expires_at,
    respondedAt: r.responded_at,
    outcome: r.outcome,
  }));
}

export async function wasOfferedTo(db: Db, callId: string, advisorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('call_offers')
    .select('id')
    .where('call_id', '=', callId)
    .where('advisor_id', '=', advisorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- sweeper reads

export async function expiredOffers(
  db: Db,
  now: string,
  limit: number,
): Promise<{ callId: string; advisorId: string }[]> {
  const rows = await db
    .selectFrom('calls')
    .select(['id', 'advisor_id'])
    .where('status', '=', 'pending')
    .where('advisor_id', 'is not', null)
    .where('offer_expires_at', '<=', now)
    .orderBy('offer_expires_at')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => (r.advisor_id ? [{ callId: r.id, advisorId: r.advisor_id }] : []));
}

/** Offers ringing an advisor who can no longer take them: offline, busy by hand, deleted or gone. */
export async function strandedOffers(
  db: Db,
  onlineSince: string,
  limit: number,
): Promise<{ callId: string; advisorId: string }[]> {
  const rows = await db
    .selectFrom('calls as c')
    .innerJoin('advisors as a', 'a.id', 'c.advisor_id')
    .select(['c.id', 'a.id as advisor_id'])
    .where('c.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('a.deleted_at', 'is not', null),
        eb('a.status', '=', 'offline'),
        eb.and([
          eb('a.status', '=', 'busy'),
          eb.or([
            eb('a.status_reason', 'is', null),
            eb('a.status_reason', '<>', IN_CALL_STATUS_REASON),
          ]),
        ]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('socket_connections as s')
              .select('s.socket_id')
              .whereRef('s.advisor_id', '=', 'a.id')
              .where('s.last_seen_at', '>=', onlineSince),
          ),
        ),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => ({ callId: r.id, advisorId: r.advisor_id }));
}

/** Calls not yet warned with `minutes` or fewer left. */
const notWarnedAt = (minutes: number) => (eb: ExpressionBuilder<Database, 'calls'>) =>
  eb.or([eb('end_warned_minutes', 'is', null), eb('end_warned_minutes', '>', minutes)]);

/** Active calls started at or before `startedBefore` not yet warned at `minutes` or less. */
export async function callsToWarn(
  db: Db,
  startedBefore: string,
  minutes: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('status', '=', 'active')
    .where('started_at', '<=', startedBefore)
    .where(notWarnedAt(minutes))
    .orderBy('started_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Claims the warning: true for exactly one caller (instance) per call and threshold. */
export async function claimEndWarning(db: Db, callId: string, minutes: number): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ end_warned_minutes: minutes })
    .where('id', '=', callId)
    .where('status', '=', 'active')
    .where(notWarnedAt(minutes))
    .executeTakeFirst();
  return (r.numUpdatedRows ?? 0n) > 0n;
}

export async function overlongCalls(
  db: Db,
  startedBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('status', '=', 'active')
    .where('started_at', '<=', startedBefore)
    .orderBy('started_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- notes

export async function upsertNotes(
  db: Db,
  p: { callId: string; advisorId: string; notes: string; now: string },
): Promise<void> {
  await db
    .insertInto('call_notes')
    .values({ call_id: p.callId, advisor_id: p.advisorId, notes: p.notes, updated_at: p.now })
    .onConflict((oc) =>
      oc
        .column('call_id')
        .doUpdateSet({ notes: p.notes, advisor_id: p.advisorId, updated_at: p.now }),
    )
    .execute();
}

export async function findNotes(
  db: Db,
  callId: string,
): Promise<{ notes: string; updatedAt: string } | null> {
  const row = await db
    .selectFrom('call_notes')
    .select(['notes', 'updated_at'])
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return row ? { notes: row.notes, updatedAt: row.updated_at } : null;
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

// ---------------------------------------------------------------- callbacks

export async function insertCallback(db: Db, row: CallbacksTable): Promise<void> {
  await db.insertInto('callbacks').values(row).execute();
}

const callbackColumns = [
  'id',
  'name',
  'phone',
  'preferred_time',
  'message',
  'status',
  'created_at',
  'done_at',
] as const;

export type CallbackRecord = Pick<
  CallbacksTable,
  'id' | 'name' | 'phone' | 'preferred_time' | 'message' | 'status' | 'created_at' | 'done_at'
>;

export async function listCallbacks(
  db: Db,
  status: CallbacksTable['status'] | undefined,
  limit: number,
): Promise<CallbackRecord[]> {
  let q = db.selectFrom('callbacks').select(callbackColumns);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findCallback(db: Db, id: string): Promise<CallbackRecord | null> {
  const row = await db
    .selectFrom('callbacks')
    .select(callbackColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function markCallbackDone(
  db: Db,
  id: string,
  by: string,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('callbacks')
    .set({ status: 'done', done_at: now, done_by: by })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return affected(r);
}
