/**
 * Signalling authorisation over real sockets: a Socket.IO server with only the rtc handlers, the
 * real video service (room tokens signed with the stored secret), real socket.io clients.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  defaultSettings,
  type ClientToServerEvents,
  type RtcIceServers,
  type RtcJoined,
  type RtcRole,
  type ServerToClientEvents,
  type Settings,
} from '@belleza/contract';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/kysely.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';
import type { VideoParticipant, VideoRoom } from './video.provider.js';
import { createVideoService, type VideoService } from './video.service.js';
import { registerRtcHandlers } from './video.socket.js';

type Client = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
type AckResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

const silentLog = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;
const clock = new ManualClock('2026-11-20T15:00:00.000Z');

let db: TestDatabase;
let http: HttpServer;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let url: string;
let settings: Settings;
let video: VideoService;
const openRooms = new Set<string>();
const clients: Client[] = [];
/** what the rtc handlers hear from `isClosing`: this instance shutting down */
let closing = false;

beforeAll(async () => {
  db = await createTestDatabase('sqlite');
  await migrateToLatest(db.db);
  video = createVideoService({
    config: testConfig(),
    db: db.db,
    clock,
    log: silentLog,
    settings: { get: () => Promise.resolve(structuredClone(settings)) },
  });
  http = createServer();
  io = new Server(http);
  io.on('connection', (socket) =>
    registerRtcHandlers(socket, {
      video,
      clock,
      log: silentLog,
      isRoomOpen: (callId) => Promise.resolve(openRooms.has(callId)),
      isClosing: () => closing,
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
  await db.drop();
});

beforeEach(() => {
  settings = structuredClone(defaultSettings);
  clock.set('2026-11-20T15:00:00.000Z');
  openRooms.clear();
  closing = false;
});

afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

async function client(): Promise<Client> {
  const c: Client = connect(url, { transports: ['websocket'], forceNew: true });
  clients.push(c);
  await new Promise<void>((resolve) => c.once('connect', () => resolve()));
  return c;
}

async function roomFor(callId: string): Promise<VideoRoom> {
  openRooms.add(callId);
  return video.createRoom({ callId });
}

const tokenFor = async (room: VideoRoom, p: VideoParticipant) =>
  (await video.createToken(room, p)).token;

function join(
  c: Client,
  callId: string,
  token: string,
  role?: RtcRole,
  resume?: { peerId: string; key: string },
): Promise<AckResult<RtcJoined>> {
  return new Promise((resolve) =>
    c.emit(
      'rtc:join',
      { callId, token, ...(role ? { role } : {}), ...(resume ? { resume } : {}) },
      resolve,
    ),
  );
}

/**
 * Resolves once `c` has received everything the server sent it so far: an `rtc:ice` round trip,
 * answered after whatever the server emitted to it before.
 */
const roundTrip = (c: Client, callId: string) =>
  new Promise((resolve) => c.emit('rtc:ice', { callId }, resolve));

/** Until the server has let go of every socket but `count`. */
const serverSockets = (count: number) =>
  vi.waitFor(() => expect(io.of('/').sockets.size).toBe(count), { timeout: 5_000 });

function speak(c: Client, callId: string): Promise<AckResult<{ peerId: string }>> {
  return new Promise((resolve) => c.emit('rtc:speak', { callId }, resolve));
}

async function joined(
  c: Client,
  callId: string,
  token: string,
  role?: RtcRole,
  resume?: { peerId: string; key: string },
): Promise<RtcJoined> {
  const r = await join(c, callId, token, role, resume);
  if (!r.ok) throw new Error(`join failed: ${r.error.code}`);
  return r.data;
}

function next<E extends keyof ServerToClientEvents>(
  c: Client,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    c.once(event as 'rtc:signal', resolve);
  });
}

/** Everything a client receives, in order. */
function record(c: Client): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  c.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

const CLIENT: VideoParticipant = { type: 'client', id: 'client-1', name: 'Ana' };
const ADVISOR: VideoParticipant = { type: 'advisor', id: 'adv_1', name: 'Eva' };
const ADMIN: VideoParticipant = { type: 'admin', id: 'adv_admin', name: 'Admin' };

const offer = { type: 'offer' as const, sdp: 'v=0 fake offer' };

describe('rtc signalling', () => {
  it('lets the two participants of a call find each other and relays signals between them', async () => {
    settings.video.iceServers = [{ urls: 'stun:stun.example.org:3478' }];
    const room = await roomFor('call_a');
    const [ana, eva] = [await client(), await client()];
    const first = await joined(ana, 'call_a', await tokenFor(room, CLIENT));
    expect(first.peers).toEqual([]);
    expect(first.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);

    const peerJoined = next(ana, 'rtc:peer-joined');
    const second = await joined(eva, 'call_a', await tokenFor(room, ADVISOR));
    expect(second.peers).toEqual([
      { callId: 'call_a', peerId: first.peerId, userName: 'Ana', userType: 'client' },
    ]);
    expect(await peerJoined).toEqual({
      callId: 'call_a',
      peerId: second.peerId,
      userName: 'Eva',
      userType: 'advisor',
    });

    const atAna = next(ana, 'rtc:signal');
    eva.emit('rtc:signal', { callId: 'call_a', to: first.peerId, description: offer });
    expect(await atAna).toEqual({
      callId: 'call_a',
      to: first.peerId,
      description: offer,
      from: second.peerId,
      userName: 'Eva',
      userType: 'advisor',
    });

    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const atEva = next(eva, 'rtc:signal');
    ana.emit('rtc:signal', { callId: 'call_a', to: second.peerId, candidate });
    expect(await atEva).toMatchObject({ from: first.peerId, candidate, userName: 'Ana' });
  });

  it('refuses to join without a valid token, and a socket that has not joined cannot signal', async () => {
    const room = await roomFor('call_b');
    const [ana, mallory] = [await client(), await client()];
    const a = await joined(ana, 'call_b', await tokenFor(room, CLIENT));
    const seenByAna = record(ana);

    expect(await join(mallory, 'call_b', 'v1.forged.token')).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await join(mallory, 'call_b', '')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    const errorEvent = next(mallory, 'error');
    mallory.emit('rtc:signal', { callId: 'call_b', to: a.peerId, description: offer });
    expect(await errorEvent).toEqual({
      code: 'FORBIDDEN',
      message: 'Join the room before signalling',
    });

    // Barrier: a legitimate peer's signal arrives after anything mallory could have caused.
    const eva = await client();
    const e = await joined(eva, 'call_b', await tokenFor(room, ADVISOR));
    const marker = next(ana, 'rtc:signal');
    eva.emit('rtc:signal', { callId: 'call_b', to: a.peerId, description: offer });
    await marker;
    expect(
      seenByAna
        .filter((s) => s.event === 'rtc:signal')
        .map((s) => (s.payload as { from: string }).from),
    ).toEqual([e.peerId]);
  });

  it('refuses a token of another call, an expired token, and a call that is no longer active', async () => {
    const roomC = await roomFor('call_c');
    await roomFor('call_d');
    const c = await client();
    const tokenC = await tokenFor(roomC, CLIENT);
    expect(await join(c, 'call_d', tokenC)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });

    openRooms.delete('call_c');
    expect(await join(c, 'call_c', tokenC)).toMatchObject({
      ok: false,
      error: { code: 'CALL_NOT_ACTIVE' },
    });

    openRooms.add('call_c');
    clock.advance(61 * 60_000);
    expect(await join(c, 'call_c', tokenC)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });

  it('never lets a signal cross from one call to another', async () => {
    const [room1, room2] = [await roomFor('call_1'), await roomFor('call_2')];
    const [ana1, eva1, ana2] = [await client(), await client(), await client()];
    const a1 = await joined(ana1, 'call_1', await tokenFor(room1, CLIENT));
    const e1 = await joined(eva1, 'call_1', await tokenFor(room1, ADVISOR));
    await joined(
      ana2,
      'call_2',
      await tokenFor(room2, { type: 'client', id: 'client-2', name: 'Bea' }),
    );
    const seenByEva1 = record(eva1);

    // Joined to call_2, aiming at call_1's peer: with call_1's id it is not a member...
    const refused = next(ana2, 'error');
    ana2.emit('rtc:signal', { callId: 'call_1', to: e1.peerId, description: offer });
    expect(await refused).toMatchObject({ code: 'FORBIDDEN' });
    // ...and with its own call's id the peer id matches nobody in call_2.
    ana2.emit('rtc:signal', { callId: 'call_2', to: e1.peerId, description: offer });

    // Barrier on ana2's own connection, then on eva1's.
    expect(await join(ana2, 'call_2', 'bad')).toMatchObject({ ok: false });
    const marker = next(eva1, 'rtc:signal');
    ana1.emit('rtc:signal', { callId: 'call_1', to: e1.peerId, description: offer });
    await marker;
    const signals = seenByEva1.filter((s) => s.event === 'rtc:signal');
    expect(signals.map((s) => (s.payload as { from: string }).from)).toEqual([a1.peerId]);
  });

  it('lets only the advisor say she shares her screen, and only while the setting allows it', async () => {
    const room = await roomFor('call_s');
    const [ana, eva, boss] = [await client(), await client(), await client()];
    const a = await joined(ana, 'call_s', await tokenFor(room, CLIENT));
    const e = await joined(eva, 'call_s', await tokenFor(room, ADVISOR));
    const b = await joined(boss, 'call_s', await tokenFor(room, ADMIN));
    expect([a.screenShare, e.screenShare, b.screenShare]).toEqual([false, true, false]);

    const atAna = next(ana, 'rtc:signal');
    eva.emit('rtc:signal', { callId: 'call_s', to: a.peerId, videoSource: 'screen' });
    expect(await atAna).toEqual({
      callId: 'call_s',
      to: a.peerId,
      videoSource: 'screen',
      from: e.peerId,
      userName: 'Eva',
      userType: 'advisor',
    });

    // The visitor (or an admin) cannot pass anything off as a shared screen; 'camera' is anyone's.
    const seenByEva = record(eva);
    for (const who of [ana, boss]) {
      const refused = next(who, 'error');
      who.emit('rtc:signal', { callId: 'call_s', to: e.peerId, videoSource: 'screen' });
      expect(await refused).toEqual({
        code: 'FORBIDDEN',
        message: 'Screen sharing is not allowed here',
      });
    }
    const marker = next(eva, 'rtc:signal');
    ana.emit('rtc:signal', { callId: 'call_s', to: e.peerId, videoSource: 'camera' });
    await marker;
    expect(
      seenByEva
        .filter((s) => s.event === 'rtc:signal')
        .map((s) => s.payload as { from: string; videoSource?: string })
        .map((p) => [p.from, p.videoSource]),
    ).toEqual([[a.peerId, 'camera']]);

    // Switched off in the settings: the advisor's next join may not share either.
    settings.video.enableScreenShare = false;
    const again = await joined(eva, 'call_s', await tokenFor(room, ADVISOR));
    expect(again.screenShare).toBe(false);
    const refused = next(eva, 'error');
    eva.emit('rtc:signal', { callId: 'call_s', to: a.peerId, videoSource: 'screen' });
    expect(await refused).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("lets only the visitor say her video shows her rear camera's close-up", async () => {
    const room = await roomFor('call_c');
    const [ana, eva, boss] = [await client(), await client(), await client()];
    const a = await joined(ana, 'call_c', await tokenFor(room, CLIENT));
    const e = await joined(eva, 'call_c', await tokenFor(room, ADVISOR));
    await joined(boss, 'call_c', await tokenFor(room, ADMIN));

    const atEva = next(eva, 'rtc:signal');
    ana.emit('rtc:signal', { callId: 'call_c', to: e.peerId, videoSource: 'closeup' });
    expect(await atEva).toMatchObject({
      from: a.peerId,
      videoSource: 'closeup',
      userType: 'client',
    });

    for (const who of [eva, boss]) {
      const refused = next(who, 'error');
      who.emit('rtc:signal', { callId: 'call_c', to: a.peerId, videoSource: 'closeup' });
      expect(await refused).toEqual({
        code: 'FORBIDDEN',
        message: 'Only the visitor sends a close-up',
      });
    }
  });

  it('caps the mesh at maxParticipants; an admin joining makes three', async () => {
    settings.daily.maxParticipants = 2;
    const room = await roomFor('call_e');
    const [ana, eva, boss] = [await client(), await client(), await client()];
    await joined(ana, 'call_e', await tokenFor(room, CLIENT));
    await joined(eva, 'call_e', await tokenFor(room, ADVISOR));
    const adminToken = await tokenFor(room, ADMIN);
    expect(await join(boss, 'call_e', adminToken)).toMatchObject({
      ok: false,
      error: { code: 'CAPACITY_REACHED' },
    });

    settings.daily.maxParticipants = 3;
    const third = await joined(boss, 'call_e', adminToken);
    expect(third.peers.map((p) => p.userType).sort()).toEqual(['advisor', 'client']);
  });

  it('lets only an admin join as a silent supervisor', async () => {
    const room = await roomFor('call_sv');
    const [ana, eva] = [await client(), await client()];
    for (const [who, p] of [
      [ana, CLIENT],
      [eva, ADVISOR],
    ] as const) {
      expect(await join(who, 'call_sv', await tokenFor(room, p), 'supervisor')).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
    }
    // Refused, she is in no room: she cannot start to speak either.
    expect(await speak(eva, 'call_sv')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // A participant has nothing to start: speaking is a supervisor's step.
    await joined(eva, 'call_sv', await tokenFor(room, ADVISOR));
    expect(await speak(eva, 'call_sv')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const boss = await client();
    expect((await join(boss, 'call_sv', await tokenFor(room, ADMIN), 'supervisor')).ok).toBe(true);
  });

  it('leaves a supervisor out of the participants and relays no media of hers until she speaks', async () => {
    settings.daily.maxParticipants = 2;
    const room = await roomFor('call_sp');
    const [ana, eva, boss] = [await client(), await client(), await client()];
    const a = await joined(ana, 'call_sp', await tokenFor(room, CLIENT));
    await joined(eva, 'call_sp', await tokenFor(room, ADVISOR));

    // Two participants fill the room; a supervisor still gets in, marked as such to everyone.
    const anaSees = next(ana, 'rtc:peer-joined');
    const b = await joined(boss, 'call_sp', await tokenFor(room, ADMIN), 'supervisor');
    expect(b.peers.map((p) => p.userType).sort()).toEqual(['advisor', 'client']);
    expect(await anaSees).toEqual({
      callId: 'call_sp',
      peerId: b.peerId,
      userName: 'Admin',
      userType: 'admin',
      supervisor: true,
    });

    // She may receive (recvonly) but not offer to send.
    const receiveOnly = { type: 'offer' as const, sdp: 'v=0\r\nm=audio 9 UDP 0\r\na=recvonly\r\n' };
    const relayed = next(ana, 'rtc:signal');
    boss.emit('rtc:signal', { callId: 'call_sp', to: a.peerId, description: receiveOnly });
    expect((await relayed).description).toEqual(receiveOnly);
    const sending = { type: 'offer' as const, sdp: 'v=0\r\nm=audio 9 UDP 0\r\na=sendrecv\r\n' };
    const refused = next(boss, 'error');
    const anaHeard = record(ana);
    boss.emit('rtc:signal', { callId: 'call_sp', to: a.peerId, description: sending });
    expect(await refused).toMatchObject({ code: 'FORBIDDEN' });

    // Speaking makes her a participant: the room is full, so she may not.
    expect(await speak(boss, 'call_sp')).toMatchObject({
      ok: false,
      error: { code: 'CAPACITY_REACHED' },
    });
    settings.daily.maxParticipants = 3;
    const speaks = next(eva, 'rtc:peer-speaks');
    expect(await speak(boss, 'call_sp')).toEqual({ ok: true, data: { peerId: b.peerId } });
    expect(await speaks).toEqual({ callId: 'call_sp', peerId: b.peerId });
    const now = next(ana, 'rtc:signal');
    boss.emit('rtc:signal', { callId: 'call_sp', to: a.peerId, description: sending });
    expect((await now).description).toEqual(sending);
    // The refused offer never reached the visitor.
    expect(anaHeard.filter((e) => e.event === 'rtc:signal')).toHaveLength(1);
    // And a newcomer now sees her as a participant (no supervisor mark).
    const late = await client();
    settings.daily.maxParticipants = 4;
    const l = await joined(late, 'call_sp', await tokenFor(room, { ...CLIENT, id: 'client-2' }));
    expect(l.peers.find((p) => p.peerId === b.peerId)).toEqual({
      callId: 'call_sp',
      peerId: b.peerId,
      userName: 'Admin',
      userType: 'admin',
    });
  });

  it('replaces the old peer when the same participant joins again (page reload)', async () => {
    const room = await roomFor('call_f');
    const [ana, eva] = [await client(), await client()];
    const token = await tokenFor(room, CLIENT);
    const old = await joined(ana, 'call_f', token);
    await joined(eva, 'call_f', await tokenFor(room, ADVISOR));

    const closedForOld = next(ana, 'rtc:closed');
    const left = next(eva, 'rtc:peer-left');
    const rejoined = next(eva, 'rtc:peer-joined');
    const reloaded = await client();
    const fresh = await joined(reloaded, 'call_f', token);
    expect(fresh.peers.map((p) => p.userName)).toEqual(['Eva']);
    expect(await closedForOld).toEqual({ callId: 'call_f', reason: 'replaced' });
    expect(await left).toEqual({ callId: 'call_f', peerId: old.peerId });
    expect(await rejoined).toMatchObject({ peerId: fresh.peerId, userName: 'Ana' });

    // The replaced socket can no longer signal.
    const refused = next(ana, 'error');
    ana.emit('rtc:signal', { callId: 'call_f', to: fresh.peerId, description: offer });
    expect(await refused).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets a participant back after a dropped connection keep her peer id: nobody hears she left', async () => {
    const room = await roomFor('call_r');
    const [ana, eva] = [await client(), await client()];
    const token = await tokenFor(room, CLIENT);
    const before = await joined(ana, 'call_r', token);
    await joined(eva, 'call_r', await tokenFor(room, ADVISOR));
    const atEva = record(eva);
    const atOld = record(ana);

    // Her page's new connection, while the old one has not timed out yet.
    const back = await client();
    const returned = next(eva, 'rtc:peer-joined');
    const again = await joined(back, 'call_r', token, undefined, {
      peerId: before.peerId,
      key: before.resumeKey,
    });
    expect(again.peerId).toBe(before.peerId);
    expect(again.peers.map((p) => p.userName)).toEqual(['Eva']);
    expect(await returned).toEqual({
      callId: 'call_r',
      peerId: before.peerId,
      userName: 'Ana',
      userType: 'client',
      resumed: true,
    });
    // The old connection goes at last: still nothing for Eva, and the old page was not replaced.
    ana.disconnect();
    await serverSockets(2);
    await roundTrip(eva, 'call_r');
    expect(atEva.map((e) => e.event)).toEqual(['rtc:peer-joined']);
    expect(atOld.map((e) => e.event)).toEqual([]);

    // Eva's signals to that peer reach the new connection.
    const atBack = next(back, 'rtc:signal');
    eva.emit('rtc:signal', { callId: 'call_r', to: before.peerId, description: offer });
    expect(await atBack).toMatchObject({ to: before.peerId, userName: 'Eva' });
  });

  it("gives a new peer id to a resume with another participant's key or a forged one", async () => {
    const room = await roomFor('call_s');
    const [ana, eva] = [await client(), await client()];
    const a = await joined(ana, 'call_s', await tokenFor(room, CLIENT));
    const evaToken = await tokenFor(room, ADVISOR);
    // Eva claims Ana's peer with Ana's own key: the key is Ana's, not hers.
    const stolen = await joined(eva, 'call_s', evaToken, undefined, {
      peerId: a.peerId,
      key: a.resumeKey,
    });
    expect(stolen.peerId).not.toBe(a.peerId);
    expect(stolen.peers.map((p) => p.peerId)).toEqual([a.peerId]);
    // Her own peer with a made-up key: a new peer too (her page there is replaced as on a reload).
    const evaAgain = await client();
    const forged = await joined(evaAgain, 'call_s', evaToken, undefined, {
      peerId: stolen.peerId,
      key: 'not-the-key',
    });
    expect(forged.peerId).not.toBe(stolen.peerId);
    // Signals to Ana's peer still reach only Ana.
    const atAna = next(ana, 'rtc:signal');
    evaAgain.emit('rtc:signal', { callId: 'call_s', to: a.peerId, description: offer });
    expect(await atAna).toMatchObject({ from: forged.peerId });
  });

  it('tells nobody a peer left when the instance is shutting down under her', async () => {
    const room = await roomFor('call_t');
    const [ana, eva] = [await client(), await client()];
    await joined(ana, 'call_t', await tokenFor(room, CLIENT));
    await joined(eva, 'call_t', await tokenFor(room, ADVISOR));
    const atEva = record(eva);
    closing = true;
    ana.disconnect();
    await serverSockets(1);
    closing = false;
    await roundTrip(eva, 'call_t');
    expect(atEva).toEqual([]);
  });

  it('tells the others when a peer disconnects or leaves', async () => {
    const room = await roomFor('call_g');
    const [ana, eva, boss] = [await client(), await client(), await client()];
    const a = await joined(ana, 'call_g', await tokenFor(room, CLIENT));
    await joined(eva, 'call_g', await tokenFor(room, ADVISOR));
    const b = await joined(boss, 'call_g', await tokenFor(room, ADMIN));

    let left = next(eva, 'rtc:peer-left');
    ana.disconnect();
    expect(await left).toEqual({ callId: 'call_g', peerId: a.peerId });

    left = next(eva, 'rtc:peer-left');
    boss.emit('rtc:leave', { callId: 'call_g' });
    expect(await left).toEqual({ callId: 'call_g', peerId: b.peerId });
  });

  it('closes the room for everyone when the call ends (room deleted) and stops relaying', async () => {
    const room = await roomFor('call_h');
    const [ana, eva] = [await client(), await client()];
    const a = await joined(ana, 'call_h', await tokenFor(room, CLIENT));
    await joined(eva, 'call_h', await tokenFor(room, ADVISOR));

    const closedA = next(ana, 'rtc:closed');
    const closedE = next(eva, 'rtc:closed');
    openRooms.delete('call_h');
    await video.deleteRoom(room);
    expect(await closedA).toEqual({ callId: 'call_h', reason: 'ended' });
    expect(await closedE).toEqual({ callId: 'call_h', reason: 'ended' });

    const refused = next(eva, 'error');
    eva.emit('rtc:signal', { callId: 'call_h', to: a.peerId, description: offer });
    expect(await refused).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('gives a member fresh ICE servers only while her call lasts and her token is valid', async () => {
    const room = await roomFor('call_j');
    const ana = await client();
    const iceAgain = (): Promise<AckResult<RtcIceServers>> =>
      new Promise((resolve) => ana.emit('rtc:ice', { callId: 'call_j' }, resolve));
    const first = await joined(ana, 'call_j', await tokenFor(room, CLIENT));
    // No TURN server configured: nothing expires, nothing to renew.
    expect(first.iceServersTtlMs).toBeNull();
    expect(await iceAgain()).toEqual({
      ok: true,
      data: { iceServers: first.iceServers, iceServersTtlMs: null },
    });

    // The call ended (its room closed), though this socket never heard: refused, and told.
    openRooms.delete('call_j');
    const closed = next(ana, 'rtc:closed');
    expect(await iceAgain()).toMatchObject({ ok: false, error: { code: 'CALL_NOT_ACTIVE' } });
    expect(await closed).toEqual({ callId: 'call_j', reason: 'ended' });
    // She is out of the room: asking again is the request of a non-member.
    expect(await iceAgain()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    // A token past its expiry, in a room still open.
    const room2 = await roomFor('call_k');
    await joined(ana, 'call_k', await tokenFor(room2, CLIENT));
    clock.advance(61 * 60_000);
    const expired = await new Promise<AckResult<RtcIceServers>>((resolve) =>
      ana.emit('rtc:ice', { callId: 'call_k' }, resolve),
    );
    expect(expired).toMatchObject({ ok: false, error: { code: 'CALL_NOT_ACTIVE' } });
  });

  it('stops relaying once the token has expired', async () => {
    const room = await roomFor('call_i');
    const [ana, eva] = [await client(), await client()];
    const a = await joined(ana, 'call_i', await tokenFor(room, CLIENT));
    await joined(eva, 'call_i', await tokenFor(room, ADVISOR));
    clock.advance(61 * 60_000);
    const closed = next(eva, 'rtc:closed');
    eva.emit('rtc:signal', { callId: 'call_i', to: a.peerId, description: offer });
    expect(await closed).toEqual({ callId: 'call_i', reason: 'ended' });
  });
});
