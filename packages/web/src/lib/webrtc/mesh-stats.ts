/**
 * How a mesh session tells the server (and through it the other side) how its media is doing:
 * every few seconds, and at once when a link's phase or quality changes, it sends the figures of
 * its worst link as `rtc:stats`.
 */
import type { ConnectionQuality, RtcStats } from '@belleza/contract';
import type { LinkHealth } from './link-health';
import type { SignalingSocket } from './mesh-types';

/** How often a page tells the server (and through it the other side) how its link is doing. */
export const STATS_REPORT_MS = 5000;

const QUALITY_RANK: Record<ConnectionQuality, number> = { good: 0, weak: 1, bad: 2 };
/** The link the page reports: the worst one that has connected at least once. */
export function worstLink(healths: LinkHealth[]): LinkHealth | null {
  let worst: LinkHealth | null = null;
  for (const h of healths) {
    if (h.quality === null) continue;
    if (!worst || QUALITY_RANK[h.quality] > QUALITY_RANK[worst.quality!]) worst = h;
  }
  return worst;
}

export type StatsReporterOptions = {
  socket: SignalingSocket;
  callId: string;
  /** the health of every link this page has */
  healths: () => LinkHealth[];
  /** in the room (joined, not left): only then is there anything to report */
  inRoom: () => boolean;
};

export type StatsReporter = {
  /** Reports now (when in the room, connected, and some link has a quality). */
  report(): void;
  start(): void;
  stop(): void;
};

export function createStatsReporter(options: StatsReporterOptions): StatsReporter {
  const { socket, callId } = options;
  let timer: ReturnType<typeof setInterval> | null = null;

  function report(): void {
    if (!options.inRoom() || !socket.connected) return;
    const h = worstLink(options.healths());
    if (!h?.quality) return;
    const stats: RtcStats = {
      callId,
      quality: h.quality,
      localCandidateType: h.localCandidateType,
      remoteCandidateType: h.remoteCandidateType,
      rttMs: h.figures.rttMs,
      packetLossPct: h.figures.packetLossPct,
      bitrateKbps: h.figures.bitrateKbps,
      timeToFirstFrameMs: h.timeToFirstFrameMs,
    };
    socket.emit('rtc:stats', stats);
  }

  return {
    report,
    start() {
      timer ??= setInterval(report, STATS_REPORT_MS);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}
