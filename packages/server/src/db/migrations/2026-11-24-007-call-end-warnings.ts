// Frozen in time: never import app code here; a later change is a new migration.
// The warnings before a call reaches maxCallDuration (5 and 1 minutes left): the smallest one
// already sent, so each goes out once whichever instance's sweeper finds it first.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('end_warned_minutes', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('end_warned_minutes').execute();
}
