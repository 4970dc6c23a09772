/**
 * Normalising what either database hands back (affected-row counts, numeric columns), and the row
 * lock that serialises a check and the insert it guards.
 */
import type { Db } from './kysely.js';

/** Whether a conditional UPDATE/DELETE applied (one or more rows). */
export const affected = (r: { numUpdatedRows: bigint } | undefined): boolean =>
  (r?.numUpdatedRows ?? 0n) > 0n;
/** PostgreSQL returns counts and sums as strings (bigint, numeric); SQLite as numbers. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);

/** One rendition of a photo as every photo table stores it (advisors, catalogue, the salon's logo). */
export type PhotoRenditionRow = {
  size: number;
  format: 'avif' | 'webp';
  content_type: 'image/avif' | 'image/webp';
  data: Buffer;
};

/** The stored rows of a photo's renditions: each with the photo's version, its bytes' size and when. */
export const renditionRows = (
  renditions: readonly PhotoRenditionRow[],
  version: string,
  now: string,
) =>
  renditions.map(({ size, format, content_type, data }) => ({
    size,
    format,
    version,
    content_type,
    size_bytes: data.length,
    data,
    created_at: now,
  }));

/**
 * Touches the `settings` row `section` (made on first use) inside the caller's transaction: on
 * PostgreSQL its row lock makes every other transaction touching it wait until this one ends, so a
 * count and the insert it allows cannot interleave with another's (SQLite runs one at a time).
 */
export async function lockSettingsRow(db: Db, section: string, now: string): Promise<void> {
  const touch = () =>
    db
      .updateTable('settings')
      .set({ updated_at: now })
      .where('section', '=', section)
      .executeTakeFirst();
  if (affected(await touch())) return;
  await db
    .insertInto('settings')
    .values({ section, value: '{}', updated_at: now, updated_by: null })
    .onConflict((oc) => oc.column('section').doNothing())
    .execute();
  await touch();
}
