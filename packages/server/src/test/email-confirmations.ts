/**
 * Visitors' addresses whose owner already confirmed them (docs/product.md#e-mail), for suites about
 * what an e-mail says rather than whether it may be sent: written straight into the table, as the
 * mail module keeps it.
 */
import type { Db } from '../db/kysely.js';
import { emailHash } from '../modules/mail/email-confirmations.js';

export async function confirmedEmail(db: Db, email: string, at = new Date()): Promise<void> {
  await db
    .insertInto('email_confirmations')
    .values({
      email_hash: emailHash(email),
      first_mailed_at: at.toISOString(),
      token_hash: null,
      confirmed_at: at.toISOString(),
    })
    .execute();
}
