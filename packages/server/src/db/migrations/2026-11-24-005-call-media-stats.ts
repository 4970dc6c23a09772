// Frozen in time: never import app code here; a later change is a new migration.
// The connection figures of each call: one row per participant, upserted from the `rtc:stats`
// reports its page sends, read by the admin's call details. Decimal figures are double precision on
// both dialects (SQLite stores them as REAL).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_media_stats')
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.notNull().references('calls.id').onDelete('cascade'),
    )
    .addColumn('participant_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('participant_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('quality', 'varchar(8)', (c) => c.notNull())
    .addColumn('worst_quality', 'varchar(8)', (c) => c.notNull())
    .addColumn('local_candidate_type', 'varchar(8)')
    .addColumn('remote_candidate_type', 'varchar(8)')
    .addColumn('rtt_ms', 'double precision')
    .addColumn('packet_loss_pct', 'double precision')
    .addColumn('bitrate_kbps', 'double precision')
    .addColumn('time_to_first_frame_ms', 'integer')
    .addColumn('reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('call_media_stats_pk', [
      'call_id',
      'participant_type',
      'participant_id',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_media_stats').ifExists().execute();
}
