/**
 * Socket.IO over a real listening server and real socket.io clients
 * (docs/architecture.md#realtime): advisor authentication, rooms, presence and heartbeat, client
 * join with the clientKey, every event of the call flow, and refusals. No sleeps: every wait is for
 * an event or an ack.
 */
import { type Call } from '@belleza/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  requestBody,
  requestCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import {
  ask,
  closeSockets,
  listenUrl,
  next,
  open,
  type Client,
} from '../../test/socket-clients.js';

/** An advisor socket authenticated in the handshake, resolved once the server confirmed it. */
async function advisorSocket(
  url: string,
  who: TestAdvisor,
): Promise<{ socket: Client; pending: Call[] }> {
  let connected!: Promise<unknown>;
  let pending!: Promise<Call[]>;
  const socket = await open(url, {
    token: who.token,
    before: (s) => {
      connected = next(s, 'advisor:connected', (p) => p.advisorId === who.id);
      pending = next(s, 'calls:pending');
    },
  });
  await connected;
  return { socket, pending: await pending };
}

afterEach(closeSockets);

describe.each(await dialects())('realtime gateway (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createCallsTestApp(dialect);
    url = await listenUrl(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const advisor = async (opts: Parameters<typeof insertAdvisor>[1] = {}) => {
    // Presence comes from the socket itself, not from a fixture row.
    await t.db.db
      .updateTable('advisors')
      .set({ status: 'offline' })
      .where('status', '=', 'available')
      .execute();
    await t.db.db.deleteFrom('socket_connections').execute();
    return insertAdvisor(t.db.db, { now: t.clock.now(), online: false, ...opts });
  };

  it('authenticates an advisor in the handshake: rooms, presence, advisor:connected and calls:pending', async () => {
    const a = await advisor();
    const { socket, pending } = await advisorSocket(url, a);
    expect(pending).toEqual([]);
    const rows = await t.db.db
      .selectFrom('socket_connections')
      .select(['socket_id', 'advisor_id'])
      .execute();
    expect(rows).toEqual([{ socket_id: socket.id, advisor_id: a.id }]);
    const rooms = await t.app.realtime.io.in(`advisor:${a.id}`).fetchSockets();
    expect(rooms.map((s) => s.id)).toEqual([socket.id]);
  });

  it("refuses a bad handshake token with 'Not authenticated'", async () => {
    await expect(open(url, { token: 'not-a-session' })).rejects.toThrow('Not authenticated');
  });

  it("advisor:connect with a wrong token answers 'Not authenticated' (ack and error event)", async () => {
    const a = await advisor();
    const socket = await open(url);
    const error = next(socket, 'error');
    const res = await ask(socket, 'advisor:connect', { advisorId: a.id, token: 'wrong' });
    expect(res).toEqual({
      ok: false,
      error: { code: 'UNAUTHENTICATED', message: 'Not authenticated' },
    });
    expect(await error).toEqual({ code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    // Someone else's valid token does not work for this advisor id either.
    const b = await insertAdvisor(t.db.db, { now: t.clock.now(), online: false });
    expect(await ask(socket, 'advisor:connect', { advisorId: a.id, token: b.token })).toMatchObject(
      { ok: false },
    );
  });

  it('advisor:connect signs in after connecting and sends the pending offers', async () => {
    const a = await advisor();
    const first = await advisorSocket(url, a);
    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(a.id);
    first.socket.disconnect();

    const socket = await open(url);
    const pending = next(socket, 'calls:pending');
    const res = await ask(socket, 'advisor:connect', { advisorId: a.id, token: a.token });
    expect(res).toEqual({ ok: true, data: { advisorId: a.id, status: 'available' } });
    expect((await pending).map((c) => c.callId)).toEqual([call.callId]);
  });

  it('runs a whole call over sockets: two tabs ring, the visitor joins, accept, notes, typing, end', async () => {
    const a = await advisor({ name: 'Sofía', title: 'Colorista' });
    const admin = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      isAdmin: true,
      status: 'offline',
      online: false,
    });
    const tab1 = (await advisorSocket(url, a)).socket;
    const tab2 = (await advisorSocket(url, a)).socket;
    const adminSocket = (await advisorSocket(url, admin)).socket;

    const ring1 = next(tab1, 'call:new');
    const ring2 = next(tab2, 'call:new');
    const adminSees = next(adminSocket, 'call:status:updated', (p) => p.status === 'pending');
    const call = await requestCall(t.app, { name: 'María Luz' });
    expect((await ring1).callId).toBe(call.callId);
    expect((await ring2).callId).toBe(call.callId);
    expect((await ring1).clientInfo.name).toBe('María Luz');
    expect((await adminSees).callId).toBe(call.callId);

    // Two tabs, one presence.
    const status = await api<{ websocket: { connections: number; connectedAdvisors: number } }>(
      t.app,
      'GET',
      '/api/system/status',
      {
        token: admin.token,
      },
    );
    expect(status.data.websocket).toMatchObject({ connections: 3, connectedAdvisors: 2 });

    const visitor = await open(url);
    const clientConnected = next(tab1, 'client:connected');
    // She joins after the offer went out: she is told who rings for her all the same, with her
    // title (no photo: the landing does not show Sofía).
    const ringingNews = next(visitor, 'call:queue:updated');
    const joined = await ask(visitor, 'client:connect', {
      callId: call.callId,
      clientId: 'client-1',
      clientKey: call.clientKey,
    });
    expect(joined).toMatchObject({ ok: true, data: { callId: call.callId, status: 'pending' } });
    expect(await clientConnected).toEqual({ callId: call.callId, clientId: 'client-1' });
    expect(await ringingNews).toMatchObject({
      callId: call.callId,
      queuePosition: null,
      ringing: { name: 'Sofía', title: 'Colorista', portrait: null },
    });

    const visitorAccepted = next(visitor, 'call:accepted');
    const visitorStatus = next(visitor, 'call:status:updated', (p) => p.status === 'accepted');
    const otherTab = next(tab2, 'call:accepted');
    const accepted = await ask(tab1, 'call:accept', { callId: call.callId, advisorId: a.id });
    expect(accepted).toMatchObject({ ok: true, data: { callId: call.callId, status: 'active' } });
    const seen = await visitorAccepted;
    expect(seen).toMatchObject({
      status: 'active',
      advisorId: a.id,
      dailyRoomUrl: `/rtc/${call.callId}`,
    });
    expect(seen.advisorInfo).toEqual({ name: 'Sofía', email: '' });
    expect((await visitorStatus).call.status).toBe('active');
    expect((await otherTab).callId).toBe(call.callId);

    const notes1 = next(tab1, 'call:notes:updated');
    const notes2 = next(tab2, 'call:notes:updated');
    expect(
      await ask(tab2, 'call:notes', { callId: call.callId, notes: 'Piel mixta' }),
    ).toMatchObject({ ok: true });
    expect(await notes1).toEqual({ callId: call.callId, notes: 'Piel mixta' });
    expect(await notes2).toEqual({ callId: call.callId, notes: 'Piel mixta' });

    const typing = next(tab1, 'call:typing');
    expect(
      await ask(visitor, 'call:typing', {
        callId: call.callId,
        isTyping: true,
        userType: 'client',
      }),
    ).toEqual({ ok: true, data: null });
    expect(await typing).toEqual({ callId: call.callId, isTyping: true, userType: 'client' });
    expect(
      await ask(visitor, 'call:typing', {
        callId: call.callId,
        isTyping: true,
        userType: 'advisor',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });

    const advisorEnded = next(tab1, 'call:ended');
    const adminEnded = next(adminSocket, 'call:ended');
    expect(await ask(visitor, 'call:end', { callId: call.callId })).toMatchObject({
      ok: true,
      data: { status: 'completed', endedBy: 'client' },
    });
    expect((await advisorEnded).endedBy).toBe('client');
    expect((await adminEnded).callId).toBe(call.callId);
  });

  it('refuses every call event to sockets that have no business with the call', async () => {
    const a = await advisor();
    const { socket: owner } = await advisorSocket(url, a);
    const call = await requestCall(t.app);
    expect(await ask(owner, 'call:accept', { callId: call.callId, advisorId: a.id })).toMatchObject(
      { ok: true },
    );

    const stranger = await insertAdvisor(t.db.db, { now: t.clock.now(), online: false });
    const { socket: other } = await advisorSocket(url, stranger);
    const anonymous = await open(url);
    const forbidden = { ok: false, error: { code: 'FORBIDDEN' } };
    const unauthenticated = { ok: false, error: { code: 'UNAUTHENTICATED' } };

    expect(
      await ask(other, 'call:accept', { callId: call.callId, advisorId: stranger.id }),
    ).toMatchObject(forbidden);
    expect(await ask(other, 'call:end', { callId: call.callId })).toMatchObject(forbidden);
    expect(await ask(other, 'call:notes', { callId: call.callId, notes: 'x' })).toMatchObject(
      forbidden,
    );
    expect(
      await ask(other, 'call:status', { callId: call.callId, status: 'completed' }),
    ).toMatchObject(forbidden);
    expect(
      await ask(other, 'call:typing', { callId: call.callId, isTyping: true, userType: 'advisor' }),
    ).toMatchObject(forbidden);
    expect(
      await ask(other, 'advisor:status', { advisorId: a.id, status: 'offline' }),
    ).toMatchObject(forbidden);

    expect(
      await ask(anonymous, 'call:accept', { callId: call.callId, advisorId: a.id }),
    ).toMatchObject(unauthenticated);
    expect(await ask(anonymous, 'call:end', { callId: call.callId })).toMatchObject(
      unauthenticated,
    );
    expect(await ask(anonymous, 'call:notes', { callId: call.callId, notes: 'x' })).toMatchObject(
      unauthenticated,
    );
    expect(
      await ask(anonymous, 'advisor:status', { advisorId: a.id, status: 'offline' }),
    ).toMatchObject(unauthenticated);
    expect(
      await ask(anonymous, 'call:typing', {
        callId: call.callId,
        isTyping: true,
        userType: 'client',
      }),
    ).toMatchObject(unauthenticated);
    expect(
      await ask(anonymous, 'client:connect', { callId: call.callId, clientKey: 'wrong-key' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CLIENT_KEY' },
    });
    // The failed join left the socket outside the call room.
    const members = await t.app.realtime.io.in(`call:${call.callId}`).fetchSockets();
    expect(members.map((s) => s.id)).not.toContain(anonymous.id);

    // The call is untouched.
    const stored = await t.db.db
      .selectFrom('calls')
      .select(['status'])
      .where('id', '=', call.callId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('active');
  });

  it('validates payloads: an invalid one is refused through the ack, or an error event without one', async () => {
    const socket = await open(url);
    expect(await ask(socket, 'call:accept', { callId: 42 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(await ask(socket, 'client:connect', { callId: 'c' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    const error = next(socket, 'error');
    socket.emit('call:notes', { nope: true } as never);
    expect(await error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers ping with pong and refreshes the presence row', async () => {
    const a = await advisor();
    const { socket } = await advisorSocket(url, a);
    t.clock.advance(12_000);
    const pong = next(socket, 'pong');
    socket.emit('ping');
    // An advisor's pong comes once the heartbeat is stored.
    await pong;
    const row = await t.db.db
      .selectFrom('socket_connections')
      .select('last_seen_at')
      .where('socket_id', '=', socket.id!)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(t.clock.now().toISOString());
  });

  it('keeps an advisor whose page sends no ping for 90 s online while the socket lives: offered and rung', async () => {
    const a = await advisor();
    const { socket } = await advisorSocket(url, a);
    // A background tab: Chrome delays the page's ping timer; the connection itself stays up.
    for (let s = 0; s < 90; s += 1) {
      t.clock.advance(1000);
      await t.app.container.sweeper.sweep(t.clock.now());
    }
    expect(await t.app.container.presence.isOnline(a.id)).toBe(true);
    const ring = next(socket, 'call:new', (c) => c.clientInfo.name === 'Rosa Fondo');
    const call = await requestCall(t.app, { name: 'Rosa Fondo' });
    expect(call.advisorId).toBe(a.id);
    expect((await ring).callId).toBe(call.callId);
  });

  it('an advisor whose socket is gone stays routable through the reconnect grace, then is not offered', async () => {
    const a = await advisor();
    const { socket } = await advisorSocket(url, a);
    const serverSide = t.app.realtime.io.of('/').sockets.get(socket.id!);
    if (!serverSide) throw new Error('no server-side socket');
    const closed = new Promise<void>((resolve) => serverSide.once('disconnect', () => resolve()));
    socket.disconnect();
    await closed;
    // A reload comes back within the grace: still online meanwhile.
    t.clock.advance(10_000);
    await t.app.container.sweeper.sweep(t.clock.now());
    expect(await t.app.container.presence.isOnline(a.id)).toBe(true);
    // Past the grace nobody refreshes the row: gone, and calls are not offered to her.
    t.clock.advance(5_001);
    await t.app.container.sweeper.sweep(t.clock.now());
    expect(await t.app.container.presence.isOnline(a.id)).toBe(false);
    const refused = await api(t.app, 'POST', '/api/calls/request', {
      body: requestBody({ name: 'Sin Asesora' }),
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: { code: 'NO_ADVISORS_AVAILABLE' } });
  });

  it('advisor:status changes the status and tells the advisor; a freed advisor gets the queued call', async () => {
    const a = await advisor({ status: 'offline' });
    const { socket } = await advisorSocket(url, a);
    const available = next(socket, 'advisor:status:updated', (p) => p.status === 'available');
    expect(await ask(socket, 'advisor:status', { advisorId: a.id, status: 'available' })).toEqual({
      ok: true,
      data: { advisorId: a.id, status: 'available' },
    });
    expect(await available).toEqual({ advisorId: a.id, status: 'available', reason: null });

    // With the advisor in a call, the next request waits; ending the call offers it at once.
    const blocker = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${blocker.callId}/accept`, { token: a.token });
    const queued = await requestCall(t.app);
    expect(queued.queuePosition).toBe(1);
    const ring = next(socket, 'call:new', (c) => c.callId === queued.callId);
    await api(t.app, 'POST', `/api/calls/${blocker.callId}/end`, { token: a.token });
    expect((await ring).callId).toBe(queued.callId);
    const offline = next(socket, 'advisor:status:updated', (p) => p.status === 'offline');
    const res = await ask(socket, 'advisor:status', { advisorId: a.id, status: 'offline' });
    expect(res).toEqual({ ok: true, data: { advisorId: a.id, status: 'offline' } });
    expect(await offline).toEqual({
      advisorId: a.id,
      status: 'offline',
      reason: null,
    });
  });

  it('client:connect: an offer made while the visitor joins reaches her, in the answer or as news', async () => {
    // The advisor is on another call, so the request waits in the queue.
    const a = await advisor({ status: 'offline' });
    const { socket: tab } = await advisorSocket(url, a);
    await ask(tab, 'advisor:status', { advisorId: a.id, status: 'available' });
    const blocker = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${blocker.callId}/accept`, { token: a.token });
    const queued = await requestCall(t.app);
    expect(queued.queuePosition).toBe(1);

    // The advisor frees herself just after the server has looked the call up for the joining
    // visitor, before her socket is in the call's room.
    const calls = t.app.container.calls;
    const verify = calls.verifyClient;
    let first = true;
    calls.verifyClient = async (...args) => {
      const call = await verify(...args);
      if (first) {
        first = false;
        const ring = next(tab, 'call:new', (c) => c.callId === queued.callId);
        await api(t.app, 'POST', `/api/calls/${blocker.callId}/end`, { token: a.token });
        await ring;
      }
      return call;
    };
    try {
      const visitor = await open(url);
      const news: { ringing?: { name: string } | null }[] = [];
      visitor.on('call:queue:updated', (p) => news.push(p));
      const joined = await ask(visitor, 'client:connect', {
        callId: queued.callId,
        clientKey: queued.clientKey,
      });
      expect(joined.ok).toBe(true);
      const snapshot = joined.ok ? (joined.data as Call) : null;
      const told = snapshot?.advisorInfo?.name ?? news.find((n) => n.ringing)?.ringing?.name;
      expect(told).toBe(a.name);
    } finally {
      calls.verifyClient = verify;
    }
  });

  it('call:request over the socket creates the call and puts the socket in its room', async () => {
    const a = await advisor();
    const { socket: advisorTab } = await advisorSocket(url, a);
    const visitor = await open(url);
    const body = requestBody();
    const res = await ask(visitor, 'call:request', {
      clientInfo: {
        name: body.name,
        phone: body.phone,
        email: body.email,
        subject: body.subject,
        message: body.message,
      },
      consent: true,
    });
    expect(res.ok).toBe(true);
    const data = (res as { data: { callId: string; clientKey: string; advisorId: string } }).data;
    expect(data.advisorId).toBe(a.id);
    expect(data.clientKey.length).toBeGreaterThan(20);
    const accepted = next(visitor, 'call:accepted');
    await ask(advisorTab, 'call:accept', { callId: data.callId, advisorId: a.id });
    expect((await accepted).callId).toBe(data.callId);
    // Without consent it is refused.
    expect(
      await ask(visitor, 'call:request', { clientInfo: { name: 'x', phone: '+51 999 999 999' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
  });

  it('an offer that times out is withdrawn from every tab of the advisor', async () => {
    const a = await advisor();
    const tab1 = (await advisorSocket(url, a)).socket;
    const tab2 = (await advisorSocket(url, a)).socket;
    const call = await requestCall(t.app);
    const gone1 = next(tab1, 'call:offer:withdrawn');
    const gone2 = next(tab2, 'call:offer:withdrawn');
    t.clock.advance(31_000);
    await t.db.db
      .updateTable('socket_connections')
      .set({ last_seen_at: t.clock.now().toISOString() })
      .execute();
    await t.app.container.sweeper.sweep(t.clock.now());
    expect(await gone1).toEqual({ callId: call.callId, reason: 'timeout' });
    expect(await gone2).toEqual({ callId: call.callId, reason: 'timeout' });
  });
});
