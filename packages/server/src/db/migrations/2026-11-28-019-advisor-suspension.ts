// Frozen in time: never import app code here; a later change is a new migration.
// An admin may suspend an advisor: from then until it is lifted she cannot be available.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('advisors').addColumn('suspended_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('advisors').dropColumn('suspended_at').execute();
}
