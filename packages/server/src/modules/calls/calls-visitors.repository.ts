/**
 * Where each watched call's visitor is: her page's socket rows (`visitor_connections`, written by
 * the presence service) read against the call. A visitor is there while one of her call's rows is
 * open and was seen within the presence grace (an instance that died stops refreshing its rows).
 * Calls whose visitor never joined over a socket (`client_connected_at` null) are not watched.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';

type CallsEb = ExpressionBuilder<Database, 'calls'>;

/** The call's rows: one per socket her page joined it with. */
const rowsOfCall = (eb: CallsEb) =>
  eb
    .selectFrom('visitor_connections as v')
    .select('v.socket_id')
    .whereRef('v.call_id', '=', 'calls.id');

/** An open row of the call seen since `liveSince`: her page has a live connection. */
const liveConnection = (eb: CallsEb, liveSince: string) =>
  eb.exists(
    rowsOfCall(eb).where('v.disconnected_at', 'is', null).where('v.last_seen_at', '>=', liveSince),
  );

/** Her page joined over its socket: from now on the call is watched. */
export async function markVisitorConnected(db: Db, callId: string, now: string): Promise<void> {
  await db
    .updateTable('calls')
    .set({ client_connected_at: now })
    .where('id', '=', callId)
    .where('client_connected_at', 'is', null)
    .execute();
}

/** Where a call's visitor is: here (a live connection), away (none), null when never watched. */
export async function visitorPresenceOf(
  db: Db,
  callId: string,
  liveSince: string,
): Promise<'here' | 'away' | null> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => ['client_connected_at', liveConnection(eb, liveSince).as('live')])
    .where('id', '=', callId)
    .executeTakeFirst();
  if (!row?.client_connected_at) return null;
  return row.live ? 'here' : 'away';
}

/** Since when an active call's visitor has been away, as announced (null: she is not, or not yet). */
export async function visitorAbsentSince(db: Db, callId: string): Promise<string | null> {
  const row = await db
    .selectFrom('calls')
    .select('client_absent_since')
    .where('id', '=', callId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.client_absent_since ?? null;
}

/** A watched call whose visitor has no live connection now (nobody is rung for her meanwhile). */
export async function isVisitorAway(db: Db, callId: string, liveSince: string): Promise<boolean> {
  const row = await db
    .selectFrom('calls')
    .select('id')
    .where('id', '=', callId)
    .where('client_connected_at', 'is not', null)
    .where((eb) => eb.not(liveConnection(eb, liveSince)))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Waiting calls (ringing or queued) whose visitor has been away since before `goneBefore`: no live
 * connection, and none closed since then.
 */
export async function goneWaitingCalls(
  db: Db,
  p: { liveSince: string; goneBefore: string },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('status', '=', 'pending')
    .where('client_connected_at', '<', p.goneBefore)
    .where((eb) => eb.not(liveConnection(eb, p.liveSince)))
    .where((eb) => eb.not(eb.exists(rowsOfCall(eb).where('v.disconnected_at', '>=', p.goneBefore))))
    .orderBy('requested_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Active watched calls whose visitor has no live connection and whose absence is not yet known. */
export async function newlyAbsentCalls(
  db: Db,
  liveSince: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('status', '=', 'active')
    .where('client_connected_at', 'is not', null)
    .where('client_absent_since', 'is', null)
    .where((eb) => eb.not(liveConnection(eb, liveSince)))
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Records since when an active call's visitor is away; false when someone else already did. */
export async function claimAbsence(db: Db, callId: string, since: string): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ client_absent_since: since })
    .where('id', '=', callId)
    .where('status', '=', 'active')
    .where('client_absent_since', 'is', null)
    .executeTakeFirst();
  return (r.numUpdatedRows ?? 0n) > 0n;
}

/** She is back: the absence ends; false when none was recorded. */
export async function clearAbsence(db: Db, callId: string): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ client_absent_since: null })
    .where('id', '=', callId)
    .where('client_absent_since', 'is not', null)
    .executeTakeFirst();
  return (r.numUpdatedRows ?? 0n) > 0n;
}

/** When her page was last there: the latest moment one of its connections was seen or closed. */
export async function visitorLastSeen(db: Db, callId: string): Promise<string | null> {
  const row = await db
    .selectFrom('visitor_connections')
    .select((eb) => eb.fn.max('last_seen_at').as('seen'))
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return row?.seen ?? null;
}

/** Active calls whose visitor has been away since before `absentBefore`. */
export async function abandonedCalls(
  db: Db,
  absentBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('status', '=', 'active')
    .where('client_absent_since', '<', absentBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
