import type { DemoCatalogue } from './demo.catalogue.js';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/kysely.js';
import type {
  CallSummariesTable,
  AdvisorPhotosTable,
  AdvisorsTable,
  AppointmentsTable,
  CallNotesTable,
  CallOffersTable,
  CallsTable,
  SalonProfileTable,
} from '../../db/schema.js';
import { DEFAULT_SITE_NAME } from '@belleza/contract';

/** Rows per INSERT: 500 calls × 31 columns stays under SQLite's and PostgreSQL's bind-parameter limits. */
export const INSERT_CHUNK = 500;

async function insertChunked<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/** Whether any advisor (deleted ones included) has an address in the demo domain. */
export async function demoAdvisorsExist(db: Db, emailDomain: string): Promise<boolean> {
  const row = await db
    .selectFrom('advisors')
    .select('id')
    .where('email', 'like', `%@${emailDomain}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAdvisors(db: Db, rows: readonly AdvisorsTable[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('advisors').values(chunk).execute());
}

export async function insertAdvisorPhotos(
  db: Db,
  rows: readonly AdvisorPhotosTable[],
): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('advisor_photos').values(chunk).execute());
}

/** The demo's services, opinions, gallery items and their photos. */
export async function insertCatalogue(db: Db, c: DemoCatalogue): Promise<void> {
  if (c.services.length) await db.insertInto('salon_services').values(c.services).execute();
  if (c.stylists.length) await db.insertInto('salon_service_stylists').values(c.stylists).execute();
  if (c.testimonials.length) await db.insertInto('testimonials').values(c.testimonials).execute();
  if (c.gallery.length) await db.insertInto('gallery_items').values(c.gallery).execute();
  await insertChunked(c.photos, (chunk) =>
    db.insertInto('catalogue_photos').values(chunk).execute(),
  );
}

export async function insertCalls(db: Db, rows: readonly CallsTable[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('calls').values(chunk).execute());
}

export async function insertOffers(db: Db, rows: readonly CallOffersTable[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('call_offers').values(chunk).execute());
}

export async function insertNotes(db: Db, rows: readonly CallNotesTable[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('call_notes').values(chunk).execute());
}

export async function insertAppointments(
  db: Db,
  rows: readonly AppointmentsTable[],
): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('appointments').values(chunk).execute());
}

export async function insertSummaries(db: Db, rows: readonly CallSummariesTable[]): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('call_summaries').values(chunk).execute());
}

/** After a bulk load PostgreSQL plans better with fresh statistics (autovacuum would get there later). */
export async function refreshStatistics(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres')
    await sql`analyze advisors, calls, call_offers, call_notes, appointments`.execute(db);
}

/**
 * The demo salon's profile and name, unless the salon has its own already: a saved profile stays,
 * and so does a name an admin gave (`system.siteName` other than the build's placeholder).
 */
export async function insertDemoSalon(
  db: Db,
  profile: Omit<SalonProfileTable, 'id'>,
  name: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('salon_profile')
    .values({ id: 'salon', ...profile })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const system = await db
    .selectFrom('settings')
    .select('value')
    .where('section', '=', 'system')
    .executeTakeFirst();
  const stored = system ? (JSON.parse(system.value) as Record<string, unknown>) : {};
  if (stored.siteName !== undefined && stored.siteName !== DEFAULT_SITE_NAME) return;
  const value = JSON.stringify({ ...stored, siteName: name });
  await db
    .insertInto('settings')
    .values({ section: 'system', value, updated_at: at, updated_by: null })
    .onConflict((oc) => oc.column('section').doUpdateSet({ value, updated_at: at }))
    .execute();
}
