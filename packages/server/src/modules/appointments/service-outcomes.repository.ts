/**
 * The SQL of a service booking's outcome: one conditional update, written only while the booking
 * is still as the caller read it (same status, same recorded instant), so two people recording at
 * once cannot both win and a correction never overwrites one it did not see.
 */
import type { Db } from '../../db/kysely.js';
import type { AppointmentsTable } from '../../db/schema.js';

export type OutcomeChange = {
  status: 'attended' | 'no_show' | 'cancelled';
  priceCents: number | null;
  cancelledBy: 'advisor' | 'admin' | null;
  by: string;
  at: string;
};

/** Records the outcome if the booking is still at `seen`; false when it changed meanwhile. */
export async function recordOutcome(
  db: Db,
  id: string,
  seen: Pick<AppointmentsTable, 'status' | 'outcome_at'>,
  change: OutcomeChange,
): Promise<boolean> {
  let q = db
    .updateTable('appointments')
    .set({
      status: change.status,
      outcome_price_cents: change.priceCents,
      outcome_at: change.at,
      outcome_by: change.by,
      cancelled_by: change.cancelledBy,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .where('kind', '=', 'service')
    .where('status', '=', seen.status);
  q =
    seen.outcome_at === null
      ? q.where('outcome_at', 'is', null)
      : q.where('outcome_at', '=', seen.outcome_at);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
