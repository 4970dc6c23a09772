/**
 * The SQL of recommendations and the visitor's summary (`call_summaries`, one row per call, made on
 * first need by an insert that does nothing when the row exists: the same statement on SQLite and
 * PostgreSQL), the hashes of the keys that open it (`summary_keys`, deleted with it), the call as
 * the summary shows it, and the nightly purge's once-per-day claim (`retention_purges`).
 */
import type { Db } from '../../db/kysely.js';
import type { CallsTable, CallSummariesTable, SummaryKeysTable } from '../../db/schema.js';

/** A call with what its recommendations and summary need (summary columns null while no row). */
export type SummaryCallRow = Pick<
  CallsTable,
  | 'id'
  | 'status'
  | 'advisor_id'
  | 'accepted_at'
  | 'started_at'
  | 'ended_at'
  | 'duration_seconds'
  | 'client_name'
  | 'client_phone'
  | 'client_email'
  | 'language'
  | 'subject'
> & {
  advisor_name: string | null;
  advisor_title: string | null;
  recommendations: string | null;
  items: string | null;
  updated_at: string | null;
};

export async function findSummaryCall(db: Db, callId: string): Promise<SummaryCallRow | null> {
  const row = await db
    .selectFrom('calls as c')
    .leftJoin('advisors as a', 'a.id', 'c.advisor_id')
    .leftJoin('call_summaries as s', 's.call_id', 'c.id')
    .select([
      'c.id',
      'c.status',
      'c.advisor_id',
      'c.accepted_at',
      'c.started_at',
      'c.ended_at',
      'c.duration_seconds',
      'c.client_name',
      'c.client_phone',
      'c.client_email',
      'c.language',
      'c.subject',
      'a.name as advisor_name',
      'a.title as advisor_title',
      's.recommendations',
      's.items',
      's.updated_at',
    ])
    .where('c.id', '=', callId)
    .executeTakeFirst();
  return row ?? null;
}

/** The call's summary row, unless it has one already. */
export async function insertSummaryIfAbsent(db: Db, callId: string): Promise<void> {
  await db
    .insertInto('call_summaries')
    .values({
      call_id: callId,
      recommendations: '',
      items: '[]',
      updated_at: null,
      updated_by: null,
      emailed_at: null,
    })
    .onConflict((oc) => oc.column('call_id').doNothing())
    .execute();
}

/** Keeps the hash of a key that opens the call's summary (its row must exist); once per hash. */
export async function insertSummaryKey(db: Db, row: SummaryKeysTable): Promise<void> {
  await db
    .insertInto('summary_keys')
    .values(row)
    .onConflict((oc) => oc.column('key_hash').doNothing())
    .execute();
}

/** Whether `keyHash` is the hash of one of the keys of the call's summary. */
export async function hasSummaryKey(db: Db, callId: string, keyHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('summary_keys')
    .select('call_id')
    .where('key_hash', '=', keyHash)
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the recommendations, making the row when the call has none yet. */
export async function upsertRecommendations(
  db: Db,
  row: Pick<
    CallSummariesTable,
    'call_id' | 'recommendations' | 'items' | 'updated_at' | 'updated_by'
  >,
): Promise<void> {
  await db
    .insertInto('call_summaries')
    .values({ ...row, emailed_at: null })
    .onConflict((oc) =>
      oc.column('call_id').doUpdateSet({
        recommendations: row.recommendations,
        items: row.items,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}

/**
 * The first instant the call was given a plan, kept on the call itself: the summary is purged
 * after the retention days, the reports' funnel still counts the plan.
 */
export async function markPlanGiven(db: Db, callId: string, at: string): Promise<void> {
  await db
    .updateTable('calls')
    .set({ plan_at: at })
    .where('id', '=', callId)
    .where('plan_at', 'is', null)
    .execute();
}

/** Takes the visitor's e-mail for this instance: true for exactly one caller, ever. */
export async function claimSummaryMail(db: Db, callId: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('call_summaries')
    .set({ emailed_at: now })
    .where('call_id', '=', callId)
    .where('emailed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The summary rows of up to `limit` calls that ended before `cutoff`, deleted; how many. */
export async function purgeSummariesOfCallsEndedBefore(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<number> {
  const r = await db
    .deleteFrom('call_summaries')
    .where('call_id', 'in', (eb) =>
      eb
        .selectFrom('call_summaries as s')
        .innerJoin('calls as c', 'c.id', 's.call_id')
        .select('s.call_id')
        .where('c.ended_at', '<', cutoff)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Takes the purge of a Lima day for this instance: the first claim inserts the row, any other
 * finds it there. A claimer that dies leaves the day undone; the next night's cutoff covers it.
 */
export async function claimPurgeDay(
  db: Db,
  claim: { day: string; instanceId: string; now: string },
): Promise<boolean> {
  const r = await db
    .insertInto('retention_purges')
    .values({
      day: claim.day,
      claimed_at: claim.now,
      claimed_by: claim.instanceId,
      finished_at: null,
      purged: null,
    })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function markPurgeDone(
  db: Db,
  day: string,
  done: { now: string; purged: number },
): Promise<void> {
  await db
    .updateTable('retention_purges')
    .set({ finished_at: done.now, purged: done.purged })
    .where('day', '=', day)
    .execute();
}
