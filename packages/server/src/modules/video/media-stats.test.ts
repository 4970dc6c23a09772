/**
 * A call's connection figures over the real stack, on both databases: a real call (requested,
 * accepted), real room tokens, real Socket.IO clients in the call's rtc room sending `rtc:stats`,
 * and the admin reading them through GET /api/calls/{id}/media-stats. No sleeps: every wait is
 * for an event, and the throttle follows the app's manual clock.
 */
import type {
  CallMediaStats,
  CallToken,
  ClientToServerEvents,
  ParticipantType,
  RtcJoined,
  RtcPeerStats,
  RtcStats,
  ServerToClientEvents,
} from '@belleza/contract';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  requestCall,
  type RequestedCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { MEDIA_STATS_STORE_INTERVAL_MS } from './media-stats.socket.js';

type Client = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
type AckResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

const report = (callId: string, over: Partial<RtcStats> = {}): RtcStats => ({
  callId,
  quality: 'good',
  localCandidateType: 'relay',
  remoteCandidateType: 'srflx',
  rttMs: 42.5,
  packetLossPct: 0.4,
  bitrateKbps: 812.3,
  timeToFirstFrameMs: 1234,
  ...over,
});

describe.each(await dialects())('call connection figures (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let admin: TestAdvisor;
  let advisor: TestAdvisor;
  const sockets: Client[] = [];

  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    admin = await insertAdvisor(t.db.db, { isAdmin: true, status: 'offline', now: t.clock.now() });
    advisor = await insertAdvisor(t.db.db, { name: 'Eva Estilista', now: t.clock.now() });
  });

  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    vi.restoreAllMocks();
    await t.close();
  });

  /** A call requested by a visitor and accepted by `by`: active, with its built-in room. */
  async function activeCall(by: TestAdvisor, name = 'Ana Visitante'): Promise<RequestedCall> {
    const call = await requestCall(t.app, { name });
    expect(call.advisorId).toBe(by.id);
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: by.token,
    });
    expect(accepted.status).toBe(200);
    return call;
  }

  async function roomToken(
    callId: string,
    userType: ParticipantType,
    auth: { token?: string; clientKey?: string },
  ): Promise<string> {
    const res = await api<CallToken>(
      t.app,
      'GET',
      `/api/calls/${callId}/token?userType=${userType}`,
      auth,
    );
    expect(res.status).toBe(200);
    return res.data.token;
  }

  async function open(): Promise<Client> {
    const socket: Client = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** A socket in the call's rtc room, joined with its room token. */
  async function joined(callId: string, token: string): Promise<{ socket: Client; me: RtcJoined }> {
    const socket = await open();
    const r = await new Promise<AckResult<RtcJoined>>((resolve) =>
      socket.emit('rtc:join', { callId, token }, resolve),
    );
    if (!r.ok) throw new Error(`rtc:join failed: ${r.error.code}`);
    return { socket, me: r.data };
  }

  /** The visitor and the advisor of an active call, both in its rtc room. */
  async function bothJoined(call: RequestedCall, by: TestAdvisor) {
    const ana = await joined(
      call.callId,
      await roomToken(call.callId, 'client', { clientKey: call.clientKey }),
    );
    const eva = await joined(
      call.callId,
      await roomToken(call.callId, 'advisor', { token: by.token }),
    );
    return { ana, eva };
  }

  function next<E extends keyof ServerToClientEvents>(
    socket: Client,
    event: E,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
    return new Promise((resolve) => {
      socket.once(event as 'rtc:peer-stats', resolve);
    });
  }

  /** Every `rtc:peer-stats` a socket receives, in order. */
  function peerStatsOf(socket: Client): RtcPeerStats[] {
    const seen: RtcPeerStats[] = [];
    socket.on('rtc:peer-stats', (p) => seen.push(p));
    return seen;
  }

  /** Sends a report and waits until the other peer heard it (a stored report is relayed once written). */
  async function sendAndRelay(from: Client, to: Client, stats: RtcStats): Promise<RtcPeerStats> {
    const heard = next(to, 'rtc:peer-stats');
    from.emit('rtc:stats', stats);
    return heard;
  }

  /**
   * Resolves once the server has read everything this socket sent before (a socket's messages are
   * handled in order, and a malformed report is answered at once): the clock may move after it.
   */
  async function received(socket: Client): Promise<void> {
    const answered = next(socket, 'error');
    (socket.emit as (event: string, p: unknown) => void)('rtc:stats', { barrier: true });
    expect(await answered).toMatchObject({ code: 'VALIDATION_ERROR' });
  }

  /** GET /api/calls/{id}/media-stats as `who` (the admin unless told; null: anonymous). */
  const mediaStats = (callId: string, who: TestAdvisor | null = admin) =>
    api<CallMediaStats[]>(t.app, 'GET', `/api/calls/${callId}/media-stats`, {
      ...(who ? { token: who.token } : {}),
    });

  it("stores each participant's figures for the admin and relays the quality to the other peer", async () => {
    const call = await activeCall(advisor);
    const { ana, eva } = await bothJoined(call, advisor);
    expect((await mediaStats(call.callId)).data).toEqual([]);

    expect(await sendAndRelay(ana.socket, eva.socket, report(call.callId))).toEqual({
      callId: call.callId,
      peerId: ana.me.peerId,
      quality: 'good',
    });
    const advisorReport = report(call.callId, {
      quality: 'weak',
      localCandidateType: 'host',
      remoteCandidateType: 'host',
      rttMs: 350,
      packetLossPct: 3.5,
      bitrateKbps: 120,
      timeToFirstFrameMs: null,
    });
    expect(await sendAndRelay(eva.socket, ana.socket, advisorReport)).toEqual({
      callId: call.callId,
      peerId: eva.me.peerId,
      quality: 'weak',
    });

    const res = await mediaStats(call.callId);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const now = t.clock.now().toISOString();
    expect(res.data).toEqual([
      {
        participantType: 'client',
        participantName: 'Ana Visitante',
        quality: 'good',
        localCandidateType: 'relay',
        remoteCandidateType: 'srflx',
        rttMs: 42.5,
        packetLossPct: 0.4,
        bitrateKbps: 812.3,
        timeToFirstFrameMs: 1234,
        worstQuality: 'good',
        reports: 1,
        updatedAt: now,
      },
      {
        participantType: 'advisor',
        participantName: 'Eva Estilista',
        quality: 'weak',
        localCandidateType: 'host',
        remoteCandidateType: 'host',
        rttMs: 350,
        packetLossPct: 3.5,
        bitrateKbps: 120,
        timeToFirstFrameMs: null,
        worstQuality: 'weak',
        reports: 1,
        updatedAt: now,
      },
    ]);
  });

  it('keeps the worst quality and the first time to first frame across reports', async () => {
    const call = await activeCall(advisor);
    const { ana, eva } = await bothJoined(call, advisor);
    const step = async (over: Partial<RtcStats>) => {
      await sendAndRelay(ana.socket, eva.socket, report(call.callId, over));
      t.clock.advance(MEDIA_STATS_STORE_INTERVAL_MS);
    };

    await step({ quality: 'good', timeToFirstFrameMs: null, rttMs: null });
    await step({ quality: 'bad', timeToFirstFrameMs: 1500, rttMs: 900 });
    await step({ quality: 'weak', timeToFirstFrameMs: 4000, rttMs: 320 });
    await step({ quality: 'good', timeToFirstFrameMs: 6000, rttMs: 30 });

    const [client] = (await mediaStats(call.callId)).data;
    expect(client).toMatchObject({
      participantType: 'client',
      quality: 'good',
      worstQuality: 'bad',
      timeToFirstFrameMs: 1500,
      rttMs: 30,
      reports: 4,
      updatedAt: new Date(t.clock.now().getTime() - MEDIA_STATS_STORE_INTERVAL_MS).toISOString(),
    });
  });

  it('stores at most one report per 2 s; a report in between relays a quality change and counts towards the worst', async () => {
    const call = await activeCall(advisor);
    const { ana, eva } = await bothJoined(call, advisor);
    const heardByEva = peerStatsOf(eva.socket);

    await sendAndRelay(ana.socket, eva.socket, report(call.callId, { rttMs: 40 }));
    // Inside the window: not stored; the change to bad is relayed at once, the repeat is not.
    await sendAndRelay(ana.socket, eva.socket, report(call.callId, { quality: 'bad', rttMs: 900 }));
    ana.socket.emit('rtc:stats', report(call.callId, { quality: 'bad', rttMs: 950 }));
    await received(ana.socket);
    t.clock.advance(MEDIA_STATS_STORE_INTERVAL_MS - 1);
    ana.socket.emit('rtc:stats', report(call.callId, { quality: 'bad', rttMs: 990 }));
    await received(ana.socket);
    t.clock.advance(1);
    await sendAndRelay(ana.socket, eva.socket, report(call.callId, { rttMs: 35 }));

    expect(heardByEva.map((p) => p.quality)).toEqual(['good', 'bad', 'good']);
    const [client] = (await mediaStats(call.callId)).data;
    expect(client).toMatchObject({ quality: 'good', worstQuality: 'bad', rttMs: 35, reports: 2 });
  });

  it('refuses a socket that has not joined the call, or joined another call, and stores nothing', async () => {
    const call = await activeCall(advisor);
    const { ana, eva } = await bothJoined(call, advisor);
    const heardByEva = peerStatsOf(eva.socket);
    const other = await insertAdvisor(t.db.db, { name: 'Otra Estilista', now: t.clock.now() });
    const otherCall = await activeCall(other, 'Bea Visitante');
    const bea = await joined(
      otherCall.callId,
      await roomToken(otherCall.callId, 'client', { clientKey: otherCall.clientKey }),
    );

    const stranger = await open();
    const refusedStranger = next(stranger, 'error');
    stranger.emit('rtc:stats', report(call.callId, { quality: 'bad' }));
    expect(await refusedStranger).toEqual({
      code: 'FORBIDDEN',
      message: 'Join the room before reporting stats',
    });
    const refusedBea = next(bea.socket, 'error');
    bea.socket.emit('rtc:stats', report(call.callId, { quality: 'bad' }));
    expect(await refusedBea).toMatchObject({ code: 'FORBIDDEN' });

    // Barrier: a legitimate report arrives after anything the others could have caused.
    await sendAndRelay(ana.socket, eva.socket, report(call.callId));
    expect(heardByEva.map((p) => p.peerId)).toEqual([ana.me.peerId]);
    expect((await mediaStats(call.callId)).data.map((s) => s.participantType)).toEqual(['client']);
    expect((await mediaStats(otherCall.callId)).data).toEqual([]);

    // Nor once the room token behind the membership has expired (the room lasts 60 min).
    t.clock.advance(61 * 60_000);
    const expired = next(ana.socket, 'error');
    ana.socket.emit('rtc:stats', report(call.callId, { quality: 'bad' }));
    expect(await expired).toMatchObject({ code: 'FORBIDDEN' });
    expect((await mediaStats(call.callId)).data).toMatchObject([{ quality: 'good', reports: 1 }]);
  });

  it('answers VALIDATION_ERROR to a malformed report and stores nothing', async () => {
    const call = await activeCall(advisor);
    const { ana, eva } = await bothJoined(call, advisor);
    const heardByEva = peerStatsOf(eva.socket);
    const bad: unknown[] = [
      { ...report(call.callId), quality: 'excellent' },
      { ...report(call.callId), rttMs: -1 },
      { ...report(call.callId), packetLossPct: 101 },
      { ...report(call.callId), localCandidateType: 'tunnel' },
      { ...report(call.callId), timeToFirstFrameMs: 12.5 },
      { callId: call.callId, quality: 'good' },
      'good',
      null,
    ];
    for (const payload of bad) {
      const refused = next(ana.socket, 'error');
      (ana.socket.emit as (event: string, p: unknown) => void)('rtc:stats', payload);
      expect(await refused).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid rtc:stats payload',
      });
    }
    expect(heardByEva).toEqual([]);
    expect((await mediaStats(call.callId)).data).toEqual([]);
  });

  it('logs a failed write without dropping the relay or the next reports', async () => {
    const call = await activeCall(advisor);
    const { ana, eva } = await bothJoined(call, advisor);
    const logged = vi.spyOn(t.app.log, 'error');
    vi.spyOn(t.app.container.mediaStats, 'record').mockRejectedValueOnce(new Error('db down'));

    expect(
      (await sendAndRelay(ana.socket, eva.socket, report(call.callId, { quality: 'weak' })))
        .quality,
    ).toBe('weak');
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ callId: call.callId }),
      'rtc:stats could not be stored',
    );
    t.clock.advance(MEDIA_STATS_STORE_INTERVAL_MS);
    await sendAndRelay(ana.socket, eva.socket, report(call.callId));
    expect((await mediaStats(call.callId)).data).toMatchObject([
      { participantType: 'client', reports: 1 },
    ]);
  });

  it('GET /api/calls/{id}/media-stats: admins only, 404 for an unknown call, 400 for a malformed id', async () => {
    const call = await activeCall(advisor);
    const anonymous = await mediaStats(call.callId, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe('UNAUTHENTICATED');
    // Not even the call's own advisor.
    const own = await mediaStats(call.callId, advisor);
    expect(own.status).toBe(403);
    expect(own.body.error?.code).toBe('FORBIDDEN');

    const unknown = await mediaStats('call_does_not_exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('CALL_NOT_FOUND');
    const malformed = await mediaStats('x'.repeat(65));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.code).toBe('VALIDATION_ERROR');

    const documented = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/openapi.json' })).body,
    ) as { paths: Record<string, Record<string, unknown>> };
    expect(documented.paths['/api/calls/{callId}/media-stats']?.get).toBeDefined();
  });
});
