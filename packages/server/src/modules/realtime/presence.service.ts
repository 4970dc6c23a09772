/**
 * Advisor presence (ARCHITECTURE "Realtime"): a socket row per connected advisor socket. Each
 * instance keeps the rows of its own live sockets fresh from the server side (`refresh`, run by the
 * sweeper every second), so presence follows the live connection, not the page's timers: a
 * dashboard in a background tab whose `ping` Chrome delays to once a minute stays online. Socket.IO's
 * own heartbeat (server pings, answered by the browser on receipt) notices a connection that died
 * without closing. A socket that disconnects keeps its row until it ages out (the grace), so a page
 * reload never makes the advisor look gone, and an advisor whose sockets are all gone — or whose
 * instance died — stops receiving offers once the grace has passed.
 *
 * Visitors the same way, a row per socket joined to its call (`visitorJoined`), with the moment it
 * closed kept (`visitorLeft`): the calls module reads from them whether a visitor is still there.
 */
import { PRESENCE_GRACE_MS } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import {
  deleteConnection,
  deleteStaleConnections,
  deleteStaleVisitorConnections,
  isAdvisorOnline,
  markVisitorDisconnected,
  touchConnection,
  touchConnections,
  touchVisitorConnections,
  upsertConnection,
  upsertVisitorConnection,
} from './presence.repository.js';

/** Visitor rows older than this are deleted: every visitor grace is far shorter. */
const VISITOR_ROW_TTL_MS = 60 * 60_000;

export type PresenceService = ReturnType<typeof createPresenceService>;

export function createPresenceService(deps: Pick<Deps, 'db' | 'clock' | 'instanceId'>) {
  const { db, clock, instanceId } = deps;
  const nowIso = () => clock.now().toISOString();
  /** This instance's live advisor sockets: socket id → advisor id. */
  const live = new Map<string, string>();
  /** This instance's live visitor sockets (joined to a call). */
  const liveVisitors = new Set<string>();

  return {
    async connect(socketId: string, advisorId: string): Promise<void> {
      live.set(socketId, advisorId);
      await upsertConnection(db, { socketId, advisorId, instanceId, now: nowIso() });
    },

    /** The socket closed: its row stays until the grace has passed (a reload comes back in time). */
    disconnected(socketId: string): void {
      live.delete(socketId);
    },

    /** A visitor's socket joined her call (`client:connect`, or the request made over it). */
    async visitorJoined(socketId: string, callId: string): Promise<void> {
      liveVisitors.add(socketId);
      await upsertVisitorConnection(db, { socketId, callId, instanceId, now: nowIso() });
    },

    /** A visitor's socket closed: from now on she is away from its call, unless another is there. */
    async visitorLeft(socketId: string): Promise<void> {
      if (!liveVisitors.delete(socketId)) return;
      await markVisitorDisconnected(db, socketId, nowIso());
    },

    /** Marks every live socket of this instance as seen now; rows pruned meanwhile come back. */
    async refresh(now: Date = clock.now()): Promise<number> {
      if (liveVisitors.size > 0)
        await touchVisitorConnections(db, [...liveVisitors], now.toISOString());
      if (live.size === 0) return 0;
      const at = now.toISOString();
      const entries = [...live];
      const touched = await touchConnections(
        db,
        entries.map(([socketId]) => socketId),
        at,
      );
      if (touched < entries.length)
        for (const [socketId, advisorId] of entries)
          if (!(await touchConnection(db, socketId, at)) && live.has(socketId))
            await upsertConnection(db, { socketId, advisorId, instanceId, now: at });
      return entries.length;
    },

    async heartbeat(socketId: string, advisorId: string): Promise<void> {
      const now = nowIso();
      if (!(await touchConnection(db, socketId, now))) {
        await upsertConnection(db, { socketId, advisorId, instanceId, now });
      }
    },

    /** A socket whose advisor signed out (or lost the session) stops counting at once. */
    async forget(socketId: string): Promise<void> {
      live.delete(socketId);
      await deleteConnection(db, socketId);
    },

    async isOnline(advisorId: string, now: Date = clock.now()): Promise<boolean> {
      return isAdvisorOnline(
        db,
        advisorId,
        new Date(now.getTime() - PRESENCE_GRACE_MS).toISOString(),
      );
    },

    /** Rows older than the grace no longer count; the sweeper deletes them. */
    async prune(now: Date = clock.now()): Promise<number> {
      await deleteStaleVisitorConnections(
        db,
        new Date(now.getTime() - VISITOR_ROW_TTL_MS).toISOString(),
      );
      return deleteStaleConnections(db, new Date(now.getTime() - PRESENCE_GRACE_MS).toISOString());
    },
  };
}
