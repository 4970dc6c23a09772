/** The advisor's private notes on a call (one row per call). */
import type { Db } from '../../db/kysely.js';

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
