/**
 * The deployment's video secret (HMAC key of built-in room tokens), kept as its own row of the
 * `settings` table so every instance of a deployment signs and verifies with the same key and a
 * restart keeps issued tokens valid. It is never part of the settings sections the API returns.
 */
import type { Db } from '../../db/kysely.js';

export const VIDEO_SECRET_SECTION = 'video_secret';

export async function findVideoSecret(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select(['value'])
    .where('section', '=', VIDEO_SECRET_SECTION)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = JSON.parse(row.value) as { secret?: unknown };
  return typeof parsed.secret === 'string' && parsed.secret.length >= 32 ? parsed.secret : null;
}

/** Inserts the secret unless another instance won the race; the caller re-reads the winner. */
export async function insertVideoSecretIfAbsent(
  db: Db,
  secret: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({
      section: VIDEO_SECRET_SECTION,
      value: JSON.stringify({ secret }),
      updated_at: now,
      updated_by: null,
    })
    .onConflict((oc) => oc.column('section').doNothing())
    .execute();
}
