import type { RtcJoined } from '@belleza/contract';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket, type AckOf } from '@/test/fake-socket';
import type { LinkSample } from './link-stats';
import {
  ICE_RENEW_RETRY_MS,
  JOIN_ACK_TIMEOUT_MS,
  STATS_REPORT_MS,
  createMeshSession,
  type MeshEvent,
  type SignalingSocket,
} from './mesh-session';
import { CONNECT_TIMEOUT_MS, RECONNECT_RESTART_MS, isPolite } from './perfect-negotiation';

/** The page's last `rtc:join`, with its acknowledgement to answer. */
function lastJoin(socket: FakeSocket) {
  const join = socket.of('rtc:join').at(-1);
  if (!join?.ack) throw new Error('no join');
  return join;
}
const ackJoin = (socket: FakeSocket, data: RtcJoined) =>
  socket.answer(lastJoin(socket), { ok: true, data });

/** A sender that records which track it was given. */
class FakeSender {
  replaced: (MediaStreamTrack | null)[] = [];
  constructor(public track: MediaStreamTrack | null) {}
  replaceTrack(track: MediaStreamTrack | null) {
    this.track = track;
    this.replaced.push(track);
    return Promise.resolve();
  }
}

/** A peer connection that records what negotiation asked of it. */
class FakePc {
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remote: { type: string; sdp?: string }[] = [];
  candidates: unknown[] = [];
  transceivers: string[] = [];
  closed = false;
  onnegotiationneeded: (() => void) | null = null;
  ontrack: unknown = null;
  onicecandidate: unknown = null;
  onconnectionstatechange: unknown = null;
  oniceconnectionstatechange: unknown = null;
  senders: FakeSender[] = [];
  streamsOf = new Map<FakeSender, unknown>();
  addTrack(track: MediaStreamTrack, stream: unknown) {
    const sender = new FakeSender(track);
    this.senders.push(sender);
    this.streamsOf.set(sender, stream);
    return sender;
  }
  removeTrack(sender: FakeSender) {
    this.senders = this.senders.filter((s) => s !== sender);
  }
  addTransceiver(kind: string) {
    this.transceivers.push(kind);
  }
  setLocalDescription() {
    this.localDescription =
      this.signalingState === 'have-remote-offer'
        ? { type: 'answer', sdp: 'answer-sdp' }
        : { type: 'offer', sdp: 'offer-sdp' };
    this.signalingState = this.localDescription.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(d: { type: RTCSdpType; sdp?: string }) {
    this.remote.push(d);
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  get remoteDescription() {
    return this.remote.at(-1) ?? null;
  }
  addIceCandidate(c: unknown) {
    this.candidates.push(c);
    return Promise.resolve();
  }
  restartIce() {}
  configuration: RTCConfiguration = { iceServers: [] };
  getConfiguration() {
    return this.configuration;
  }
  setConfiguration(config: RTCConfiguration) {
    this.configuration = config;
  }
  close() {
    this.closed = true;
  }
}

/** What every link's stats say: media flowing over a relay, 40 ms round trip. */
const flowing: LinkSample = {
  at: 1000,
  framesDecoded: 10,
  audioPacketsReceived: 50,
  packetsReceived: 100,
  packetsLost: 0,
  videoBytesReceived: 50_000,
  expectsVideo: true,
  rttMs: 40,
  localCandidateType: 'relay',
  remoteCandidateType: 'relay',
};

function setup(
  myPeer = 'p-b',
  localStream: MediaStream | Promise<MediaStream | null> | null = null,
) {
  const socket = new FakeSocket({ connected: true });
  const pcs: FakePc[] = [];
  const events: MeshEvent[] = [];
  const session = createMeshSession({
    monitor: { readSample: () => Promise.resolve({ ...flowing }) },
    socket: socket as unknown as SignalingSocket,
    callId: 'call_1',
    token: 'tok',
    localStream,
    onEvent: (e) => events.push(e),
    createPeerConnection: (config) => {
      const pc = new FakePc();
      pc.configuration = config;
      pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
  });
  const join = (
    peers: RtcJoined['peers'] = [],
    screenShare = false,
    ice: Pick<RtcJoined, 'iceServers' | 'iceServersTtlMs'> = {
      iceServers: [],
      iceServersTtlMs: null,
    },
  ) => ackJoin(socket, { peerId: myPeer, resumeKey: `key-${myPeer}`, peers, screenShare, ...ice });
  return { socket, pcs, events, session, join };
}

const peer = (peerId: string, userName = 'Eva') => ({
  callId: 'call_1',
  peerId,
  userName,
  userType: 'advisor' as const,
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('mesh session', () => {
  it('joins with the token and links to every peer already in the room', () => {
    const { socket, pcs, events, join } = setup();
    expect(lastJoin(socket).payload).toEqual({ callId: 'call_1', token: 'tok' });
    join([peer('p-a'), peer('p-c', 'Admin')]);
    expect(pcs).toHaveLength(2);
    // With no local media it still receives both kinds.
    expect(pcs[0]!.transceivers).toEqual(['video', 'audio']);
    expect(events.find((e) => e.type === 'joined')).toMatchObject({
      peerId: 'p-b',
      peers: [{ peerId: 'p-a' }, { peerId: 'p-c' }],
    });
  });

  it('lets the newcomer offer: a peer that joins after us gets a tile, and a link on its first signal', async () => {
    const { socket, pcs, events, join } = setup();
    join([]);
    socket.deliverNow('rtc:peer-joined', peer('p-a'));
    expect(events.at(-1)).toMatchObject({
      type: 'peer-joined',
      peer: { peerId: 'p-a', userName: 'Eva' },
    });
    expect(pcs).toHaveLength(0);
    socket.deliverNow('rtc:signal', {
      ...peer('p-a'),
      from: 'p-a',
      to: 'p-b',
      description: { type: 'offer', sdp: 'x' },
    });
    await flush();
    expect(pcs).toHaveLength(1);
  });

  it('answers an offer from a peer and sends its signals only to that peer', async () => {
    const { socket, pcs, join } = setup();
    join([]);
    socket.deliverNow('rtc:peer-joined', peer('p-a'));
    socket.deliverNow('rtc:signal', {
      ...peer('p-a'),
      from: 'p-a',
      to: 'p-b',
      description: { type: 'offer', sdp: 'x' },
    });
    await flush();
    expect(pcs[0]!.remote).toEqual([{ type: 'offer', sdp: 'x' }]);
    const out = socket.sent.filter((e) => e.event === 'rtc:signal');
    expect(out.at(-1)?.payload).toEqual({
      callId: 'call_1',
      to: 'p-a',
      description: { type: 'answer', sdp: 'answer-sdp' },
    });
  });

  it('counts a supervisor as speaking when her word overtakes the join ack that lists her silent', () => {
    const boss = {
      ...peer('p-s', 'Carmen'),
      userType: 'admin' as const,
      supervisor: true as const,
    };
    const late = setup();
    late.join([boss]);
    expect(late.events.find((e) => e.type === 'joined')).toMatchObject({
      peers: [{ peerId: 'p-s', supervisor: true }],
    });

    const { socket, events, join } = setup();
    // The server put us in the room, she spoke, then our ack (listed before she spoke) arrived.
    socket.deliverNow('rtc:peer-speaks', { callId: 'call_1', peerId: 'p-s' });
    join([boss]);
    expect(events.find((e) => e.type === 'joined')).toMatchObject({
      peers: [{ peerId: 'p-s', supervisor: false }],
    });
  });

  it('keeps signals that overtake its own join ack until the ack arrives', async () => {
    const { socket, pcs, join } = setup();
    socket.deliverNow('rtc:signal', {
      ...peer('p-a'),
      from: 'p-a',
      to: 'p-b',
      description: { type: 'offer', sdp: 'early' },
    });
    expect(pcs).toHaveLength(0);
    join([]);
    await flush();
    expect(pcs).toHaveLength(1);
    expect(pcs[0]!.remote).toEqual([{ type: 'offer', sdp: 'early' }]);
  });

  it('joins the room while the camera starts, and opens its links once the stream is there', async () => {
    let streamReady: (stream: MediaStream | null) => void = () => undefined;
    const camera = new Promise<MediaStream | null>((resolve) => (streamReady = resolve));
    const { socket, pcs, events, join } = setup('p-b', camera);
    // The join does not wait for the camera; the peers in the room get their tiles at once.
    expect(lastJoin(socket).payload).toEqual({ callId: 'call_1', token: 'tok' });
    join([peer('p-a')]);
    expect(events.find((e) => e.type === 'joined')).toMatchObject({
      peers: [{ peerId: 'p-a' }],
    });
    // An offer from a peer that joined meanwhile waits for the stream too.
    socket.deliverNow('rtc:signal', {
      ...peer('p-c'),
      from: 'p-c',
      to: 'p-b',
      description: { type: 'offer', sdp: 'before-camera' },
    });
    await flush();
    expect(pcs).toHaveLength(0);
    expect(socket.sent.filter((e) => e.event === 'rtc:signal')).toHaveLength(0);

    streamReady(null);
    await flush();
    // Then: a link to the peer already there (we offer), and our answer to the one that offered.
    expect(pcs).toHaveLength(2);
    expect(pcs[1]!.remote).toEqual([{ type: 'offer', sdp: 'before-camera' }]);
    const sent = socket.sent.filter((e) => e.event === 'rtc:signal').map((e) => e.payload);
    expect(sent).toEqual([
      { callId: 'call_1', to: 'p-c', description: { type: 'answer', sdp: 'answer-sdp' } },
    ]);
  });

  it('the impolite side ignores a colliding offer; the polite side rolls back and answers', async () => {
    expect(isPolite('p-a', 'p-b')).toBe(true);
    expect(isPolite('p-b', 'p-a')).toBe(false);
    for (const [me, polite] of [
      ['p-b', false],
      ['p-0', true],
    ] as const) {
      const { socket, pcs, join } = setup(me);
      join([peer('p-a')]);
      const pc = pcs[0]!;
      pc.onnegotiationneeded!();
      await flush();
      expect(pc.signalingState).toBe('have-local-offer');
      socket.deliverNow('rtc:signal', {
        ...peer('p-a'),
        from: 'p-a',
        to: me,
        description: { type: 'offer', sdp: 'theirs' },
      });
      await flush();
      expect(pc.remote.length).toBe(polite ? 1 : 0);
    }
  });

  it('closes the link of a peer that left, and starts over when a reconnect gives another id', () => {
    const { socket, pcs, events, join } = setup();
    join([peer('p-a')]);
    socket.deliverNow('rtc:peer-left', { callId: 'call_1', peerId: 'p-a' });
    expect(pcs[0]!.closed).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'peer-left', peer: { peerId: 'p-a' } });

    socket.deliverNow('rtc:signal', {
      ...peer('p-c'),
      from: 'p-c',
      to: 'p-b',
      description: { type: 'offer', sdp: 'y' },
    });
    socket.deliverNow('connect');
    const joins = socket.sent.filter((e) => e.event === 'rtc:join');
    expect(joins).toHaveLength(2);
    expect(joins[1]!.payload).toMatchObject({ resume: { peerId: 'p-b', key: 'key-p-b' } });
    // The server refused to keep the id: this side is a newcomer, its old links go.
    ackJoin(socket, {
      peerId: 'p-new',
      resumeKey: 'key-p-new',
      peers: [],
      iceServers: [],
      iceServersTtlMs: null,
      screenShare: false,
    });
    expect(pcs[1]!.closed).toBe(true);
  });

  it('keeps its links and their media across a reconnect that keeps its peer id', () => {
    const { socket, pcs, events, join } = setup();
    join([peer('p-a')]);
    expect(pcs).toHaveLength(1);
    const before = events.length;
    socket.deliverNow('disconnect');
    socket.deliverNow('connect');
    const last = socket.sent.filter((e) => e.event === 'rtc:join').at(-1)!;
    expect(last.payload).toMatchObject({ resume: { peerId: 'p-b', key: 'key-p-b' } });
    // No new join on the page: its tiles stay while the server answers.
    expect(events.slice(before).some((e) => e.type === 'joining')).toBe(false);
    join([peer('p-a')]);
    expect(pcs).toHaveLength(1);
    expect(pcs[0]!.closed).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'joined', peers: [{ peerId: 'p-a' }] });
    // Signals still reach the same link.
    socket.deliverNow('rtc:signal', {
      ...peer('p-a'),
      from: 'p-a',
      to: 'p-b',
      candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect(pcs).toHaveLength(1);
  });

  it('offers to a peer back as the same peer when this side had closed its link to her', () => {
    const { socket, pcs, join } = setup();
    join([peer('p-a')]);
    socket.deliverNow('rtc:peer-left', { callId: 'call_1', peerId: 'p-a' });
    expect(pcs[0]!.closed).toBe(true);
    // She kept her link to us and will not offer: we do, on a new link.
    socket.deliverNow('rtc:peer-joined', { ...peer('p-a'), resumed: true });
    expect(pcs).toHaveLength(2);
    expect(pcs[1]!.closed).toBe(false);
    // A resumed peer we still have a link to keeps it.
    socket.deliverNow('rtc:peer-joined', { ...peer('p-a'), resumed: true });
    expect(pcs).toHaveLength(2);
  });

  it('answers an offer from a new connection of a known peer on a new link', async () => {
    const { socket, pcs, join } = setup();
    join([]);
    const from = (fingerprint: string) => ({
      ...peer('p-a'),
      from: 'p-a',
      to: 'p-b',
      description: {
        type: 'offer' as const,
        sdp: `v=0\r\na=fingerprint:sha-256 ${fingerprint}\r\n`,
      },
    });
    socket.deliverNow('rtc:signal', from('AA:AA'));
    await flush();
    expect(pcs).toHaveLength(1);
    // The same connection renegotiating (same certificate) stays on its link.
    socket.deliverNow('rtc:signal', from('AA:AA'));
    await flush();
    expect(pcs).toHaveLength(1);
    // Another certificate: her old connection is gone; ours to it is closed, a new one answers.
    socket.deliverNow('rtc:signal', from('BB:BB'));
    await flush();
    expect(pcs).toHaveLength(2);
    expect(pcs[0]!.closed).toBe(true);
    expect(pcs[1]!.remote.at(-1)?.sdp).toContain('BB:BB');
  });

  it('ignores events of other calls', () => {
    const { socket, pcs, join } = setup();
    join([]);
    socket.deliverNow('rtc:peer-joined', { ...peer('p-x'), callId: 'call_2' });
    socket.deliverNow('rtc:signal', {
      ...peer('p-x'),
      callId: 'call_2',
      from: 'p-x',
      to: 'p-b',
      description: { type: 'offer' },
    });
    expect(pcs).toHaveLength(0);
  });

  it('reports a refused join as fatal and a closed room as the end', () => {
    const { socket, events, session } = setup();
    lastJoin(socket).ack!({ ok: false, error: { code: 'FORBIDDEN', message: 'no' } });
    expect(events.at(-1)).toEqual({ type: 'error', code: 'FORBIDDEN', message: 'no', fatal: true });
    session.rejoin();
    ackJoin(socket, {
      peerId: 'p-b',
      resumeKey: 'key-p-b',
      peers: [peer('p-a')],
      iceServers: [],
      iceServersTtlMs: null,
      screenShare: false,
    });
    socket.deliverNow('rtc:closed', { callId: 'call_1', reason: 'ended' });
    expect(events.at(-1)).toEqual({ type: 'closed', reason: 'ended' });
  });

  it('restarts ICE on a link that does not connect, the impolite end first', () => {
    vi.useFakeTimers();
    try {
      const impolite = setup('p-b');
      impolite.join([peer('p-a')]);
      const restart = vi.spyOn(impolite.pcs[0]!, 'restartIce');
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
      expect(restart).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(restart).toHaveBeenCalledTimes(1);

      const polite = setup('p-0');
      polite.join([peer('p-a')]);
      const politeRestart = vi.spyOn(polite.pcs[0]!, 'restartIce');
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
      expect(politeRestart).not.toHaveBeenCalled();
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS / 2);
      expect(politeRestart).toHaveBeenCalledTimes(1);

      // Connected: no more restarts.
      const pc = polite.pcs[0]!;
      pc.connectionState = 'connected';
      (pc.onconnectionstatechange as () => void)();
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS * 5);
      expect(politeRestart).toHaveBeenCalledTimes(1);
      impolite.session.leave();
      polite.session.leave();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports its link to the server once media flows, and shows the other side's report", async () => {
    vi.useFakeTimers();
    try {
      const { socket, pcs, events, join, session } = setup();
      join([peer('p-a')]);
      await vi.advanceTimersByTimeAsync(STATS_REPORT_MS);
      // ICE not up yet: nothing is connected, nothing to report.
      expect(socket.sent.filter((e) => e.event === 'rtc:stats')).toHaveLength(0);
      const pc = pcs[0]!;
      pc.iceConnectionState = 'connected';
      (pc.oniceconnectionstatechange as () => void)();
      await vi.advanceTimersByTimeAsync(0);
      const reports = () => socket.sent.filter((e) => e.event === 'rtc:stats');
      expect(reports()[0]?.payload).toEqual({
        callId: 'call_1',
        quality: 'good',
        localCandidateType: 'relay',
        remoteCandidateType: 'relay',
        rttMs: 40,
        packetLossPct: null,
        bitrateKbps: null,
        timeToFirstFrameMs: expect.any(Number) as number,
      });
      expect(events.at(-1)).toMatchObject({
        type: 'peer-updated',
        peer: { peerId: 'p-a', phase: 'connected', quality: 'good' },
      });
      // And again every few seconds while in the room.
      const before = reports().length;
      await vi.advanceTimersByTimeAsync(STATS_REPORT_MS);
      expect(reports().length).toBeGreaterThan(before);

      socket.deliverNow('rtc:peer-stats', { callId: 'call_1', peerId: 'p-a', quality: 'weak' });
      expect(events.at(-1)).toMatchObject({
        type: 'peer-updated',
        peer: { peerId: 'p-a', remoteQuality: 'weak' },
      });
      // Another call's report, or an unknown peer's, changes nothing.
      const count = events.length;
      socket.deliverNow('rtc:peer-stats', { callId: 'call_2', peerId: 'p-a', quality: 'bad' });
      socket.deliverNow('rtc:peer-stats', { callId: 'call_1', peerId: 'p-z', quality: 'bad' });
      expect(events).toHaveLength(count);

      session.leave();
      const after = reports().length;
      await vi.advanceTimersByTimeAsync(STATS_REPORT_MS * 3);
      expect(reports()).toHaveLength(after);
      expect(socket.listens('rtc:peer-stats')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('restarts ICE soon after a connected link loses its path (network change)', () => {
    vi.useFakeTimers();
    try {
      const { pcs, join, session } = setup('p-b');
      join([peer('p-a')]);
      const pc = pcs[0]!;
      const restart = vi.spyOn(pc, 'restartIce');
      pc.connectionState = 'connected';
      (pc.onconnectionstatechange as () => void)();
      pc.connectionState = 'disconnected';
      (pc.onconnectionstatechange as () => void)();
      vi.advanceTimersByTime(RECONNECT_RESTART_MS - 1);
      expect(restart).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(restart).toHaveBeenCalledTimes(1);
      // Still not back: it keeps trying at the usual pace.
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
      expect(restart).toHaveBeenCalledTimes(2);
      session.leave();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a join the server never answers, and ignores a late answer', () => {
    vi.useFakeTimers();
    try {
      const { socket, events, pcs } = setup();
      vi.advanceTimersByTime(JOIN_ACK_TIMEOUT_MS - 1);
      expect(events.some((e) => e.type === 'error')).toBe(false);
      vi.advanceTimersByTime(1);
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'TIMEOUT', fatal: false });
      ackJoin(socket, {
        peerId: 'p-b',
        resumeKey: 'key-p-b',
        peers: [peer('p-a')],
        iceServers: [],
        iceServersTtlMs: null,
        screenShare: false,
      });
      expect(pcs).toHaveLength(0);
      expect(events.some((e) => e.type === 'joined')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('TURN credentials', () => {
    const TTL_MS = 600_000;
    const turn = (n: number) => [
      { urls: 'turn:turn.example.com:3478', username: `${n}:client-1`, credential: `cred-${n}` },
    ];
    const asks = (socket: FakeSocket) => socket.of('rtc:ice');
    const answer = (socket: FakeSocket, res: AckOf<'rtc:ice'>) => asks(socket).at(-1)!.ack!(res);

    it('asks for fresh ones halfway through their life; every link takes them, with no ICE restart', async () => {
      vi.useFakeTimers();
      try {
        const { socket, pcs, join, session } = setup('p-b');
        join([peer('p-a')], false, { iceServers: turn(1), iceServersTtlMs: TTL_MS });
        const pc = pcs[0]!;
        const restart = vi.spyOn(pc, 'restartIce');
        pc.connectionState = 'connected';
        (pc.onconnectionstatechange as () => void)();
        await vi.advanceTimersByTimeAsync(TTL_MS / 2 - 1);
        expect(asks(socket)).toHaveLength(0);
        await vi.advanceTimersByTimeAsync(1);
        expect(asks(socket).map((e) => e.payload)).toEqual([{ callId: 'call_1' }]);
        answer(socket, { ok: true, data: { iceServers: turn(2), iceServersTtlMs: TTL_MS } });
        // The next gathering uses them; the path in use is left alone.
        expect(pc.configuration.iceServers).toEqual(turn(2));
        expect(restart).not.toHaveBeenCalled();
        // A link opened from now on starts with them.
        socket.deliverNow('rtc:signal', {
          ...peer('p-c'),
          from: 'p-c',
          to: 'p-b',
          description: { type: 'offer', sdp: 'x' },
        });
        await vi.advanceTimersByTimeAsync(0);
        expect(pcs).toHaveLength(2);
        expect(pcs[1]!.configuration.iceServers).toEqual(turn(2));
        // And again halfway through the new ones' life.
        await vi.advanceTimersByTimeAsync(TTL_MS / 2);
        expect(asks(socket)).toHaveLength(2);
        session.leave();
      } finally {
        vi.useRealTimers();
      }
    });

    it('asks again after a refusal that may pass or no answer, while the old ones last; never after the end', async () => {
      vi.useFakeTimers();
      try {
        const { socket, join, session } = setup('p-b');
        join([], false, { iceServers: turn(1), iceServersTtlMs: TTL_MS });
        await vi.advanceTimersByTimeAsync(TTL_MS / 2);
        answer(socket, { ok: false, error: { code: 'INTERNAL_ERROR', message: 'x' } });
        await vi.advanceTimersByTimeAsync(ICE_RENEW_RETRY_MS);
        expect(asks(socket)).toHaveLength(2);
        // No answer at all: asked again.
        await vi.advanceTimersByTimeAsync(ICE_RENEW_RETRY_MS);
        expect(asks(socket)).toHaveLength(3);
        // The call is over: no more asking.
        answer(socket, { ok: false, error: { code: 'CALL_NOT_ACTIVE', message: 'x' } });
        await vi.advanceTimersByTimeAsync(TTL_MS);
        expect(asks(socket)).toHaveLength(3);
        session.leave();
      } finally {
        vi.useRealTimers();
      }
    });

    it('asks nothing when they do not expire, or once it has left the room', async () => {
      vi.useFakeTimers();
      try {
        const none = setup('p-b');
        none.join([], false, { iceServers: [], iceServersTtlMs: null });
        await vi.advanceTimersByTimeAsync(TTL_MS * 2);
        expect(asks(none.socket)).toHaveLength(0);

        const leaving = setup('p-b');
        leaving.join([], false, { iceServers: turn(1), iceServersTtlMs: TTL_MS });
        leaving.session.leave();
        await vi.advanceTimersByTimeAsync(TTL_MS * 2);
        expect(asks(leaving.socket)).toHaveLength(0);

        // Closed by the server (call ended): the same.
        const closed = setup('p-b');
        closed.join([], false, { iceServers: turn(1), iceServersTtlMs: TTL_MS });
        closed.socket.deliverNow('rtc:closed', { callId: 'call_1', reason: 'ended' });
        await vi.advanceTimersByTimeAsync(TTL_MS * 2);
        expect(asks(closed.socket)).toHaveLength(0);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('screen sharing', () => {
    const track = (kind: 'audio' | 'video', id: string) =>
      ({ kind, id }) as unknown as MediaStreamTrack;
    const streamOf = (...tracks: MediaStreamTrack[]) =>
      ({ getTracks: () => tracks }) as unknown as MediaStream;
    const camera = track('video', 'camera');
    const mic = track('audio', 'mic');
    const screen = track('video', 'screen');
    const videoSignals = (socket: FakeSocket) =>
      socket.sent
        .filter((e) => e.event === 'rtc:signal')
        .map((e) => e.payload as { to: string; videoSource?: string })
        .filter((p) => p.videoSource)
        .map((p) => [p.to, p.videoSource]);

    it('says whether this participant may share, as the join ack does', () => {
      const { events, join } = setup();
      join([], true);
      expect(events.find((e) => e.type === 'joined')).toMatchObject({ screenShare: true });
    });

    it("swaps the camera's track for the screen on every link, tells each peer, and swaps back", async () => {
      const { socket, pcs, session, join } = setup('p-b', streamOf(mic, camera));
      join([peer('p-a'), peer('p-c', 'Admin')], true);
      const videoSender = (pc: FakePc) => pc.senders.find((s) => s.replaced.length > 0);
      await session.shareScreen(screen);
      for (const pc of pcs) {
        // In place: the camera's sender carries the screen, no sender is added.
        expect(pc.senders.map((s) => s.track)).toEqual([mic, screen]);
      }
      expect(videoSignals(socket)).toEqual([
        ['p-a', 'screen'],
        ['p-c', 'screen'],
      ]);

      // A peer that joins while the screen is shared gets the screen from the start.
      socket.deliverNow('rtc:signal', {
        ...peer('p-d'),
        from: 'p-d',
        to: 'p-b',
        description: { type: 'offer', sdp: 'newcomer' },
      });
      await flush();
      expect(pcs[2]!.senders.map((s) => s.track)).toEqual([mic, screen]);
      expect(videoSignals(socket).at(-1)).toEqual(['p-d', 'screen']);

      await session.shareScreen(null);
      for (const pc of pcs) expect(videoSender(pc)?.track).toBe(camera);
      expect(videoSignals(socket).slice(-3)).toEqual([
        ['p-a', 'camera'],
        ['p-c', 'camera'],
        ['p-d', 'camera'],
      ]);
    });

    it("sends a close-up's rear camera the same way, told as 'closeup', and a newcomer hears it too", async () => {
      const rear = track('video', 'rear');
      const { socket, pcs, session, join } = setup('p-b', streamOf(mic, camera));
      join([peer('p-a')], true);
      await session.shareScreen(rear, 'closeup');
      expect(pcs[0]!.senders.map((s) => s.track)).toEqual([mic, rear]);
      expect(videoSignals(socket)).toEqual([['p-a', 'closeup']]);
      socket.deliverNow('rtc:signal', {
        ...peer('p-d'),
        from: 'p-d',
        to: 'p-b',
        description: { type: 'offer', sdp: 'newcomer' },
      });
      await flush();
      expect(videoSignals(socket).at(-1)).toEqual(['p-d', 'closeup']);
      // Back to the camera by name.
      await session.shareScreen(camera, 'camera');
      for (const pc of pcs) expect(pc.senders.map((s) => s.track)).toEqual([mic, camera]);
      expect(videoSignals(socket).slice(-2)).toEqual([
        ['p-a', 'camera'],
        ['p-d', 'camera'],
      ]);
    });

    it('without a camera, the screen gets a sender of its own in the same stream, removed afterwards', async () => {
      const withMicOnly = streamOf(mic);
      const { pcs, session, join } = setup('p-b', withMicOnly);
      join([peer('p-a')], true);
      const pc = pcs[0]!;
      expect(pc.transceivers).toEqual(['video']);
      await session.shareScreen(screen);
      expect(pc.senders.map((s) => s.track)).toEqual([mic, screen]);
      // The other side gets it in the stream it already plays (with the voice).
      expect(pc.streamsOf.get(pc.senders[1]!)).toBe(withMicOnly);
      await session.shareScreen(null);
      expect(pc.senders.map((s) => s.track)).toEqual([mic]);
    });

    it("shows what a peer's video is from its signals, without opening a link for them", () => {
      const { socket, pcs, events, join } = setup();
      join([]);
      socket.deliverNow('rtc:peer-joined', peer('p-a'));
      expect(events.at(-1)).toMatchObject({ peer: { peerId: 'p-a', videoSource: 'camera' } });
      const from = { ...peer('p-a'), from: 'p-a', to: 'p-b' };
      socket.deliverNow('rtc:signal', { ...from, videoSource: 'screen' });
      expect(events.at(-1)).toMatchObject({
        type: 'peer-updated',
        peer: { peerId: 'p-a', videoSource: 'screen' },
      });
      expect(pcs).toHaveLength(0);
      // The same news again changes nothing; the camera back does.
      const count = events.length;
      socket.deliverNow('rtc:signal', { ...from, videoSource: 'screen' });
      expect(events).toHaveLength(count);
      socket.deliverNow('rtc:signal', { ...from, videoSource: 'camera' });
      expect(events.at(-1)).toMatchObject({ peer: { peerId: 'p-a', videoSource: 'camera' } });
    });
  });

  it('leaving tells the server and stops listening', () => {
    const { socket, session, join } = setup();
    join([]);
    session.leave();
    expect(socket.sent.at(-1)).toMatchObject({
      event: 'rtc:leave',
      payload: { callId: 'call_1' },
    });
    expect(socket.listens('rtc:signal')).toBe(false);
    expect(socket.listens('rtc:peer-joined')).toBe(false);
  });
});
