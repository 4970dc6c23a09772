/**
 * Offers: one row each time a call rings an advisor, closed with its outcome (accepted, declined,
 * timeout, withdrawn). The call's timeline is read from here.
 */
import type { Db } from '../../db/kysely.js';
import { affected } from '../../db/rows.js';
import type { CallOffersTable } from '../../db/schema.js';
import type { OfferOutcomeValue } from './calls.repository.js';

export type OfferRecord = {
  advisorId: string;
  advisorName: string;
  offeredAt: string;
  expiresAt: string;
  respondedAt: string | null;
  outcome: OfferOutcomeValue;
};

/** Whether the call has rung anyone yet (any offer, whatever its outcome). */
export async function hasOffers(db: Db, callId: string): Promise<boolean> {
  const row = await db
    .selectFrom('call_offers')
    .select('id')
    .where('call_id', '=', callId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

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
