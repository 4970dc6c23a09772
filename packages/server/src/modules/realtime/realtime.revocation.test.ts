/**
 * A role or an account taken away counts on the live sockets at once (docs/product.md#advisor-rules):
 * a demoted admin's sockets leave the admins' room and the chats she sat in as an admin within a
 * second, on every instance, hear nothing more from them, and her admin-only events are refused;
 * deleting her closes them. On one instance (SQLite and PostgreSQL) and on two sharing PostgreSQL
 * and Redis (the demotion goes through one, her sockets are on the other). Real servers, real
 * socket.io clients, no sleeps: room membership is read with fetchSockets(), silence is proven by
 * a round trip after another socket heard the event.
 */
import { randomUUID } from 'node:crypto';
import type { ServerToClientEvents } from '@belleza/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { ManualClock } from '../../lib/clock.js';
import {
  api,
  createCallsTestApp,
  createTwoInstances,
  insertAdvisor,
  requestCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import {
  dialects,
  postgresAvailable,
  type TestApp,
  type TestDatabase,
  redisAvailable,
} from '../../test/helpers.js';
import {
  ask,
  closeSockets,
  listenUrl,
  next,
  open,
  type Client,
} from '../../test/socket-clients.js';
import { ADMINS_ROOM, chatRoom } from './realtime.notifier.js';

/** The time a demoted or deleted account's sockets may keep a room. */
const REVOKED_WITHIN_MS = 1000;

/**
 * Where a scenario runs: `api` takes the requests (the demotion, the calls), `sockets` is the URL
 * the dashboards connect to (another instance in the two-instance suite), `io` reads rooms.
 */
type Env = {
  api: App;
  sockets: string;
  io: App['realtime']['io'];
  db: TestDatabase;
  clock: ManualClock;
};

/** A dashboard signed in through the handshake, once the server confirmed it. */
async function dashboard(url: string, who: TestAdvisor): Promise<Client> {
  let connected!: Promise<unknown>;
  const socket = await open(url, {
    token: who.token,
    before: (s) => {
      connected = next(s, 'advisor:connected', (p) => p.advisorId === who.id);
    },
  });
  await connected;
  return socket;
}

/** A round trip: whatever the server sent this socket before the answer has arrived. */
async function roundTrip(socket: Client): Promise<void> {
  const pong = new Promise<void>((resolve) => socket.once('pong', () => resolve()));
  socket.emit('ping');
  await pong;
}

/** Every event the socket hears from now on. */
function recorder(socket: Client): { event: keyof ServerToClientEvents; payload: unknown }[] {
  const heard: { event: keyof ServerToClientEvents; payload: unknown }[] = [];
  socket.onAny((event: keyof ServerToClientEvents, payload: unknown) =>
    heard.push({ event, payload }),
  );
  return heard;
}

/** A connected socket's id. */
function idOf(socket: Client): string {
  if (!socket.id) throw new Error('socket not connected');
  return socket.id;
}

async function membersOf(env: Env, room: string): Promise<string[]> {
  return (await env.io.in(room).fetchSockets()).map((s) => s.id);
}

/** Reads until `check` holds, failing past `ms` (measured from `since`); answers the time taken. */
async function within(ms: number, since: number, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - since;
    if (performance.now() - since > ms) throw new Error(`still not so after ${ms} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** No open call and nobody routable: each scenario picks who takes its calls. */
async function resetRouting(env: Env): Promise<void> {
  await env.db.db
    .updateTable('calls')
    .set({ status: 'cancelled', offer_expires_at: null, ended_at: env.clock.now().toISOString() })
    .where('status', 'in', ['pending', 'active'])
    .execute();
  await env.db.db.updateTable('advisors').set({ status: 'offline' }).execute();
  await env.db.db.deleteFrom('socket_connections').execute();
}

/**
 * Two admins (one to be demoted or deleted, one acting), a stylist in an active call whose chat the
 * first admin joined as an admin, all three dashboards connected.
 */
async function adminInACallsChat(env: Env) {
  await resetRouting(env);
  const now = env.clock.now();
  const acting = await insertAdvisor(env.db.db, {
    isAdmin: true,
    status: 'offline',
    online: false,
    now,
  });
  const admin = await insertAdvisor(env.db.db, {
    isAdmin: true,
    status: 'offline',
    online: false,
    now,
  });
  const stylist = await insertAdvisor(env.db.db, { now, name: 'Valeria' });
  const actingTab = await dashboard(env.sockets, acting);
  const adminTab = await dashboard(env.sockets, admin);
  const stylistTab = await dashboard(env.sockets, stylist);

  const call = await requestCall(env.api, { name: 'Carmen' });
  expect(call.advisorId).toBe(stylist.id);
  const accepted = await api(env.api, 'POST', `/api/calls/${call.callId}/accept`, {
    token: stylist.token,
  });
  expect(accepted.status).toBe(200);
  expect((await ask(stylistTab, 'chat:join', { callId: call.callId })).ok).toBe(true);
  expect((await ask(adminTab, 'chat:join', { callId: call.callId })).ok).toBe(true);

  // She hears the call's chat and the admins' news so far.
  const heardLine = next(adminTab, 'chat:message', (m) => m.body === 'Antes');
  const line = await api(env.api, 'POST', `/api/calls/${call.callId}/messages`, {
    clientKey: call.clientKey,
    body: { id: randomUUID(), body: 'Antes' },
  });
  expect(line.status).toBe(201);
  await heardLine;
  expect(await membersOf(env, ADMINS_ROOM)).toContain(adminTab.id);
  expect(await membersOf(env, chatRoom(call.callId))).toContain(adminTab.id);

  return { acting, admin, stylist, actingTab, adminTab, stylistTab, call };
}

/** The scenarios, run on one instance and on two. */
function revocationScenarios(envOf: () => Env) {
  it('a demoted admin leaves the admins’ room and the chat she joined within a second, hears neither again, and her admin-only events are refused', async () => {
    const env = envOf();
    const { acting, admin, stylist, actingTab, adminTab, stylistTab, call } =
      await adminInACallsChat(env);
    const heard = recorder(adminTab);

    const adminId = idOf(adminTab);
    const since = performance.now();
    const demoted = await api(env.api, 'PUT', `/api/advisors/${admin.id}`, {
      token: acting.token,
      body: { isAdmin: false },
    });
    expect(demoted.status).toBe(200);
    await within(REVOKED_WITHIN_MS, since, async () => {
      const admins = await membersOf(env, ADMINS_ROOM);
      const chat = await membersOf(env, chatRoom(call.callId));
      return !admins.includes(adminId) && !chat.includes(adminId);
    });
    // The others keep theirs: the acting admin her room, the call's stylist her chat.
    expect(await membersOf(env, ADMINS_ROOM)).toContain(actingTab.id);
    expect(await membersOf(env, chatRoom(call.callId))).toContain(stylistTab.id);

    // A new visitor's request: the admins hear it, she does not.
    await insertAdvisor(env.db.db, { now: env.clock.now(), name: 'Inés' });
    const toAdmins = next(
      actingTab,
      'call:status:updated',
      (p) => p.call.clientInfo.name === 'Rosa',
    );
    const second = await requestCall(env.api, { name: 'Rosa' });
    await toAdmins;
    await roundTrip(adminTab);

    // A line in the call's chat: its stylist hears it, she does not.
    const toStylist = next(stylistTab, 'chat:message', (m) => m.body === 'Después');
    const line = await api(env.api, 'POST', `/api/calls/${call.callId}/messages`, {
      clientKey: call.clientKey,
      body: { id: randomUUID(), body: 'Después' },
    });
    expect(line.status).toBe(201);
    await toStylist;
    await roundTrip(adminTab);

    // Nothing of the new visitor (her call, her name), nor the line.
    const told = JSON.stringify(heard);
    expect(told).not.toContain(second.callId);
    expect(told).not.toContain('Rosa');
    expect(told).not.toContain('Después');

    // What only an admin may do is refused at once, though the socket signed in as an admin.
    expect(
      await ask(adminTab, 'advisor:status', { advisorId: stylist.id, status: 'offline' }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await ask(adminTab, 'chat:join', { callId: call.callId })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await membersOf(env, chatRoom(call.callId))).not.toContain(adminTab.id);
    // She is still a stylist: her own dashboard stays open.
    await roundTrip(adminTab);
    expect(adminTab.connected).toBe(true);
  });

  it('a demoted admin’s video is cut within a second: her page is told, the visitor drops her link, her token joins no more', async () => {
    const env = envOf();
    const { acting, admin, call } = await adminInACallsChat(env);
    const tokenOf = async (auth: { token: string } | { clientKey: string }, userType: string) => {
      const res = await api<{ token: string }>(
        env.api,
        'GET',
        `/api/calls/${call.callId}/token?userType=${userType}`,
        auth,
      );
      expect(res.status).toBe(200);
      return res.data.token;
    };
    const adminRoomToken = await tokenOf({ token: admin.token }, 'admin');
    const visitorRoomToken = await tokenOf({ clientKey: call.clientKey }, 'client');
    // The video pages' own sockets: no session, only their room tokens.
    const adminPage = await open(env.sockets);
    const visitorPage = await open(env.sockets);
    const joined = await ask(adminPage, 'rtc:join', { callId: call.callId, token: adminRoomToken });
    expect(joined.ok).toBe(true);
    const adminPeer = (joined as { data: { peerId: string } }).data.peerId;
    const visitorJoined = await ask(visitorPage, 'rtc:join', {
      callId: call.callId,
      token: visitorRoomToken,
    });
    expect(visitorJoined).toMatchObject({
      ok: true,
      data: { peers: [expect.objectContaining({ peerId: adminPeer, userType: 'admin' })] },
    });

    const told = next(adminPage, 'rtc:closed', (p) => p.callId === call.callId);
    const dropped = next(visitorPage, 'rtc:peer-left', (p) => p.peerId === adminPeer);
    const since = performance.now();
    const demoted = await api(env.api, 'PUT', `/api/advisors/${admin.id}`, {
      token: acting.token,
      body: { isAdmin: false },
    });
    expect(demoted.status).toBe(200);
    expect(await told).toEqual({ callId: call.callId, reason: 'revoked' });
    await dropped;
    expect(performance.now() - since).toBeLessThan(REVOKED_WITHIN_MS);
    // Her page is out of the room: what it sends reaches nobody, and the token opens it no more.
    const again = await open(env.sockets);
    expect(
      await ask(again, 'rtc:join', { callId: call.callId, token: adminRoomToken }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a deleted admin’s sockets are closed and out of every room within a second', async () => {
    const env = envOf();
    const { acting, admin, adminTab, call } = await adminInACallsChat(env);
    const closed = new Promise<string>((resolve) => adminTab.on('disconnect', resolve));

    const adminId = idOf(adminTab);
    const since = performance.now();
    const deleted = await api(env.api, 'DELETE', `/api/advisors/${admin.id}`, {
      token: acting.token,
    });
    expect(deleted.status).toBe(200);
    await within(REVOKED_WITHIN_MS, since, async () => {
      const admins = await membersOf(env, ADMINS_ROOM);
      const chat = await membersOf(env, chatRoom(call.callId));
      return !admins.includes(adminId) && !chat.includes(adminId);
    });
    expect(await closed).toBe('io server disconnect');
  });
}

afterEach(closeSockets);

describe.each(await dialects())('revoked rights on live sockets, one instance (%s)', (dialect) => {
  let t: TestApp;
  let env: Env;
  beforeAll(async () => {
    t = await createCallsTestApp(dialect);
    env = {
      api: t.app,
      sockets: await listenUrl(t.app),
      io: t.app.realtime.io,
      db: t.db,
      clock: t.clock,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  revocationScenarios(() => env);

  it('an admin demoted without her sockets being told (another instance gone meanwhile) is refused at her next event, which takes her out of the admins’ room', async () => {
    await resetRouting(env);
    const now = t.clock.now();
    const admin = await insertAdvisor(t.db.db, {
      isAdmin: true,
      status: 'offline',
      online: false,
      now,
    });
    const stylist = await insertAdvisor(t.db.db, { status: 'offline', online: false, now });
    const adminTab = await dashboard(env.sockets, admin);
    expect(await membersOf(env, ADMINS_ROOM)).toContain(adminTab.id);

    await t.db.db.updateTable('advisors').set({ is_admin: 0 }).where('id', '=', admin.id).execute();
    expect(
      await ask(adminTab, 'advisor:status', { advisorId: stylist.id, status: 'available' }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await membersOf(env, ADMINS_ROOM)).not.toContain(adminTab.id);
    const row = await t.db.db
      .selectFrom('advisors')
      .select('status')
      .where('id', '=', stylist.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('offline');
  });
});

// postgresAvailable() prints its own loud line (and fails under CI=true) when PostgreSQL is missing.
const clusterReady =
  (await postgresAvailable()) && (await redisAvailable('two-instance revocation suite'));

describe.skipIf(!clusterReady)(
  'revoked rights on live sockets, two instances sharing PostgreSQL and Redis',
  () => {
    let cluster: Awaited<ReturnType<typeof createTwoInstances>> | undefined;
    let env: Env;
    const clock = new ManualClock('2026-11-20T15:00:00.000Z');

    beforeAll(async () => {
      cluster = await createTwoInstances(clock);
      const { db, a, b } = cluster;
      await listenUrl(a.app);
      // Requests (the demotion, the deletion, the calls) go through A; every dashboard is on B;
      // rooms are read from A, through the adapter.
      env = { api: a.app, sockets: await listenUrl(b.app), io: a.app.realtime.io, db, clock };
    });
    afterAll(async () => {
      closeSockets();
      await cluster?.close();
    });

    revocationScenarios(() => env);
  },
);
