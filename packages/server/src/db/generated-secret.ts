/**
 * A key the deployment makes itself once and keeps in a `settings` row of its own (never one of
 * the sections the API returns), so every instance uses the same one and a restart keeps it: the
 * built-in rooms' token key, the returning clients' phone-hash key. The first instance to need it
 * generates it; when two race, the insert keeps the first and both read the winner back. Read once
 * per process; a failed read is tried again on the next use.
 */
import type { Clock } from '../lib/clock.js';
import { newSecret } from '../lib/ids.js';
import type { Db } from './kysely.js';

/** A stored key shorter than this is not taken (and is never written). */
const MIN_LENGTH = 32;

async function findSecret(db: Db, section: string): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select(['value'])
    .where('section', '=', section)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = JSON.parse(row.value) as { secret?: unknown };
  return typeof parsed.secret === 'string' && parsed.secret.length >= MIN_LENGTH
    ? parsed.secret
    : null;
}

async function loadOrCreate(db: Db, clock: Clock, section: string): Promise<string> {
  const existing = await findSecret(db, section);
  if (existing) return existing;
  await db
    .insertInto('settings')
    .values({
      section,
      value: JSON.stringify({ secret: newSecret() }),
      updated_at: clock.now().toISOString(),
      updated_by: null,
    })
    .onConflict((oc) => oc.column('section').doNothing())
    .execute();
  const stored = await findSecret(db, section);
  if (!stored) throw new Error(`the ${section} could not be stored`);
  return stored;
}

/** The key of `section`, generated and stored on first use. */
export function generatedSecret(
  deps: { db: Db; clock: Clock },
  section: string,
): () => Promise<string> {
  let loading: Promise<string> | undefined;
  return () => {
    loading ??= loadOrCreate(deps.db, deps.clock, section).catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
