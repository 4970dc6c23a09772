// Frozen in time: never import app code here; a later change is a new migration.
// Who asked, for the caps on what is left open: a hash of the visitor's client address on calls
// and appointments, and the digits of the appointment's phone (calls have theirs already). Rows
// from before have none and count for no address.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('client_address_hash', 'varchar(64)').execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('client_address_hash', 'varchar(64)')
    .execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('client_phone_digits', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('calls_open_by_address')
    .on('calls')
    .columns(['client_address_hash', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('calls_open_by_address').execute();
  await db.schema.alterTable('appointments').dropColumn('client_phone_digits').execute();
  await db.schema.alterTable('appointments').dropColumn('client_address_hash').execute();
  await db.schema.alterTable('calls').dropColumn('client_address_hash').execute();
}
