// Frozen in time: never import app code here; a later change is a new migration.
// Snapshot with consent: a photo of the chat is either one sent from a device (`photo`) or a still
// the advisor took of the visitor's video (`snapshot`), which the visitor may delete. Every stored
// photo so far was sent from a device.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('call_images')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('photo'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_images').dropColumn('kind').execute();
}
