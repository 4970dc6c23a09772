// Frozen in time: never import app code here; a later change is a new migration.
// The admin report's rollups: the figures of each finished stretch of history (a Lima month, this
// month before today, the returning-clients count of the window before today) as the reports
// module computed them, with the fingerprint of the rows they came from. Any instance writes
// them; a process that starts answers its first report from them once their fingerprints still
// hold, instead of reading months of calls again. Only a cache: dropping every row is safe.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_rollups')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('figures', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_rollups').ifExists().execute();
}
