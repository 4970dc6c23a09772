/**
 * What one peer connection's `getStats()` says about the link: whether remote media flows, the
 * selected candidate pair, and the figures the quality indicator is drawn from. A sample is read
 * against the previous one, so loss and bitrate describe the last interval, not the whole call.
 */
import type { CandidateType, ConnectionQuality } from '@belleza/contract';

export type LinkSample = {
  /** ms, from the stats' own timestamp */
  at: number;
  framesDecoded: number;
  audioPacketsReceived: number;
  packetsReceived: number;
  packetsLost: number;
  videoBytesReceived: number;
  /** whether the other side sends video at all (camera denied → audio only) */
  expectsVideo: boolean;
  rttMs: number | null;
  localCandidateType: CandidateType | null;
  remoteCandidateType: CandidateType | null;
};

export type LinkFigures = {
  rttMs: number | null;
  packetLossPct: number | null;
  bitrateKbps: number | null;
  /** decoded video frames per second over the interval (null without video) */
  framesPerSecond: number | null;
};

type StatsEntry = {
  type: string;
  id: string;
  timestamp?: number;
  kind?: string;
  framesDecoded?: number;
  packetsReceived?: number;
  packetsLost?: number;
  bytesReceived?: number;
  selectedCandidatePairId?: string;
  nominated?: boolean;
  state?: string;
  currentRoundTripTime?: number;
  localCandidateId?: string;
  remoteCandidateId?: string;
  candidateType?: string;
};

const CANDIDATE_TYPES: readonly string[] = ['host', 'srflx', 'prflx', 'relay'];
const candidateType = (entry: StatsEntry | undefined): CandidateType | null =>
  entry?.candidateType && CANDIDATE_TYPES.includes(entry.candidateType)
    ? (entry.candidateType as CandidateType)
    : null;

/** Does this connection receive video from the other side (negotiated, not necessarily flowing)? */
export function receivesVideo(pc: RTCPeerConnection): boolean {
  return pc
    .getTransceivers()
    .some(
      (t) =>
        t.receiver.track.kind === 'video' &&
        (t.currentDirection === 'sendrecv' || t.currentDirection === 'recvonly'),
    );
}

export async function readLinkSample(pc: RTCPeerConnection): Promise<LinkSample> {
  const report = await pc.getStats();
  const entries = new Map<string, StatsEntry>();
  report.forEach((s: StatsEntry) => entries.set(s.id, s));
  const sample: LinkSample = {
    at: 0,
    framesDecoded: 0,
    audioPacketsReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    videoBytesReceived: 0,
    expectsVideo: receivesVideo(pc),
    rttMs: null,
    localCandidateType: null,
    remoteCandidateType: null,
  };
  let pair: StatsEntry | undefined;
  for (const s of entries.values()) {
    sample.at = Math.max(sample.at, s.timestamp ?? 0);
    if (s.type === 'inbound-rtp') {
      sample.packetsReceived += s.packetsReceived ?? 0;
      sample.packetsLost += Math.max(0, s.packetsLost ?? 0);
      if (s.kind === 'video') {
        sample.framesDecoded += s.framesDecoded ?? 0;
        sample.videoBytesReceived += s.bytesReceived ?? 0;
      } else if (s.kind === 'audio') sample.audioPacketsReceived += s.packetsReceived ?? 0;
    } else if (s.type === 'transport' && s.selectedCandidatePairId) {
      pair = entries.get(s.selectedCandidatePairId);
    }
  }
  // Browsers without transport stats: the nominated pair that works.
  pair ??= [...entries.values()].find(
    (s) => s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded',
  );
  if (pair) {
    if (pair.currentRoundTripTime !== undefined)
      sample.rttMs = Math.round(pair.currentRoundTripTime * 1000);
    sample.localCandidateType = candidateType(entries.get(pair.localCandidateId ?? ''));
    sample.remoteCandidateType = candidateType(entries.get(pair.remoteCandidateId ?? ''));
  }
  return sample;
}

/** Remote media is flowing: a decoded frame, or audio when the other side sends no video. */
export const mediaFlows = (s: LinkSample): boolean =>
  s.framesDecoded > 0 || (!s.expectsVideo && s.audioPacketsReceived > 0);

/** Loss and bitrate over the interval between two samples of the same connection. */
export function linkFigures(prev: LinkSample | null, next: LinkSample): LinkFigures {
  if (!prev || next.at <= prev.at)
    return { rttMs: next.rttMs, packetLossPct: null, bitrateKbps: null, framesPerSecond: null };
  const received = next.packetsReceived - prev.packetsReceived;
  const lost = next.packetsLost - prev.packetsLost;
  const total = received + lost;
  const seconds = (next.at - prev.at) / 1000;
  const bytes = next.videoBytesReceived - prev.videoBytesReceived;
  return {
    rttMs: next.rttMs,
    packetLossPct: total > 0 ? Math.round((Math.max(0, lost) / total) * 1000) / 10 : null,
    bitrateKbps: next.expectsVideo && bytes >= 0 ? Math.round((bytes * 8) / 1000 / seconds) : null,
    framesPerSecond: next.expectsVideo
      ? Math.max(0, Math.round((next.framesDecoded - prev.framesDecoded) / seconds))
      : null,
  };
}

/**
 * Thresholds of the quality indicator. Interactive video feels laggy above ~300 ms round trip and
 * breaks up above ~700 ms; a few percent loss shows as artefacts, ten percent as freezes; below
 * ~150 kbit/s the picture of a face is a blur, below ~50 kbit/s it is a slide show. Bitrate counts
 * only while video moves (≥ MIN_FPS_FOR_BITRATE): a camera turned off sends a black frame now and
 * then, which is little data on a fine link.
 */
export const MIN_FPS_FOR_BITRATE = 5;
export const QUALITY_LIMITS = {
  weak: { rttMs: 300, packetLossPct: 3, bitrateKbps: 150 },
  bad: { rttMs: 700, packetLossPct: 10, bitrateKbps: 50 },
} as const;

export function classifyQuality(f: LinkFigures): ConnectionQuality {
  const exceeds = (limits: { rttMs: number; packetLossPct: number; bitrateKbps: number }) =>
    (f.rttMs !== null && f.rttMs >= limits.rttMs) ||
    (f.packetLossPct !== null && f.packetLossPct >= limits.packetLossPct) ||
    (f.bitrateKbps !== null &&
      (f.framesPerSecond ?? 0) >= MIN_FPS_FOR_BITRATE &&
      f.bitrateKbps < limits.bitrateKbps);
  if (exceeds(QUALITY_LIMITS.bad)) return 'bad';
  if (exceeds(QUALITY_LIMITS.weak)) return 'weak';
  return 'good';
}
