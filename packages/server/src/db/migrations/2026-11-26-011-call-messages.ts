// Frozen in time: never import app code here; a later change is a new migration.
// Chat in the call: plain-text messages between the visitor, the call's advisor and admins. The
// sender makes each message's id (a UUID), unique within its call, so a resend after a lost
// acknowledgement is the same row (`ON CONFLICT (call_id, id) DO NOTHING`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_messages')
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.notNull().references('calls.id').onDelete('cascade'),
    )
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sender_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sender_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('call_messages_pk', ['call_id', 'id'])
    .execute();
  await db.schema
    .createIndex('call_messages_call_created_idx')
    .on('call_messages')
    .columns(['call_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_messages').ifExists().execute();
}
