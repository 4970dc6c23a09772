/**
 * The SQL of a call's row: reading it, and every change of its state. The module's other
 * repositories hold its offers, routing reads, lists and aggregates, the sweeper's reads and notes. Every state change is ONE conditional UPDATE returning whether it
 * applied (affected rows), so concurrent requests and several instances apply a transition once.
 * Functions take an executor: the database or the caller's transaction. Rows come back normalised.
 *
 * Lock order (PostgreSQL row locks): a transaction touches its call row first, then advisor rows,
 * never the other way round, so accept/end/decline/routing cannot deadlock each other.
 */
import type { ClientInfo } from '@belleza/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { affected, lockSettingsRow, num, numOrNull } from '../../db/rows.js';
import type { CallOffersTable, CallsTable } from '../../db/schema.js';

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

export const callColumns = [
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
export const queuePositionSql = sql<
  number | string | null
>`case when c.status = 'pending' and c.advisor_id is null then (
  select count(*) from calls q
  where q.status = 'pending' and q.advisor_id is null
    and (q.requested_at < c.requested_at or (q.requested_at = c.requested_at and q.id <= c.id))
) end`;

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

export function toRecord(r: SelectedCall): CallRecord {
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
export const advisorColumns = [
  'a.name as advisor_name',
  'a.email as advisor_email',
  'a.title as advisor_title',
] as const;

export function selectCalls(db: Db) {
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

/**
 * Calls still waiting for a stylist (pending, rung or queued) asked for from this client address
 * (its hash) and with these phone digits: what the caps on unanswered requests count.
 */
export async function countUnansweredBy(
  db: Db,
  who: { addressHash: string | null; phoneDigits: string },
): Promise<{ address: number; phone: number }> {
  const pending = db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending');
  const byAddress = who.addressHash
    ? await pending.where('client_address_hash', '=', who.addressHash).executeTakeFirst()
    : undefined;
  const byPhone = who.phoneDigits
    ? await pending.where('client_phone_normalized', '=', who.phoneDigits).executeTakeFirst()
    : undefined;
  return { address: num(byAddress?.n), phone: num(byPhone?.n) };
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
// ---------------------------------------------------------------- writes: calls

/**
 * A row of the key-value `settings` table (like the video secret's) that every call request
 * touches first: on PostgreSQL its row lock serialises admissions, so the global
 * `maxConcurrentCalls` count and the insert that follows cannot interleave (SQLite is serial anyway).
 */
const ADMISSION_ROW = 'calls_admission';

export const lockAdmission = (db: Db, now: string): Promise<void> =>
  lockSettingsRow(db, ADMISSION_ROW, now);

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
