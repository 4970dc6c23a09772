// Frozen in time: never import app code here; a later change is a new migration.
// Recommendations and the visitor's summary: one row per call with the advisor's recommendations
// (free text, items as a JSON array) and the key that opens the visitor's summary (random, stored
// in clear: see decisions.md), and when her e-mail with the link was claimed. The nightly purge
// claims its Lima day in `retention_purges`, so one instance runs it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_summaries')
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.primaryKey().references('calls.id').onDelete('cascade'),
    )
    .addColumn('access_key', 'text', (c) => c.notNull().unique())
    .addColumn('recommendations', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'varchar(32)')
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('emailed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createTable('retention_purges')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('claimed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('purged', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retention_purges').ifExists().execute();
  await db.schema.dropTable('call_summaries').ifExists().execute();
}
