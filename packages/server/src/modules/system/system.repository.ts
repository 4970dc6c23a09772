import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';

/** A round trip to the database; throws when it is unreachable. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export type PresenceCounts = { connections: number; connectedAdvisors: number };

/** Advisor sockets whose heartbeat was seen at or after `since` (UTC ISO), over every instance. */
export async function presenceCounts(db: Db, since: string): Promise<PresenceCounts> {
  const row = await db
    .selectFrom('socket_connections')
    .select([
      sql<number>`count(*)`.as('connections'),
      sql<number>`count(distinct advisor_id)`.as('advisors'),
    ])
    .where('last_seen_at', '>=', since)
    .executeTakeFirst();
  return {
    connections: Number(row?.connections ?? 0),
    connectedAdvisors: Number(row?.advisors ?? 0),
  };
}
