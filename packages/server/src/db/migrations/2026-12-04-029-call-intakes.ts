// Frozen in time: never import app code here; a later change is a new migration.
// The visitor's hair intake, sent with her request: her chemical treatments of the last 12
// months (a JSON array of names), her known allergies, and the two photos she may add while she
// waits (`call_images` rows of the call, re-encoded like the chat's; no foreign key, as for the
// chat's messages: the photo's row may be purged first). One intake per call, gone with the call.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_intakes')
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.primaryKey().references('calls.id').onDelete('cascade'),
    )
    .addColumn('chemical_history', 'varchar(200)', (c) => c.notNull())
    .addColumn('allergies', 'text', (c) => c.notNull())
    .addColumn('current_image_id', 'varchar(64)')
    .addColumn('inspiration_image_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_intakes').ifExists().execute();
}
