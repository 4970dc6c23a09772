// Frozen in time: never import app code here; a later change is a new migration.
// Outgoing webhooks (docs/architecture.md#webhooks): the admin's endpoints, the events the app
// records in the same transaction as the change they describe (one per change: `dedupe_key` is
// unique), and the outbox of deliveries, one per event and endpoint, that the worker sends in order
// per endpoint (`created_at`, then the event's id) under a lease (`lease_owner`, `lease_until`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    /** JSON array of event types */
    .addColumn('events', 'varchar(400)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    /** the signing secret itself: the server must sign with it (shown once to the admin) */
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    /** `<type>:<subject id>`: the same change never makes a second event */
    .addColumn('dedupe_key', 'varchar(120)', (c) => c.notNull().unique())
    /** the JSON body sent, byte for byte on every attempt */
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(64)', (c) =>
      c.notNull().references('webhook_events.id').onDelete('cascade'),
    )
    .addColumn('endpoint_id', 'varchar(64)', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    /** pending | delivered | failed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('lease_owner', 'varchar(120)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(40)')
    .addColumn('last_attempt_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    /** the event's instant: the order of the endpoint's deliveries */
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
    .execute();
  // The worker's question: each endpoint's oldest delivery not yet delivered.
  await db.schema
    .createIndex('webhook_deliveries_endpoint_order')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'created_at', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_created')
    .on('webhook_deliveries')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_events').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
