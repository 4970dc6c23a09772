// Frozen in time: never import app code here; a later change is a new migration.
// In-salon services booked from a consultation's plan: each catalogue service says whether it is
// bookable in the salon and which stylists do it (`salon_service_stylists`, gone with either
// side); a booking is a consultation (as before) or a service, and a service booking keeps what
// was booked as it was then (the service's id, name, minutes and price in cents: the catalogue
// may change or lose it later) and the call whose plan it came from.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('salon_services')
    .addColumn('bookable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('salon_service_stylists')
    .addColumn('service_id', 'varchar(64)', (c) =>
      c.notNull().references('salon_services.id').onDelete('cascade'),
    )
    .addColumn('advisor_id', 'varchar(64)', (c) =>
      c.notNull().references('advisors.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('salon_service_stylists_pk', ['service_id', 'advisor_id'])
    .execute();
  await db.schema
    .createIndex('salon_service_stylists_advisor_idx')
    .on('salon_service_stylists')
    .column('advisor_id')
    .execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('consultation'))
    .execute();
  for (const [name, type] of [
    ['service_id', 'varchar(64)'],
    ['service_name', 'varchar(80)'],
    ['service_minutes', 'integer'],
    ['service_price_cents', 'integer'],
    ['plan_call_id', 'varchar(64)'],
  ] as const) {
    await db.schema.alterTable('appointments').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'plan_call_id',
    'service_price_cents',
    'service_minutes',
    'service_name',
    'service_id',
    'kind',
  ]) {
    await db.schema.alterTable('appointments').dropColumn(name).execute();
  }
  await db.schema.dropTable('salon_service_stylists').ifExists().execute();
  await db.schema.alterTable('salon_services').dropColumn('bookable').execute();
}
