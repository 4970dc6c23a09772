/**
 * The SQL of the salon's catalogue: services, opinions, gallery items and their photos. Lists name
 * their columns; booleans are 0/1 on both databases and normalised by the service's DTOs.
 */
import type { Db } from '../../db/kysely.js';
import type {
  CataloguePhotosTable,
  GalleryItemsTable,
  SalonServicesTable,
  TestimonialsTable,
} from '../../db/schema.js';
import { affected, renditionRows } from '../../db/rows.js';

export type ServiceRow = SalonServicesTable;
export type TestimonialRow = Omit<TestimonialsTable, 'call_id'>;
export type GalleryRow = GalleryItemsTable;

const SERVICE_COLUMNS = [
  'id',
  'name',
  'category',
  'description',
  'duration_minutes',
  'price_cents',
  'active',
  'position',
  'photo_version',
  'created_at',
  'updated_at',
  'bookable',
] as const;
const TESTIMONIAL_COLUMNS = [
  'id',
  'first_name',
  'rating',
  'comment',
  'source',
  'published',
  'created_at',
  'updated_at',
] as const;
const GALLERY_COLUMNS = [
  'id',
  'alt',
  'caption',
  'position',
  'photo_version',
  'created_at',
  'updated_at',
] as const;

// ---------------------------------------------------------------- services

/** Every service (or only the active ones), in display order. */
export async function listServices(db: Db, onlyActive: boolean): Promise<ServiceRow[]> {
  let q = db.selectFrom('salon_services').select(SERVICE_COLUMNS);
  if (onlyActive) q = q.where('active', '=', 1);
  return q.orderBy('position').orderBy('name').orderBy('id').execute();
}

export async function findService(db: Db, id: string): Promise<ServiceRow | undefined> {
  return db
    .selectFrom('salon_services')
    .select(SERVICE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertService(db: Db, row: ServiceRow): Promise<void> {
  await db.insertInto('salon_services').values(row).execute();
}

export async function updateService(
  db: Db,
  id: string,
  changes: Partial<Omit<ServiceRow, 'id' | 'created_at'>>,
): Promise<boolean> {
  const r = await db
    .updateTable('salon_services')
    .set(changes)
    .where('id', '=', id)
    .executeTakeFirst();
  return affected(r);
}

export async function deleteService(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('salon_services').where('id', '=', id).executeTakeFirst();
  return (r.numDeletedRows ?? 0n) > 0n;
}

/** The stylists who do each of these services (all services when `serviceIds` is absent). */
export async function stylistsOfServices(
  db: Db,
  serviceIds?: readonly string[],
): Promise<Map<string, string[]>> {
  if (serviceIds && serviceIds.length === 0) return new Map();
  let q = db.selectFrom('salon_service_stylists').select(['service_id', 'advisor_id']);
  if (serviceIds) q = q.where('service_id', 'in', serviceIds);
  const rows = await q.orderBy('service_id').orderBy('advisor_id').execute();
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.service_id);
    if (list) list.push(r.advisor_id);
    else out.set(r.service_id, [r.advisor_id]);
  }
  return out;
}

/** Replaces the stylists who do a service. */
export async function setServiceStylists(
  db: Db,
  serviceId: string,
  advisorIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('salon_service_stylists').where('service_id', '=', serviceId).execute();
  if (advisorIds.length === 0) return;
  await db
    .insertInto('salon_service_stylists')
    .values(advisorIds.map((advisor_id) => ({ service_id: serviceId, advisor_id })))
    .execute();
}

// ---------------------------------------------------------------- opinions

/** Every opinion (or only the published ones), newest first. */
export async function listTestimonials(db: Db, onlyPublished: boolean): Promise<TestimonialRow[]> {
  let q = db.selectFrom('testimonials').select(TESTIMONIAL_COLUMNS);
  if (onlyPublished) q = q.where('published', '=', 1);
  return q.orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function findTestimonial(db: Db, id: string): Promise<TestimonialRow | undefined> {
  return db
    .selectFrom('testimonials')
    .select(TESTIMONIAL_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertTestimonial(db: Db, row: TestimonialsTable): Promise<void> {
  await db.insertInto('testimonials').values(row).execute();
}

export async function updateTestimonial(
  db: Db,
  id: string,
  changes: Partial<
    Pick<TestimonialsTable, 'first_name' | 'rating' | 'comment' | 'published' | 'updated_at'>
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('testimonials')
    .set(changes)
    .where('id', '=', id)
    .executeTakeFirst();
  return affected(r);
}

export async function deleteTestimonial(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return (r.numDeletedRows ?? 0n) > 0n;
}

// ---------------------------------------------------------------- gallery

/** Every item (or only those with a photo), in display order. */
export async function listGallery(db: Db, onlyWithPhoto: boolean): Promise<GalleryRow[]> {
  let q = db.selectFrom('gallery_items').select(GALLERY_COLUMNS);
  if (onlyWithPhoto) q = q.where('photo_version', 'is not', null);
  return q.orderBy('position').orderBy('created_at').orderBy('id').execute();
}

export async function findGalleryItem(db: Db, id: string): Promise<GalleryRow | undefined> {
  return db
    .selectFrom('gallery_items')
    .select(GALLERY_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertGalleryItem(db: Db, row: GalleryRow): Promise<void> {
  await db.insertInto('gallery_items').values(row).execute();
}

export async function updateGalleryItem(
  db: Db,
  id: string,
  changes: Partial<Omit<GalleryRow, 'id' | 'created_at'>>,
): Promise<boolean> {
  const r = await db
    .updateTable('gallery_items')
    .set(changes)
    .where('id', '=', id)
    .executeTakeFirst();
  return affected(r);
}

export async function deleteGalleryItem(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('gallery_items').where('id', '=', id).executeTakeFirst();
  return (r.numDeletedRows ?? 0n) > 0n;
}

// ---------------------------------------------------------------- photos

export type CatalogueRenditionRow = Pick<
  CataloguePhotosTable,
  'size' | 'format' | 'content_type' | 'data'
>;

/** Replaces the owner's photo (every rendition). Inside the caller's transaction. */
export async function replaceCataloguePhoto(
  db: Db,
  ownerId: string,
  version: string,
  renditions: CatalogueRenditionRow[],
  now: string,
): Promise<void> {
  await deleteCataloguePhoto(db, ownerId);
  await db
    .insertInto('catalogue_photos')
    .values(renditionRows(renditions, version, now).map((row) => ({ ...row, owner_id: ownerId })))
    .execute();
}

export async function deleteCataloguePhoto(db: Db, ownerId: string): Promise<void> {
  await db.deleteFrom('catalogue_photos').where('owner_id', '=', ownerId).execute();
}

export async function findCatalogueRendition(
  db: Db,
  ownerId: string,
  size: number,
  format: CataloguePhotosTable['format'],
): Promise<Pick<CataloguePhotosTable, 'version' | 'content_type' | 'data'> | undefined> {
  return db
    .selectFrom('catalogue_photos')
    .select(['version', 'content_type', 'data'])
    .where('owner_id', '=', ownerId)
    .where('size', '=', size)
    .where('format', '=', format)
    .executeTakeFirst();
}
