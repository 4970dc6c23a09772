/**
 * The SQL of recommendations and the visitor's summary (`call_summaries`, one row per call, made on
 * first need by an insert that does nothing when the row exists: the same statement on SQLite and
 * PostgreSQL), the call as the summary shows it, and the nightly purge's once-per-day claim
 * (`retention_purges`).
 */
import type { Db } from '../../db/kysely.js';
import type { CallsTable, CallSummariesTable } from '../../db/schema.js';

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
  | 'subject'
> & {
  advisor_name: string | null;
  advisor_title: string | null;
  access_key: string | null;
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
      'c.subject',
      'a.name as advisor_name',
      'a.title as advisor_title',
      's.access_key',
      's.recommendations',
      's.items',
      's.updated_at',
    ])
    .where('c.id', '=', callId)
    .executeTakeFirst();
  return row ?? null;
}

/** The call's summary row with `accessKey` unless it has one already (its key is kept). */
export async function insertSummaryIfAbsent(
  db: Db,
  callId: string,
  accessKey: string,
): Promise<void> {
  await db
    .insertInto('call_summaries')
    .values({
      call_id: callId,
      access_key: accessKey,
      recommendations: '',
      items: '[]',
      updated_at: null,
      updated_by: null,
      emailed_at: null,
    })
    .onConflict((oc) => oc.column('call_id').doNothing())
    .execute();
}

export async function findAccessKey(db: Db, callId: string): Promise<string | null> {
  const row = await db
    .selectFrom('call_summaries')
    .select('access_key')
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return row?.access_key ?? null;
}

/** Writes the recommendations, making the row (with `accessKey`) when the call has none yet. */
export async function upsertRecommendations(
  db: Db,
  row: Pick<
    CallSummariesTable,
    'call_id' | 'access_key' | 'recommendations' | 'items' | 'updated_at' | 'updated_by'
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
