// Frozen in time: never import app code here; a later change is a new migration.
// The admin's daily summary e-mail: one row per America/Lima day, claimed by the instance that
// sends it (insert-if-absent, or a conditional retake of a stale failed claim), so several
// instances send it once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_summary_mails')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('claimed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_summary_mails').execute();
}
