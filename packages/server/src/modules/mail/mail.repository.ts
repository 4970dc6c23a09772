/**
 * The SQL of the mail module: the daily summary's figures and its once-per-day claim.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';

/** One call of the summarised day, as the summary needs it. */
export type SummaryCallRow = {
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  reason: string | null;
  requestedAt: string;
  acceptedAt: string | null;
  durationSeconds: number | null;
  rating: number | null;
  advisorName: string | null;
};

/** Calls requested in [start, end) (ISO instants), oldest first. */
export async function callsRequestedBetween(
  db: Db,
  start: string,
  end: string,
): Promise<SummaryCallRow[]> {
  const rows = await db
    .selectFrom('calls')
    .leftJoin('advisors', 'advisors.id', 'calls.advisor_id')
    .select([
      'calls.status',
      'calls.reason',
      'calls.requested_at',
      'calls.accepted_at',
      'calls.duration_seconds',
      'calls.rating',
      'advisors.name',
    ])
    .where('calls.requested_at', '>=', start)
    .where('calls.requested_at', '<', end)
    .orderBy('calls.requested_at')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    reason: r.reason,
    requestedAt: r.requested_at,
    acceptedAt: r.accepted_at,
    durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
    rating: r.rating === null ? null : Number(r.rating),
    advisorName: r.name,
  }));
}

/** Callback requests left in [start, end), and those still open now (whenever left). */
export async function callbackCounts(
  db: Db,
  start: string,
  end: string,
): Promise<{ created: number; open: number }> {
  const row = await db
    .selectFrom('callbacks')
    .select([
      sql<number>`sum(case when created_at >= ${start} and created_at < ${end} then 1 else 0 end)`.as(
        'created',
      ),
      sql<number>`sum(case when status = 'open' then 1 else 0 end)`.as('open'),
    ])
    .executeTakeFirst();
  return { created: Number(row?.created ?? 0), open: Number(row?.open ?? 0) };
}

/**
 * Takes the day's summary for this instance: the first claim inserts the row; a later one retakes
 * it only when it was not sent, the last claim is older than `retakeBefore` (the claimer failed or
 * died) and fewer than `maxAttempts` were made. True when this instance should send.
 */
export async function claimDailySummary(
  db: Db,
  claim: {
    day: string;
    instanceId: string;
    now: string;
    retakeBefore: string;
    maxAttempts: number;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('daily_summary_mails')
    .values({
      day: claim.day,
      claimed_at: claim.now,
      claimed_by: claim.instanceId,
      attempts: 1,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const retaken = await db
    .updateTable('daily_summary_mails')
    .set({ claimed_at: claim.now, claimed_by: claim.instanceId, attempts: sql`attempts + 1` })
    .where('day', '=', claim.day)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<', claim.retakeBefore)
    .where('attempts', '<', claim.maxAttempts)
    .executeTakeFirst();
  return Number(retaken.numUpdatedRows) === 1;
}

export async function markDailySummarySent(db: Db, day: string, now: string): Promise<void> {
  await db
    .updateTable('daily_summary_mails')
    .set({ sent_at: now })
    .where('day', '=', day)
    .execute();
}

/** When the salon began: its first advisor's creation (null before anyone exists). */
export async function installedAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('advisors')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .executeTakeFirst();
  return row?.first ?? null;
}

/** Whether the day's summary is settled: sent, or given up after `maxAttempts`. */
export async function dailySummarySettled(
  db: Db,
  day: string,
  maxAttempts: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('daily_summary_mails')
    .select(['sent_at', 'attempts'])
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined && (row.sent_at !== null || Number(row.attempts) >= maxAttempts);
}
