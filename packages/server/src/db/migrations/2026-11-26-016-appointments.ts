// Frozen in time: never import app code here; a later change is a new migration.
// Appointments: a visitor books a consultation with one advisor for a slot. A unique index over
// (advisor, start) among bookings that still hold their advisor makes two bookings of the same slot
// impossible on SQLite and PostgreSQL alike; the insert itself is conditional on no overlapping
// booking (see appointments.repository.ts). The manage key is stored in clear, as the summary's
// (decisions.md): the reminders e-mail it again. A call made from a booking names it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appointments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('advisor_id', 'varchar(64)', (c) => c.notNull().references('advisors.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    // ends_at plus the buffer the settings asked for when booked: what it keeps the advisor from
    .addColumn('held_until', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_phone', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('access_key', 'text', (c) => c.notNull().unique())
    .addColumn('call_id', 'varchar(64)')
    .addColumn('cancelled_by', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reminded_day_at', 'varchar(32)')
    .addColumn('reminded_hour_at', 'varchar(32)')
    .execute();
  await sql`create unique index appointments_one_per_slot on appointments (advisor_id, starts_at) where status = 'booked'`.execute(
    db,
  );
  await db.schema
    .createIndex('appointments_by_start')
    .on('appointments')
    .columns(['starts_at', 'status'])
    .execute();
  await db.schema.alterTable('calls').addColumn('appointment_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('appointment_id').execute();
  await db.schema.dropTable('appointments').ifExists().execute();
}
