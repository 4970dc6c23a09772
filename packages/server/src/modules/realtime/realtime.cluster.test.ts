/**
 * Two server instances behind one database (PostgreSQL) and one Redis (Socket.IO adapter), each
 * listening on its own port: a visitor requests through A and listens on A, the advisor is
 * connected to B and accepts through B, and every event crosses over. Needs PostgreSQL and Redis:
 * skipped with a loud line when either is missing, a failure under CI=true.
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_RATE_MAX,
  type ChatMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@belleza/contract';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { api, createTwoInstances, insertAdvisor, requestCall } from '../../test/fixtures.js';
import { testPhoto } from '../../test/photos.js';
import { ask } from '../../test/socket-clients.js';
import {
  postgresAvailable,
  type TestApp,
  type TestDatabase,
  redisAvailable,
} from '../../test/helpers.js';

// postgresAvailable() prints its own loud line (and fails under CI=true) when PostgreSQL is missing.
const ready =
  (await postgresAvailable()) && (await redisAvailable('multi-instance realtime suite'));

type Client = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

function next<E extends keyof ServerToClientEvents>(
  socket: Client,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) =>
      resolve(payload)) as never);
  });
}

async function open(url: string, token?: string, before?: (s: Client) => void): Promise<Client> {
  const socket: Client = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    autoConnect: false,
    ...(token ? { auth: { token } } : {}),
  });
  before?.(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
  return socket;
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe.skipIf(!ready)('two instances sharing PostgreSQL and Redis', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  const sockets: Client[] = [];
  const clock = new ManualClock('2026-11-20T15:00:00.000Z');

  let cluster: Awaited<ReturnType<typeof createTwoInstances>> | undefined;

  beforeAll(async () => {
    cluster = await createTwoInstances(clock);
    ({ db, a, b } = cluster);
    urlA = await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.close();
  });

  it('a visitor on instance A hears the advisor on instance B accept', async () => {
    const advisor = await insertAdvisor(db.db, {
      now: clock.now(),
      online: false,
      name: 'Valeria',
    });

    let connected!: Promise<unknown>;
    const advisorOnB = await open(urlB, advisor.token, (s) => {
      connected = next(s, 'advisor:connected');
    });
    sockets.push(advisorOnB);
    await connected;
    // Instance A sees B's socket through the adapter (request/response over Redis).
    const remote = await a.app.realtime.io.in(`advisor:${advisor.id}`).fetchSockets();
    expect(remote.map((s) => s.id)).toEqual([advisorOnB.id]);

    const ring = next(advisorOnB, 'call:new');
    const call = await requestCall(a.app, { name: 'Carmen' });
    expect(call.advisorId).toBe(advisor.id);
    const offered = await ring;
    expect(offered).toMatchObject({ callId: call.callId, clientInfo: { name: 'Carmen' } });

    const visitorOnA = await open(urlA);
    sockets.push(visitorOnA);
    const joined = (await visitorOnA.timeout(5000).emitWithAck('client:connect', {
      callId: call.callId,
      clientKey: call.clientKey,
    })) as unknown as { ok: boolean };
    expect(joined.ok).toBe(true);

    const accepted = next(visitorOnA, 'call:accepted');
    const res = await api(b.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: advisor.token,
    });
    expect(res.status).toBe(200);
    expect(await accepted).toMatchObject({
      callId: call.callId,
      status: 'active',
      advisorId: advisor.id,
    });

    // And back: the visitor ends through A, the advisor on B is told.
    const ended = next(advisorOnB, 'call:ended');
    const end = await api(a.app, 'POST', `/api/calls/${call.callId}/end`, {
      clientKey: call.clientKey,
    });
    expect(end.status).toBe(200);
    expect((await ended).endedBy).toBe('client');
  });

  it('presence follows the live socket on any instance: one presence per advisor, no page ping needed', async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await db.db.updateTable('advisors').set({ status: 'offline' }).execute();
    const advisor = await insertAdvisor(db.db, { now: clock.now(), online: false, name: 'Inés' });
    let connected!: Promise<unknown>;
    const tabOnA = await open(urlA, advisor.token, (s) => {
      connected = next(s, 'advisor:connected');
    });
    sockets.push(tabOnA);
    await connected;
    const tabOnB = await open(urlB, advisor.token, (s) => {
      connected = next(s, 'advisor:connected');
    });
    sockets.push(tabOnB);
    await connected;

    // Two minutes with no ping from either page, both instances sweeping: she is online, once
    // (the earlier test's advisor, whose socket closed, has aged out).
    for (let s = 0; s < 120; s += 1) {
      clock.advance(1000);
      await a.app.container.sweeper.sweep(clock.now());
      await b.app.container.sweeper.sweep(clock.now());
    }
    expect(await a.app.container.presence.isOnline(advisor.id)).toBe(true);
    const status = await api<{ connectedAdvisors: number }>(a.app, 'GET', '/api/system/status', {
      token: (
        await insertAdvisor(db.db, {
          now: clock.now(),
          isAdmin: true,
          status: 'offline',
          online: false,
        })
      ).token,
    });
    expect(status.body).toMatchObject({ data: { websocket: { connectedAdvisors: 1 } } });

    // Rung through the other instance than the one that takes the request.
    const ring = next(tabOnA, 'call:new');
    const call = await requestCall(b.app, { name: 'Julia' });
    expect(call.advisorId).toBe(advisor.id);
    expect((await ring).callId).toBe(call.callId);
  });

  it('chat: a visitor writing through instance A reaches the advisor joined on instance B, and back; the rate counts on both', async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await db.db.updateTable('advisors').set({ status: 'offline' }).execute();
    const advisor = await insertAdvisor(db.db, { now: clock.now(), name: 'Carla' });
    const call = await requestCall(a.app, { name: 'Nora' });
    expect(call.advisorId).toBe(advisor.id);
    const accept = await api(b.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: advisor.token,
    });
    expect(accept.status).toBe(200);

    const advisorOnB = await open(urlB, advisor.token);
    sockets.push(advisorOnB);
    expect(await ask(advisorOnB, 'chat:join', { callId: call.callId })).toEqual({
      ok: true,
      data: { callId: call.callId, messages: [] },
    });
    const visitorOnA = await open(urlA);
    sockets.push(visitorOnA);
    const connected = await ask(visitorOnA, 'client:connect', {
      callId: call.callId,
      clientKey: call.clientKey,
    });
    expect(connected.ok).toBe(true);
    expect((await ask(visitorOnA, 'chat:join', { callId: call.callId })).ok).toBe(true);

    const heardOnB = next(advisorOnB, 'chat:message');
    const sent = await ask(visitorOnA, 'chat:send', {
      callId: call.callId,
      id: randomUUID(),
      body: 'Hola desde A',
    });
    if (!sent.ok) throw new Error(`chat:send refused: ${sent.error.code}`);
    expect(sent.data).toMatchObject({
      senderType: 'client',
      senderName: 'Nora',
      body: 'Hola desde A',
    });
    expect(await heardOnB).toEqual(sent.data);

    // And back: the advisor answers over HTTP on B, the visitor on A hears it.
    const heardOnA = next(visitorOnA, 'chat:message');
    const answer = await api<ChatMessage>(b.app, 'POST', `/api/calls/${call.callId}/messages`, {
      token: advisor.token,
      body: { id: randomUUID(), body: 'Hola desde B' },
    });
    expect(answer.status).toBe(201);
    expect(await heardOnA).toEqual(answer.data);

    // A snapshot the advisor took through B, deleted by the visitor through A: B's socket hears it.
    const snapshot = await b.app.inject({
      method: 'POST',
      url: `/api/calls/${call.callId}/images?kind=snapshot`,
      headers: { authorization: `Bearer ${advisor.token}`, 'content-type': 'image/jpeg' },
      payload: await testPhoto({ width: 16, height: 16 }),
    });
    expect(snapshot.statusCode).toBe(201);
    const imageId = (JSON.parse(snapshot.body) as { data: { id: string } }).data.id;
    const deletedOnB = next(advisorOnB, 'chat:deleted');
    const deleted = await api(a.app, 'DELETE', `/api/calls/${call.callId}/images/${imageId}`, {
      clientKey: call.clientKey,
    });
    expect(deleted.status).toBe(200);
    expect(await deletedOnB).toEqual({ callId: call.callId, messageIds: [], imageId });

    // The visitor's limit is counted in Redis: her messages through A and B add up.
    const statuses: number[] = [];
    for (let i = 1; i <= CHAT_RATE_MAX; i += 1) {
      const res = await api(i % 2 ? b.app : a.app, 'POST', `/api/calls/${call.callId}/messages`, {
        clientKey: call.clientKey,
        body: { id: randomUUID(), body: `Mensaje ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(CHAT_RATE_MAX - 1).fill(201), 429]);
  });
});
