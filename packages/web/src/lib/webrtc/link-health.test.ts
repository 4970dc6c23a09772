import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECT_DEADLINE_MS,
  POLL_CONNECTED_MS,
  POLL_CONNECTING_MS,
  RECONNECT_DEADLINE_MS,
  createLinkMonitor,
  type LinkHealth,
} from './link-health';
import type { LinkSample } from './link-stats';

/** A peer connection reduced to what the monitor reads, with media the test turns on and off. */
class FakeLink {
  iceConnectionState: RTCIceConnectionState = 'checking';
  media: LinkSample = {
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
  };
  /** media flows: every read advances the counters as a live 25 fps / 1 Mbit/s stream would */
  flowing = false;
  /** packets lost per read while flowing */
  lossPerRead = 0;
  read = () => {
    this.media = { ...this.media, at: this.media.at + 1000 };
    if (this.flowing) {
      this.media.framesDecoded += 25;
      this.media.packetsReceived += 100;
      this.media.packetsLost += this.lossPerRead;
      this.media.audioPacketsReceived += 50;
      this.media.videoBytesReceived += 125_000;
      this.media.rttMs = 30;
      this.media.localCandidateType = 'relay';
      this.media.remoteCandidateType = 'srflx';
    }
    return Promise.resolve({ ...this.media });
  };
}

function setup() {
  const link = new FakeLink();
  const changes: LinkHealth[] = [];
  const clock = { t: 0 };
  const monitor = createLinkMonitor({
    pc: link as unknown as RTCPeerConnection,
    onChange: (h) => changes.push(h),
    readSample: link.read,
    now: () => clock.t,
  });
  const phases = () => changes.map((c) => c.phase).filter((p, i, a) => a[i - 1] !== p);
  /** Advances the fake clock and timers together, letting the awaited stats reads settle. */
  const advance = async (ms: number) => {
    clock.t += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  const setIce = (state: RTCIceConnectionState) => {
    link.iceConnectionState = state;
    monitor.iceStateChanged();
  };
  return { link, monitor, changes, phases, advance, setIce };
}

describe('link health', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is connected only when ICE is up AND the first remote frame is decoded', async () => {
    const { link, monitor, advance, setIce } = setup();
    setIce('connected');
    await advance(POLL_CONNECTING_MS * 4);
    // ICE alone is not a call: no frame yet.
    expect(monitor.health().phase).toBe('connecting');
    link.flowing = true;
    await advance(POLL_CONNECTING_MS);
    expect(monitor.health()).toMatchObject({
      phase: 'connected',
      quality: 'good',
      localCandidateType: 'relay',
      remoteCandidateType: 'srflx',
      timeToFirstFrameMs: POLL_CONNECTING_MS * 5,
    });
    monitor.stop();
  });

  it('counts audio as media when the other side sends no video', async () => {
    const { link, monitor, advance, setIce } = setup();
    link.media.expectsVideo = false;
    link.media.audioPacketsReceived = 3;
    setIce('completed');
    await advance(POLL_CONNECTING_MS);
    expect(monitor.health().phase).toBe('connected');
    monitor.stop();
  });

  it('fails when media has not flowed by the deadline, and stays failed', async () => {
    const { link, monitor, advance, setIce, phases } = setup();
    setIce('connected'); // signalling and ICE may even look fine: no frame is what counts
    await advance(CONNECT_DEADLINE_MS - 1);
    expect(monitor.health().phase).toBe('connecting');
    await advance(1);
    expect(monitor.health()).toMatchObject({ phase: 'failed', quality: 'bad' });
    link.flowing = true;
    await advance(POLL_CONNECTED_MS * 3);
    expect(phases()).toEqual(['failed']);
    monitor.stop();
  });

  it('goes connected → reconnecting → connected when the path is lost and found again', async () => {
    const { link, monitor, advance, setIce, phases } = setup();
    link.flowing = true;
    setIce('connected');
    await advance(POLL_CONNECTING_MS);
    link.flowing = false;
    setIce('disconnected');
    expect(monitor.health()).toMatchObject({ phase: 'reconnecting', quality: 'bad' });
    // ICE restarted and up again, but nothing arrived yet: still reconnecting.
    setIce('connected');
    await advance(POLL_CONNECTING_MS * 2);
    expect(monitor.health().phase).toBe('reconnecting');
    link.flowing = true;
    await advance(POLL_CONNECTING_MS);
    expect(phases()).toEqual(['connected', 'reconnecting', 'connected']);
    // The recovery cancelled the reconnect deadline.
    await advance(RECONNECT_DEADLINE_MS * 2);
    expect(monitor.health().phase).toBe('connected');
    monitor.stop();
  });

  it('fails when a lost path is not found again within the reconnect deadline', async () => {
    const { link, monitor, advance, setIce, phases } = setup();
    link.flowing = true;
    setIce('connected');
    await advance(POLL_CONNECTING_MS);
    link.flowing = false;
    setIce('failed');
    await advance(RECONNECT_DEADLINE_MS - 1);
    expect(monitor.health().phase).toBe('reconnecting');
    await advance(1);
    expect(phases()).toEqual(['connected', 'reconnecting', 'failed']);
    monitor.stop();
  });

  it('grades the link from the figures of each interval while connected', async () => {
    const { link, monitor, advance, setIce } = setup();
    link.flowing = true;
    setIce('connected');
    await advance(POLL_CONNECTING_MS);
    await advance(POLL_CONNECTED_MS);
    expect(monitor.health()).toMatchObject({ quality: 'good', figures: { packetLossPct: 0 } });
    // 100 received and 12 lost in the next interval: about 11 % loss.
    link.lossPerRead = 12;
    await advance(POLL_CONNECTED_MS);
    expect(monitor.health()).toMatchObject({ quality: 'bad', figures: { packetLossPct: 10.7 } });
    monitor.stop();
  });

  it('reports nothing after it is stopped', async () => {
    const { link, monitor, changes, advance, setIce } = setup();
    monitor.stop();
    link.flowing = true;
    setIce('connected');
    await advance(CONNECT_DEADLINE_MS * 2);
    expect(changes).toEqual([]);
  });
});
