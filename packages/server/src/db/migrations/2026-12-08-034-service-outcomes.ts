// Frozen in time: never import app code here; a later change is a new migration.
// The outcome of an in-salon service booking (docs/product.md#service-outcomes): the final price
// in cents when it was done (status 'attended'), when the outcome was recorded and by whom (an
// advisor's or admin's id, kept as a plain id: the record outlives the account). And the instant a
// call was first given a plan (`calls.plan_at`), kept on the call because the summary itself is
// purged after the retention days while the reports' funnel still counts the plan; filled here
// from the summaries still kept.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of [
    ['outcome_price_cents', 'integer'],
    ['outcome_at', 'varchar(32)'],
    ['outcome_by', 'varchar(64)'],
  ] as const) {
    await db.schema.alterTable('appointments').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('appointments_plan_call_idx')
    .on('appointments')
    .column('plan_call_id')
    .execute();
  await db.schema.alterTable('calls').addColumn('plan_at', 'varchar(32)').execute();
  await sql`
    update calls set plan_at = (
      select coalesce(s.updated_at, calls.ended_at, calls.requested_at) from call_summaries s
      where s.call_id = calls.id and (s.recommendations <> '' or s.items <> '[]'))
    where exists (
      select 1 from call_summaries s
      where s.call_id = calls.id and (s.recommendations <> '' or s.items <> '[]'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('plan_at').execute();
  await db.schema.dropIndex('appointments_plan_call_idx').ifExists().execute();
  for (const name of ['outcome_by', 'outcome_at', 'outcome_price_cents']) {
    await db.schema.alterTable('appointments').dropColumn(name).execute();
  }
}
