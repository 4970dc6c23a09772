// Frozen in time: never import app code here; a later change is a new migration.
// Visitors' live connections, so nobody waits for a visitor who has gone: a row per visitor socket
// joined to its call (kept fresh by its instance, marked when it closes), and on the call when its
// visitor first connected (calls whose visitor never connected a socket are not watched) and since
// when an active call's visitor has been away (announced once, cleared when she is back).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitor_connections')
    .addColumn('socket_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('call_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('disconnected_at', 'varchar(32)')
    .addPrimaryKeyConstraint('visitor_connections_pk', ['socket_id', 'call_id'])
    .execute();
  await db.schema
    .createIndex('visitor_connections_call_idx')
    .on('visitor_connections')
    .column('call_id')
    .execute();
  await db.schema.alterTable('calls').addColumn('client_connected_at', 'varchar(32)').execute();
  await db.schema.alterTable('calls').addColumn('client_absent_since', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('client_absent_since').execute();
  await db.schema.alterTable('calls').dropColumn('client_connected_at').execute();
  await db.schema.dropTable('visitor_connections').execute();
}
