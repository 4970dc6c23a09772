// Frozen in time: never import app code here; a later change is a new migration.
// Visitors' e-mail addresses, for "one e-mail until its owner confirms it": a row per address,
// keyed by the SHA-256 of the address (trimmed, lower-cased), never the address itself; when it
// got its first e-mail, the SHA-256 of the confirmation token that e-mail carried (cleared once
// used) and when its owner confirmed it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_confirmations')
    .addColumn('email_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('first_mailed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('confirmed_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_confirmations').execute();
}
