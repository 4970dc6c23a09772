/**
 * What the sweeper looks for: offers past their deadline, offers ringing someone who can no longer
 * answer, and active calls near or past the maximum duration.
 */
import { IN_CALL_STATUS_REASON } from '@belleza/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';

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
