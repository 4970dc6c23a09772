import type { Db } from '../../db/kysely.js';
import type { AdvisorSessionsTable } from '../../db/schema.js';

export async function insertSession(db: Db, row: AdvisorSessionsTable): Promise<void> {
  await db
    .insertInto('advisor_sessions')
    .values({
      id: row.id,
      advisor_id: row.advisor_id,
      token_hash: row.token_hash,
      created_at: row.created_at,
      expires_at: row.expires_at,
      last_used_at: row.last_used_at,
      revoked_at: row.revoked_at,
    })
    .execute();
}

export type LiveSession = {
  sessionId: string;
  lastUsedAt: string;
  advisorId: string;
  name: string;
  email: string;
  isAdmin: boolean;
};

/**
 * The session behind a token hash, only when it is unrevoked, unexpired and its advisor still
 * exists. The advisor's name and admin flag are read fresh on every call.
 */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<LiveSession | null> {
  const row = await db
    .selectFrom('advisor_sessions as s')
    .innerJoin('advisors as a', 'a.id', 's.advisor_id')
    .select(['s.id', 's.last_used_at', 'a.id as advisor_id', 'a.name', 'a.email', 'a.is_admin'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.id,
    lastUsedAt: row.last_used_at,
    advisorId: row.advisor_id,
    name: row.name,
    email: row.email,
    isAdmin: Number(row.is_admin) === 1,
  };
}

export async function touchSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('advisor_sessions')
    .set({ last_used_at: now })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('advisor_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of an advisor (optionally keeping one); answers how many. */
export async function revokeAdvisorSessions(
  db: Db,
  advisorId: string,
  now: string,
  exceptSessionId?: string,
): Promise<number> {
  let q = db
    .updateTable('advisor_sessions')
    .set({ revoked_at: now })
    .where('advisor_id', '=', advisorId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '<>', exceptSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many sessions of an advisor are still usable at `now` (not revoked, not expired). */
export async function countLiveSessions(db: Db, advisorId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('advisor_sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('advisor_id', '=', advisorId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
