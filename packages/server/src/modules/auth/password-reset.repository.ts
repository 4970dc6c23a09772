/** The SQL of "¿Olvidaste tu contraseña?" links: kept as the hash of their token, used once. */
import type { Db } from '../../db/kysely.js';
import type { PasswordResetsTable } from '../../db/schema.js';

export async function insertPasswordReset(db: Db, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Marks the link with this token hash used, if it is unused and not expired at `now`, and answers
 * its advisor; null otherwise. One conditional statement: two uses at once, one wins.
 */
export async function claimPasswordReset(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'advisor_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const res = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.advisor_id : null;
}

/** Any earlier unused link of the advisor stops working (the newest one is the one she reads). */
export async function retirePasswordResets(db: Db, advisorId: string, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('advisor_id', '=', advisorId)
    .where('used_at', 'is', null)
    .execute();
}
