/**
 * Returning clients' links (docs/product.md#returning-clients): a keyed hash of her phone, her last
 * completed call and its stylist, and the request now under way. Never the phone itself.
 */
import type { Db } from '../../db/kysely.js';
import { num } from '../../db/rows.js';
import type { ReturningClientsTable } from '../../db/returning-clients.table.js';

/** The settings row that keeps the generated key of the phone hashes (when not configured). */
export const CLIENT_HASH_SECRET_SECTION = 'client_hash_secret';

export type ReturningLink = Pick<
  ReturningClientsTable,
  'token_hash' | 'last_call_id' | 'advisor_id'
>;

export async function findReturningLink(db: Db, phoneHash: string): Promise<ReturningLink | null> {
  const row = await db
    .selectFrom('returning_clients')
    .select(['token_hash', 'last_call_id', 'advisor_id'])
    .where('phone_hash', '=', phoneHash)
    .executeTakeFirst();
  return row ?? null;
}

/** A consenting request: it becomes the link's current call (what it knew of her stays). */
export async function linkRequest(
  db: Db,
  p: {
    phoneHash: string;
    callId: string;
    pendingTokenHash: string;
    confirmed: boolean;
    now: string;
  },
): Promise<void> {
  const current = {
    pending_token_hash: p.pendingTokenHash,
    current_call_id: p.callId,
    current_confirmed: p.confirmed ? 1 : 0,
    consented_at: p.now,
    updated_at: p.now,
  };
  await db
    .insertInto('returning_clients')
    .values({
      phone_hash: p.phoneHash,
      token_hash: null,
      last_call_id: null,
      advisor_id: null,
      last_visit_at: null,
      ...current,
    })
    .onConflict((oc) => oc.column('phone_hash').doUpdateSet(current))
    .execute();
}

/** A request without her consent forgets her. */
export async function forgetReturningClient(db: Db, phoneHash: string): Promise<void> {
  await db.deleteFrom('returning_clients').where('phone_hash', '=', phoneHash).execute();
}

/**
 * The link's current call completed with `advisorId`: it is her last consultation now, and the
 * browser that made it is the one her stylist's name may be shown to.
 */
export async function recordVisit(
  db: Db,
  callId: string,
  advisorId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('returning_clients')
    .set((eb) => ({
      last_call_id: callId,
      advisor_id: advisorId,
      last_visit_at: now,
      token_hash: eb.ref('pending_token_hash'),
      pending_token_hash: null,
      current_call_id: null,
      current_confirmed: 0,
      updated_at: now,
    }))
    .where('current_call_id', '=', callId)
    .execute();
}

export type ReturningRow = {
  confirmed: boolean;
  lastCallId: string;
  endedAt: string;
  advisorId: string | null;
  advisorName: string | null;
  recommendations: string | null;
  items: string | null;
  notes: string | null;
  notesAdvisorId: string | null;
};

/** What is known of the visitor of `callId` when she is a returning client; null otherwise. */
export async function findReturningOfCall(db: Db, callId: string): Promise<ReturningRow | null> {
  const row = await db
    .selectFrom('returning_clients as rc')
    .innerJoin('calls as lc', 'lc.id', 'rc.last_call_id')
    .leftJoin('advisors as la', 'la.id', 'rc.advisor_id')
    .leftJoin('call_summaries as ls', 'ls.call_id', 'lc.id')
    .leftJoin('call_notes as ln', 'ln.call_id', 'lc.id')
    .select([
      'rc.current_confirmed',
      'lc.id as last_call_id',
      'lc.ended_at',
      'rc.last_visit_at',
      'rc.advisor_id',
      'la.name as advisor_name',
      'ls.recommendations',
      'ls.items',
      'ln.notes',
      'ln.advisor_id as notes_advisor_id',
    ])
    .where('rc.current_call_id', '=', callId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    confirmed: num(row.current_confirmed) === 1,
    lastCallId: row.last_call_id,
    endedAt: row.ended_at ?? row.last_visit_at ?? '',
    advisorId: row.advisor_id,
    advisorName: row.advisor_name,
    recommendations: row.recommendations,
    items: row.items,
    notes: row.notes,
    notesAdvisorId: row.notes_advisor_id,
  };
}

/** Retention: links nobody used (no request, no visit) since `cutoff`. */
export async function purgeReturningClientsBefore(db: Db, cutoff: string): Promise<number> {
  const res = await db
    .deleteFrom('returning_clients')
    .where('updated_at', '<', cutoff)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
