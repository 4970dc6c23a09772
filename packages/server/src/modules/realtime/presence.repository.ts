/**
 * Presence rows: one per connected advisor socket, shared by every instance through the database.
 * An advisor is online while one of their rows was seen within the heartbeat grace.
 */
import type { Db } from '../../db/kysely.js';

export async function upsertConnection(
  db: Db,
  p: { socketId: string; advisorId: string; instanceId: string; now: string },
): Promise<void> {
  await db
    .insertInto('socket_connections')
    .values({
      socket_id: p.socketId,
      advisor_id: p.advisorId,
      instance_id: p.instanceId,
      connected_at: p.now,
      last_seen_at: p.now,
    })
    .onConflict((oc) =>
      oc.column('socket_id').doUpdateSet({ advisor_id: p.advisorId, last_seen_at: p.now }),
    )
    .execute();
}

/** Heartbeat; false when the row is gone (pruned while the socket lagged), so the caller re-inserts. */
export async function touchConnection(db: Db, socketId: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('socket_connections')
    .set({ last_seen_at: now })
    .where('socket_id', '=', socketId)
    .executeTakeFirst();
  return (r.numUpdatedRows ?? 0n) > 0n;
}

/** The server-side refresh of one instance's live sockets; answers how many rows it found. */
export async function touchConnections(db: Db, socketIds: string[], now: string): Promise<number> {
  let touched = 0;
  // Chunks keep each statement well under SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < socketIds.length; i += 500) {
    const r = await db
      .updateTable('socket_connections')
      .set({ last_seen_at: now })
      .where('socket_id', 'in', socketIds.slice(i, i + 500))
      .executeTakeFirst();
    touched += Number(r.numUpdatedRows ?? 0n);
  }
  return touched;
}

export async function deleteConnection(db: Db, socketId: string): Promise<void> {
  await db.deleteFrom('socket_connections').where('socket_id', '=', socketId).execute();
}

export async function deleteStaleConnections(db: Db, seenBefore: string): Promise<number> {
  const r = await db
    .deleteFrom('socket_connections')
    .where('last_seen_at', '<', seenBefore)
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0n);
}

export async function isAdvisorOnline(db: Db, advisorId: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('socket_connections')
    .select('socket_id')
    .where('advisor_id', '=', advisorId)
    .where('last_seen_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A visitor's socket joined her call (again): live until it closes. */
export async function upsertVisitorConnection(
  db: Db,
  p: { socketId: string; callId: string; instanceId: string; now: string },
): Promise<void> {
  await db
    .insertInto('visitor_connections')
    .values({
      socket_id: p.socketId,
      call_id: p.callId,
      instance_id: p.instanceId,
      last_seen_at: p.now,
      disconnected_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['socket_id', 'call_id'])
        .doUpdateSet({ last_seen_at: p.now, disconnected_at: null }),
    )
    .execute();
}

/** The server-side refresh of one instance's live visitor sockets. */
export async function touchVisitorConnections(
  db: Db,
  socketIds: string[],
  now: string,
): Promise<void> {
  for (let i = 0; i < socketIds.length; i += 500) {
    await db
      .updateTable('visitor_connections')
      .set({ last_seen_at: now })
      .where('socket_id', 'in', socketIds.slice(i, i + 500))
      .where('disconnected_at', 'is', null)
      .execute();
  }
}

/** A visitor's socket closed: the moment is kept, so her absence is counted from it. */
export async function markVisitorDisconnected(
  db: Db,
  socketId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('visitor_connections')
    .set({ disconnected_at: now, last_seen_at: now })
    .where('socket_id', '=', socketId)
    .where('disconnected_at', 'is', null)
    .execute();
}

/** Rows last seen before `seenBefore` say nothing any more (every grace is far shorter). */
export async function deleteStaleVisitorConnections(db: Db, seenBefore: string): Promise<number> {
  const r = await db
    .deleteFrom('visitor_connections')
    .where('last_seen_at', '<', seenBefore)
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0n);
}
