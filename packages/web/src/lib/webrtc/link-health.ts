/**
 * What a peer link is really doing, from the media, not from the signalling
 * (docs/product.md#video-page):
 *
 *   connecting ──(ICE up + first decoded frame, or audio when no video is sent)──► connected
 *   connected ──(ICE disconnected/failed)──► reconnecting ──(ICE up + packets again)──► connected
 *   connecting / reconnecting ──(deadline)──► failed   (terminal: the page offers a retry)
 *
 * The ICE restarts themselves belong to the negotiation (perfect-negotiation.ts); this only
 * watches, times out and measures (quality from `getStats()` while connected).
 */
import type { CandidateType, ConnectionQuality } from '@belleza/contract';
import {
  classifyQuality,
  linkFigures,
  mediaFlows,
  readLinkSample,
  type LinkFigures,
  type LinkSample,
} from './link-stats';

export type LinkPhase = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export type LinkHealth = {
  phase: LinkPhase;
  /** null until the link has connected once */
  quality: ConnectionQuality | null;
  figures: LinkFigures;
  localCandidateType: CandidateType | null;
  remoteCandidateType: CandidateType | null;
  /** from the link's creation to the first remote media, ms */
  timeToFirstFrameMs: number | null;
};

/** Media must flow within this long of both peers meeting in the room, or the link has failed. */
export const CONNECT_DEADLINE_MS = 20_000;
/** A link that lost its path must find one again within this long. */
export const RECONNECT_DEADLINE_MS = 20_000;
/** Stats polls: quick while waiting for the first frame, relaxed once media flows. */
export const POLL_CONNECTING_MS = 250;
export const POLL_CONNECTED_MS = 2000;

export type LinkMonitorOptions = {
  pc: RTCPeerConnection;
  onChange: (health: LinkHealth) => void;
  connectDeadlineMs?: number;
  reconnectDeadlineMs?: number;
  /** injectable for tests */
  readSample?: (pc: RTCPeerConnection) => Promise<LinkSample>;
  now?: () => number;
};

export type LinkMonitor = {
  health(): LinkHealth;
  /** The peer connection's ICE state changed (called by the link). */
  iceStateChanged(): void;
  stop(): void;
};

const iceUp = (pc: RTCPeerConnection) =>
  pc.iceConnectionState === 'connected' || pc.iceConnectionState === 'completed';
const iceLost = (pc: RTCPeerConnection) =>
  pc.iceConnectionState === 'disconnected' || pc.iceConnectionState === 'failed';

export function createLinkMonitor(options: LinkMonitorOptions): LinkMonitor {
  const { pc, onChange } = options;
  const now = options.now ?? (() => performance.now());
  const read = options.readSample ?? readLinkSample;
  const startedAt = now();
  let health: LinkHealth = {
    phase: 'connecting',
    quality: null,
    figures: { rttMs: null, packetLossPct: null, bitrateKbps: null, framesPerSecond: null },
    localCandidateType: null,
    remoteCandidateType: null,
    timeToFirstFrameMs: null,
  };
  let stopped = false;
  let previous: LinkSample | null = null;
  /** packets received when the path was lost: more than this means media is back */
  let packetsAtLoss = 0;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  let poll: ReturnType<typeof setTimeout> | null = null;
  let polling = false;
  // A function, not an inline test: the phase changes across the awaits below.
  const failed = () => health.phase === 'failed';

  const update = (patch: Partial<LinkHealth>) => {
    const next = { ...health, ...patch };
    const changed = (Object.keys(patch) as (keyof LinkHealth)[]).some(
      (k) => JSON.stringify(next[k]) !== JSON.stringify(health[k]),
    );
    health = next;
    if (changed && !stopped) onChange(health);
  };

  const clearDeadline = () => {
    if (deadline !== null) clearTimeout(deadline);
    deadline = null;
  };
  const armDeadline = (ms: number) => {
    clearDeadline();
    deadline = setTimeout(() => {
      deadline = null;
      if (stopped || health.phase === 'connected') return;
      update({ phase: 'failed', quality: 'bad' });
      stopTimers();
    }, ms);
  };
  const stopTimers = () => {
    clearDeadline();
    if (poll !== null) clearTimeout(poll);
    poll = null;
  };

  const schedule = () => {
    if (stopped || health.phase === 'failed' || poll !== null) return;
    const ms = health.phase === 'connected' ? POLL_CONNECTED_MS : POLL_CONNECTING_MS;
    poll = setTimeout(() => {
      poll = null;
      void tick();
    }, ms);
  };

  async function tick(): Promise<void> {
    if (stopped || polling || failed()) return;
    polling = true;
    let sample: LinkSample;
    try {
      sample = await read(pc);
    } catch {
      polling = false;
      schedule();
      return;
    } finally {
      polling = false;
    }
    if (stopped || failed()) return;
    const paths = {
      localCandidateType: sample.localCandidateType ?? health.localCandidateType,
      remoteCandidateType: sample.remoteCandidateType ?? health.remoteCandidateType,
    };
    if (health.phase === 'connecting' && iceUp(pc) && mediaFlows(sample)) {
      clearDeadline();
      update({
        ...paths,
        phase: 'connected',
        quality: 'good',
        figures: linkFigures(null, sample),
        timeToFirstFrameMs: Math.round(now() - startedAt),
      });
    } else if (
      health.phase === 'reconnecting' &&
      iceUp(pc) &&
      sample.packetsReceived > packetsAtLoss
    ) {
      clearDeadline();
      update({ ...paths, phase: 'connected', figures: linkFigures(null, sample) });
    } else if (health.phase === 'connected') {
      const figures = linkFigures(previous, sample);
      update({ ...paths, figures, quality: classifyQuality(figures) });
    }
    previous = sample;
    schedule();
  }

  armDeadline(options.connectDeadlineMs ?? CONNECT_DEADLINE_MS);
  schedule();

  return {
    health: () => health,
    iceStateChanged() {
      if (stopped || health.phase === 'failed') return;
      if (health.phase === 'connected' && iceLost(pc)) {
        packetsAtLoss = previous?.packetsReceived ?? 0;
        update({ phase: 'reconnecting', quality: 'bad' });
        armDeadline(options.reconnectDeadlineMs ?? RECONNECT_DEADLINE_MS);
        if (poll !== null) clearTimeout(poll);
        poll = null;
        schedule();
      } else if (iceUp(pc) && health.phase !== 'connected') {
        // Check the media at once rather than at the next poll.
        if (poll !== null) clearTimeout(poll);
        poll = null;
        void tick();
      }
    },
    stop() {
      stopped = true;
      stopTimers();
    },
  };
}
