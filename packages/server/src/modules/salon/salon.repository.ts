/**
 * The SQL of the salon's profile: its one row (id 'salon') and its logo's renditions.
 */
import type { Db } from '../../db/kysely.js';
import { renditionRows } from '../../db/rows.js';
import type { SalonLogoTable, SalonProfileTable } from '../../db/schema.js';

export const SALON_ROW_ID = 'salon';

export type SalonProfileRow = Omit<SalonProfileTable, 'id'>;

const PROFILE_COLUMNS = [
  'hero_title',
  'hero_text',
  'address',
  'phone',
  'whatsapp',
  'email',
  'instagram',
  'facebook',
  'tiktok',
  'hours_mode',
  'hours',
  'logo_version',
  'updated_at',
  'updated_by',
] as const;

export async function findSalonProfile(db: Db): Promise<SalonProfileRow | undefined> {
  return db
    .selectFrom('salon_profile')
    .select(PROFILE_COLUMNS)
    .where('id', '=', SALON_ROW_ID)
    .executeTakeFirst();
}

export async function upsertSalonProfile(db: Db, row: SalonProfileRow): Promise<void> {
  await db
    .insertInto('salon_profile')
    .values({ id: SALON_ROW_ID, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export type SalonLogoRendition = Pick<SalonLogoTable, 'size' | 'format' | 'content_type' | 'data'>;

export async function replaceSalonLogo(
  db: Db,
  version: string,
  renditions: SalonLogoRendition[],
  now: string,
): Promise<void> {
  await deleteSalonLogo(db);
  await db
    .insertInto('salon_logo')
    .values(renditionRows(renditions, version, now))
    .execute();
}

export async function deleteSalonLogo(db: Db): Promise<void> {
  await db.deleteFrom('salon_logo').execute();
}

export async function findSalonLogoRendition(
  db: Db,
  size: number,
  format: SalonLogoTable['format'],
): Promise<Pick<SalonLogoTable, 'version' | 'content_type' | 'data'> | undefined> {
  return db
    .selectFrom('salon_logo')
    .select(['version', 'content_type', 'data'])
    .where('size', '=', size)
    .where('format', '=', format)
    .executeTakeFirst();
}
