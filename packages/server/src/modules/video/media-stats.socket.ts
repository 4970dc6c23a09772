/**
 * `rtc:stats`: a participant's page reports how its link is doing. Accepted only from a socket that
 * joined that call's rtc room with a valid room token (its membership in `socket.data.rtc`); the
 * quality is relayed to the other peers of the call (`rtc:peer-stats`) and the figures are kept
 * with the call for the admin's call details.
 *
 * Throttle, per socket and call: at most one report is STORED every 2 s. A report inside that
 * window is not stored, but its quality is relayed if it changed and counts towards the worst
 * quality carried by the next stored report, so a short dip still reaches the call's record.
 * Reports of one socket are handled in order (relays never overtake a slower database write).
 */
import {
  rtcStatsSchema,
  type ClientToServerEvents,
  type ConnectionQuality,
  type RtcStats,
  type ServerToClientEvents,
} from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Clock } from '../../lib/clock.js';
import { worseQuality, type MediaStatsService } from './media-stats.service.js';
import { memberships, rtcRoom, type RtcMembership } from './video.socket.js';

type RtcSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

export type MediaStatsSocketDeps = {
  mediaStats: Pick<MediaStatsService, 'record'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
};

/** The page reports every 5 s and at once on a change; more than one stored every 2 s is noise. */
export const MEDIA_STATS_STORE_INTERVAL_MS = 2000;

/** This socket's reporting state for one call (process-local, never in socket.data). */
type Reporting = {
  lastStoredAt: number | null;
  /** worst quality among the reports not stored since the last stored one */
  pendingWorst: ConnectionQuality | null;
  /** the quality the other peers last heard from this socket */
  relayed: ConnectionQuality | null;
};

/** Called by the realtime gateway for every connected socket, next to `registerRtcHandlers`. */
export function registerMediaStatsHandlers(socket: RtcSocket, deps: MediaStatsSocketDeps): void {
  const reporting = new Map<string, Reporting>();
  let queue: Promise<void> = Promise.resolve();
  /** Runs after this socket's earlier reports; a failing step never stops the later ones. */
  const enqueue = (step: () => void | Promise<void>) => {
    queue = queue.then(step).catch((err: unknown) => {
      deps.log.error({ err }, 'rtc:stats handling failed');
    });
  };

  const relay = (
    callId: string,
    mine: RtcMembership,
    state: Reporting,
    quality: ConnectionQuality,
  ) => {
    state.relayed = quality;
    socket.to(rtcRoom(callId)).emit('rtc:peer-stats', { callId, peerId: mine.peerId, quality });
  };

  async function store(mine: RtcMembership, stats: RtcStats, worstSince: ConnectionQuality) {
    try {
      await deps.mediaStats.record(
        {
          callId: stats.callId,
          type: mine.userType,
          id: mine.participant.slice(mine.userType.length + 1),
          name: mine.userName,
        },
        stats,
        worstSince,
      );
    } catch (err) {
      // The live indicator matters more than the record: log, and relay all the same.
      deps.log.error({ err, callId: stats.callId }, 'rtc:stats could not be stored');
    }
  }

  socket.on('rtc:stats', (payload) => {
    const parsed = rtcStatsSchema.safeParse(payload);
    if (!parsed.success) {
      socket.emit('error', { code: 'VALIDATION_ERROR', message: 'Invalid rtc:stats payload' });
      return;
    }
    const stats = parsed.data;
    const { callId } = stats;
    const mine = memberships(socket.data)[callId];
    const now = deps.clock.now().getTime();
    if (!mine || !socket.rooms.has(rtcRoom(callId)) || mine.exp <= now) {
      socket.emit('error', { code: 'FORBIDDEN', message: 'Join the room before reporting stats' });
      return;
    }

    let state = reporting.get(callId);
    if (!state) {
      state = { lastStoredAt: null, pendingWorst: null, relayed: null };
      reporting.set(callId, state);
    }
    const s = state;
    const due = s.lastStoredAt === null || now - s.lastStoredAt >= MEDIA_STATS_STORE_INTERVAL_MS;
    if (due) {
      const worstSince = s.pendingWorst
        ? worseQuality(s.pendingWorst, stats.quality)
        : stats.quality;
      s.lastStoredAt = now;
      s.pendingWorst = null;
      // Side effects after the write: the other peers hear it once it is recorded.
      enqueue(async () => {
        await store(mine, stats, worstSince);
        relay(callId, mine, s, stats.quality);
      });
      return;
    }
    s.pendingWorst = s.pendingWorst ? worseQuality(s.pendingWorst, stats.quality) : stats.quality;
    enqueue(() => {
      if (s.relayed !== stats.quality) relay(callId, mine, s, stats.quality);
    });
  });
}
