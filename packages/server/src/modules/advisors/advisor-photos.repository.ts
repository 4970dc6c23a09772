/**
 * The SQL of advisors' profile photos: one row per rendition, all rows of a photo written or
 * removed together. Reads of the bytes name the one rendition they serve.
 */
import type { Db } from '../../db/kysely.js';
import { renditionRows } from '../../db/rows.js';
import type { AdvisorPhotosTable } from '../../db/schema.js';

export type PhotoRenditionRow = Pick<
  AdvisorPhotosTable,
  'size' | 'format' | 'content_type' | 'data'
>;

/** Replaces the advisor's photo (every rendition) with these rows. Inside the caller's transaction. */
export async function replacePhoto(
  db: Db,
  advisorId: string,
  version: string,
  renditions: PhotoRenditionRow[],
  now: string,
): Promise<void> {
  await db.deleteFrom('advisor_photos').where('advisor_id', '=', advisorId).execute();
  await db
    .insertInto('advisor_photos')
    .values(
      renditionRows(renditions, version, now).map((row) => ({ ...row, advisor_id: advisorId })),
    )
    .execute();
}

/** Removes the advisor's photo; answers its version, or null when there was none. */
export async function deletePhoto(db: Db, advisorId: string): Promise<string | null> {
  const rows = await db
    .deleteFrom('advisor_photos')
    .where('advisor_id', '=', advisorId)
    .returning('version')
    .execute();
  return rows[0]?.version ?? null;
}

/** The version of the advisor's photo, or null without one. */
export async function findPhotoVersion(db: Db, advisorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('advisor_photos')
    .select('version')
    .where('advisor_id', '=', advisorId)
    .limit(1)
    .executeTakeFirst();
  return row?.version ?? null;
}

export type ServedRendition = Pick<AdvisorPhotosTable, 'version' | 'content_type' | 'data'> & {
  /** whether the advisor is on the landing now: her photo is public */
  onLanding: boolean;
};

/**
 * One rendition of a live advisor's photo, with whether she is on the landing; null when she has
 * none (or is deleted). With `onlyOnLanding`, an advisor off the landing has none either.
 */
export async function findRendition(
  db: Db,
  advisorId: string,
  size: number,
  format: AdvisorPhotosTable['format'],
  onlyOnLanding: boolean,
): Promise<ServedRendition | null> {
  let q = db
    .selectFrom('advisor_photos as p')
    .innerJoin('advisors as a', 'a.id', 'p.advisor_id')
    .select(['p.version', 'p.content_type', 'p.data', 'a.show_on_landing'])
    .where('p.advisor_id', '=', advisorId)
    .where('p.size', '=', size)
    .where('p.format', '=', format)
    .where('a.deleted_at', 'is', null);
  if (onlyOnLanding) q = q.where('a.show_on_landing', '=', 1);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  return {
    version: row.version,
    content_type: row.content_type,
    data: row.data,
    onLanding: Number(row.show_on_landing) === 1,
  };
}
