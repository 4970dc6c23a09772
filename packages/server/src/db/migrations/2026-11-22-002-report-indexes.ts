// Frozen in time: never import app code here; a later change is a new migration.
// Covering indexes for the admin report (see modules/reports): each report query reads one index
// range instead of the wide call rows. Measured with bench/reports.bench.ts on 1,000,000 calls.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Month partials (GROUP BY Lima month, handling advisor) and the per-month change fingerprint.
  await db.schema
    .createIndex('calls_report_idx')
    .on('calls')
    .columns([
      'requested_at',
      'status',
      'advisor_id',
      'accepted_at',
      'ended_at',
      'rating',
      'duration_seconds',
      'ended_by',
      'reason',
      'updated_at',
    ])
    .execute();
  // Returning clients: GROUP BY the normalised phone walks this index in order, no sort.
  await db.schema
    .createIndex('calls_client_phone_idx')
    .on('calls')
    .columns(['client_phone_normalized', 'requested_at'])
    .execute();
  // Offer outcomes per advisor and Lima month.
  await db.schema
    .createIndex('call_offers_report_idx')
    .on('call_offers')
    .columns(['offered_at', 'advisor_id', 'outcome', 'responded_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('call_offers_report_idx').ifExists().execute();
  await db.schema.dropIndex('calls_client_phone_idx').ifExists().execute();
  await db.schema.dropIndex('calls_report_idx').ifExists().execute();
}
