/**
 * Advisor presence (ARCHITECTURE "Realtime"): a socket row per connected advisor socket, refreshed
 * by the client's heartbeat. A socket that disconnects keeps its row until it ages out, so a page
 * reload (disconnect + reconnect within a second) never makes the advisor look gone, and an
 * advisor whose sockets are all gone stops receiving offers once the grace has passed.
 */
import { PRESENCE_GRACE_MS } from '@belleza/contract';
import type { Deps } from '../../container.js';
import {
  deleteConnection,
  deleteStaleConnections,
  isAdvisorOnline,
  touchConnection,
  upsertConnection,
} from './presence.repository.js';

export type PresenceService = ReturnType<typeof createPresenceService>;

export function createPresenceService(deps: Pick<Deps, 'db' | 'clock' | 'instanceId'>) {
  const { db, clock, instanceId } = deps;
  const nowIso = () => clock.now().toISOString();

  return {
    async connect(socketId: string, advisorId: string): Promise<void> {
      await upsertConnection(db, { socketId, advisorId, instanceId, now: nowIso() });
    },

    async heartbeat(socketId: string, advisorId: string): Promise<void> {
      const now = nowIso();
      if (!(await touchConnection(db, socketId, now))) {
        await upsertConnection(db, { socketId, advisorId, instanceId, now });
      }
    },

    /** A socket whose advisor signed out (or lost the session) stops counting at once. */
    async forget(socketId: string): Promise<void> {
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
      return deleteStaleConnections(db, new Date(now.getTime() - PRESENCE_GRACE_MS).toISOString());
    },
  };
}
