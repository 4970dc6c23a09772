// Frozen in time: never import app code here; a later change is a new migration.
// GET /api/audit?action=… (the settings page asks for `settings.update` only): equality on action,
// then newest first with the id tie-break, so the filtered page is one backward index range read
// with no sort, however many entries of other actions the trail holds.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_log_action_created_idx')
    .on('audit_log')
    .columns(['action', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_action_created_idx').ifExists().execute();
}
