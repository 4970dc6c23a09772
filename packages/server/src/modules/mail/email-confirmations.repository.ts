/**
 * The SQL of "one e-mail until its owner confirms the address" (docs/product.md#e-mail): a row per
 * address, keyed by its hash, made when its first e-mail is claimed.
 */
import type { Db } from '../../db/kysely.js';
import type { EmailConfirmationsTable } from '../../db/schema.js';

/** Whether the address was confirmed, mailed once and not confirmed ('held'), or never mailed. */
export async function emailState(db: Db, emailHash: string): Promise<'confirmed' | 'held' | null> {
  const row = await db
    .selectFrom('email_confirmations')
    .select('confirmed_at')
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  if (!row) return null;
  return row.confirmed_at === null ? 'held' : 'confirmed';
}

/**
 * Claims the address's first e-mail: its row, unless it has one. True when this call made it (two
 * claims at once, on any instance: one wins).
 */
export async function claimFirstEmail(db: Db, row: EmailConfirmationsTable): Promise<boolean> {
  const res = await db
    .insertInto('email_confirmations')
    .values(row)
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives back a claimed first e-mail that was not sent: its row goes while still unconfirmed. */
export async function releaseFirstEmail(
  db: Db,
  emailHash: string,
  tokenHash: string,
): Promise<void> {
  await db
    .deleteFrom('email_confirmations')
    .where('email_hash', '=', emailHash)
    .where('token_hash', '=', tokenHash)
    .where('confirmed_at', 'is', null)
    .execute();
}

/**
 * Confirms the address whose unused token has this hash, and forgets the token. One conditional
 * statement: a token works once, even used twice at the same moment. False when none matched.
 */
export async function confirmByToken(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('email_confirmations')
    .set({ confirmed_at: now, token_hash: null })
    .where('token_hash', '=', tokenHash)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
