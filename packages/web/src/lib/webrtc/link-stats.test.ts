import { describe, expect, it } from 'vitest';
import {
  classifyQuality,
  linkFigures,
  mediaFlows,
  readLinkSample,
  type LinkFigures,
  type LinkSample,
} from './link-stats';

const figures = (f: Partial<LinkFigures>): LinkFigures => ({
  rttMs: 40,
  packetLossPct: 0,
  bitrateKbps: 800,
  framesPerSecond: 25,
  ...f,
});

const sample = (s: Partial<LinkSample>): LinkSample => ({
  at: 0,
  framesDecoded: 0,
  audioPacketsReceived: 0,
  packetsReceived: 0,
  packetsLost: 0,
  videoBytesReceived: 0,
  expectsVideo: true,
  rttMs: null,
  localCandidateType: null,
  remoteCandidateType: null,
  ...s,
});

describe('connection quality', () => {
  it.each([
    ['a quick clean link', {}, 'good'],
    ['300 ms round trip', { rttMs: 300 }, 'weak'],
    ['700 ms round trip', { rttMs: 700 }, 'bad'],
    ['3 % loss', { packetLossPct: 3 }, 'weak'],
    ['10 % loss', { packetLossPct: 10 }, 'bad'],
    ['moving video at 120 kbit/s', { bitrateKbps: 120 }, 'weak'],
    ['moving video at 40 kbit/s', { bitrateKbps: 40 }, 'bad'],
    // A camera turned off sends a black frame now and then: little data, nothing wrong.
    ['a still picture at 5 kbit/s', { bitrateKbps: 5, framesPerSecond: 1 }, 'good'],
    [
      'audio only (no bitrate, no frame rate)',
      { bitrateKbps: null, framesPerSecond: null },
      'good',
    ],
    ['nothing measured yet', { rttMs: null, packetLossPct: null, bitrateKbps: null }, 'good'],
    ['the worst figure wins', { rttMs: 350, packetLossPct: 12 }, 'bad'],
  ] as const)('%s → %s', (_name, f, expected) => {
    expect(classifyQuality(figures(f))).toBe(expected);
  });
});

describe('link figures between two samples', () => {
  it('loss and bitrate describe the interval, not the whole call', () => {
    const prev = sample({
      at: 1000,
      packetsReceived: 1000,
      packetsLost: 10,
      videoBytesReceived: 0,
      framesDecoded: 100,
    });
    const next = sample({
      at: 3000,
      packetsReceived: 1190,
      packetsLost: 20,
      videoBytesReceived: 250_000,
      framesDecoded: 150,
      rttMs: 80,
    });
    expect(linkFigures(prev, next)).toEqual({
      rttMs: 80,
      packetLossPct: 5,
      bitrateKbps: 1000,
      framesPerSecond: 25,
    });
  });

  it('has only the round trip on the first sample', () => {
    expect(linkFigures(null, sample({ rttMs: 12 }))).toEqual({
      rttMs: 12,
      packetLossPct: null,
      bitrateKbps: null,
      framesPerSecond: null,
    });
  });
});

describe('media flowing', () => {
  it('needs a decoded frame, or audio when the other side sends no video', () => {
    expect(mediaFlows(sample({ audioPacketsReceived: 50 }))).toBe(false);
    expect(mediaFlows(sample({ framesDecoded: 1 }))).toBe(true);
    expect(mediaFlows(sample({ expectsVideo: false, audioPacketsReceived: 1 }))).toBe(true);
    expect(mediaFlows(sample({ expectsVideo: false }))).toBe(false);
  });
});

describe('reading getStats()', () => {
  it('finds the selected pair through the transport and names both candidate types', async () => {
    const report = new Map<string, Record<string, unknown>>([
      ['T1', { id: 'T1', type: 'transport', timestamp: 5000, selectedCandidatePairId: 'CP2' }],
      [
        'CP1',
        {
          id: 'CP1',
          type: 'candidate-pair',
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
          currentRoundTripTime: 0.001,
        },
      ],
      [
        'CP2',
        {
          id: 'CP2',
          type: 'candidate-pair',
          localCandidateId: 'L2',
          remoteCandidateId: 'R2',
          currentRoundTripTime: 0.0425,
        },
      ],
      ['L1', { id: 'L1', type: 'local-candidate', candidateType: 'host' }],
      ['L2', { id: 'L2', type: 'local-candidate', candidateType: 'relay' }],
      ['R2', { id: 'R2', type: 'remote-candidate', candidateType: 'srflx' }],
      [
        'V',
        {
          id: 'V',
          type: 'inbound-rtp',
          kind: 'video',
          framesDecoded: 30,
          packetsReceived: 400,
          packetsLost: 4,
          bytesReceived: 90_000,
        },
      ],
      ['A', { id: 'A', type: 'inbound-rtp', kind: 'audio', packetsReceived: 250, packetsLost: 1 }],
    ]);
    const pc = {
      getStats: () => Promise.resolve(report),
      getTransceivers: () => [
        { receiver: { track: { kind: 'audio' } }, currentDirection: 'sendrecv' },
        { receiver: { track: { kind: 'video' } }, currentDirection: 'sendrecv' },
      ],
    } as unknown as RTCPeerConnection;
    expect(await readLinkSample(pc)).toEqual({
      at: 5000,
      framesDecoded: 30,
      audioPacketsReceived: 250,
      packetsReceived: 650,
      packetsLost: 5,
      videoBytesReceived: 90_000,
      expectsVideo: true,
      rttMs: 43,
      localCandidateType: 'relay',
      remoteCandidateType: 'srflx',
    });
  });

  it('knows the other side sends no video when its video transceiver only sends', async () => {
    const pc = {
      getStats: () => Promise.resolve(new Map()),
      getTransceivers: () => [
        { receiver: { track: { kind: 'video' } }, currentDirection: 'sendonly' },
      ],
    } as unknown as RTCPeerConnection;
    expect((await readLinkSample(pc)).expectsVideo).toBe(false);
  });
});
