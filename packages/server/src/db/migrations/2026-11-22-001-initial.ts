// Frozen in time: never import app code here; a later change is a new migration.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('advisors')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('offline'))
    .addColumn('status_reason', 'varchar(64)')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('America/Lima'))
    .addColumn('expertise', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('auto_accept_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_concurrent_calls', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('working_hours', 'text', (c) => c.notNull())
    .addColumn('missed_offers_in_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_call_ended_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  // Emails are unique among advisors that still exist (case-insensitive: stored lower-cased).
  await db.schema
    .createIndex('advisors_email_live_uq')
    .on('advisors')
    .column('email')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('advisor_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('advisor_id', 'varchar(64)', (c) =>
      c.notNull().references('advisors.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('advisor_sessions_advisor_idx')
    .on('advisor_sessions')
    .column('advisor_id')
    .execute();

  await db.schema
    .createTable('socket_connections')
    .addColumn('socket_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('advisor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('connected_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('socket_connections_advisor_idx')
    .on('socket_connections')
    .columns(['advisor_id', 'last_seen_at'])
    .execute();

  await db.schema
    .createTable('calls')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('advisor_id', 'varchar(64)')
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('client_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_phone_normalized', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(40)', (c) => c.notNull().defaultTo('website'))
    .addColumn('language', 'varchar(4)', (c) => c.notNull().defaultTo('es'))
    .addColumn('consent_at', 'varchar(32)')
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('offer_expires_at', 'varchar(32)')
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('started_at', 'varchar(32)')
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('duration_seconds', 'integer')
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'text')
    .addColumn('rated_at', 'varchar(32)')
    .addColumn('reason', 'text')
    .addColumn('ended_by', 'varchar(16)')
    .addColumn('room_provider', 'varchar(16)')
    .addColumn('room_name', 'varchar(128)')
    .addColumn('room_url', 'text')
    .addColumn('room_expires_at', 'varchar(32)')
    .addColumn('estimated_wait_seconds', 'integer')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calls_status_requested_idx')
    .on('calls')
    .columns(['status', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('calls_advisor_status_idx')
    .on('calls')
    .columns(['advisor_id', 'status'])
    .execute();
  await db.schema.createIndex('calls_requested_idx').on('calls').column('requested_at').execute();
  await db.schema
    .createIndex('calls_offer_expires_idx')
    .on('calls')
    .columns(['status', 'offer_expires_at'])
    .execute();

  await db.schema
    .createTable('call_offers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.notNull().references('calls.id').onDelete('cascade'),
    )
    .addColumn('advisor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('offered_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('responded_at', 'varchar(32)')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('call_offers_call_idx').on('call_offers').column('call_id').execute();
  await db.schema
    .createIndex('call_offers_advisor_idx')
    .on('call_offers')
    .columns(['advisor_id', 'outcome'])
    .execute();

  await db.schema
    .createTable('call_notes')
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.primaryKey().references('calls.id').onDelete('cascade'),
    )
    .addColumn('advisor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('section', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('actor_id', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(128)')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('callbacks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('preferred_time', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('consent_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(32)')
    .addColumn('done_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('callbacks_status_created_idx')
    .on('callbacks')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'callbacks',
    'audit_log',
    'settings',
    'call_notes',
    'call_offers',
    'calls',
    'socket_connections',
    'advisor_sessions',
    'advisors',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
