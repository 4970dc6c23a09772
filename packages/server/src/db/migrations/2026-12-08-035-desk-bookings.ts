// Frozen in time: never import app code here; a later change is a new migration.
// Bookings made at the salon's reception for a client who phones or walks in: who of the staff
// booked it (her id, and her name as it was then: the account may go later), and the client's
// consent given by word of mouth, which the staff member confirmed (1) when booking.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('booked_by_id', 'varchar(64)').execute();
  await db.schema.alterTable('appointments').addColumn('booked_by_name', 'varchar(120)').execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('verbal_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['verbal_consent', 'booked_by_name', 'booked_by_id']) {
    await db.schema.alterTable('appointments').dropColumn(name).execute();
  }
}
