/**
 * The SQL of an advisor's status: what she (or the system) sets it to, the suspension an admin
 * sets or lifts, and the end-of-call mark routing reads.
 */
import type { AdvisorStatus } from '@belleza/contract';
import type { Db } from '../../db/kysely.js';

/** Setting `available` also clears the missed-offers streak (the advisor is back by choice). */
export async function updateAdvisorStatus(
  db: Db,
  id: string,
  status: AdvisorStatus,
  reason: string | null,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('advisors')
    .set(
      status === 'available'
        ? { status, status_reason: null, missed_offers_in_row: 0, updated_at: now }
        : { status, status_reason: reason, updated_at: now },
    )
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setLastCallEndedAt(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('advisors').set({ last_call_ended_at: at }).where('id', '=', id).execute();
}

/**
 * Suspends a live advisor (offline, reason 'suspended') or lifts it (she stays offline, without
 * the reason, until she sets herself available). False when there is no such live advisor.
 */
export async function setSuspended(
  db: Db,
  id: string,
  suspended: boolean,
  reason: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('advisors')
    .set(
      suspended
        ? { suspended_at: now, status: 'offline', status_reason: reason, updated_at: now }
        : { suspended_at: null, status_reason: null, updated_at: now },
    )
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
