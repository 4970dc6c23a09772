/**
 * Every transition and every refusal of the call lifecycle (docs/product.md), as one table, on SQLite and PostgreSQL:
 * a call is brought into a state, one actor does one thing over HTTP, and both the answer and the
 * stored result are checked: a transition by its row's `after`, every refusal by comparing all that
 * is stored about the call, its advisors and the audit trail before and after (nothing changed).
 */
import {
  DEFAULT_ADMIN_CANCEL_REASON,
  DEFAULT_CLIENT_CANCEL_REASON,
  DECLINED_BY_ADVISOR_REASON,
  type CallDetails,
} from '@belleza/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestCall,
  setSystemSettings,
  type ApiResult,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';

type State = 'offered' | 'moved' | 'queued' | 'active' | 'completed' | 'rated' | 'cancelled';
type Actor = 'client' | 'wrongKey' | 'nobody' | 'ringing' | 'other' | 'admin';

type World = {
  callId: string;
  clientKey: string;
  /** the advisor the call rang / belongs to */
  ringing: TestAdvisor;
  /** second in line for re-routing */
  next: TestAdvisor;
  /** an advisor the call never concerned */
  other: TestAdvisor;
  admin: TestAdvisor;
};

type Case = {
  name: string;
  state: State;
  actor: Actor;
  method: 'GET' | 'POST';
  /** path after /api/calls/{id} */
  path: string;
  body?: unknown;
  status: number;
  code?: string;
  /** checks on the stored call afterwards */
  after?: (d: CallDetails, w: World) => void;
};

const cases: Case[] = [
  // ---- accept
  {
    name: 'the ringing advisor accepts',
    state: 'offered',
    actor: 'ringing',
    method: 'POST',
    path: '/accept',
    status: 200,
    after: (d, w) => {
      expect(d).toMatchObject({ status: 'active', advisorId: w.ringing.id });
      expect(d.acceptedAt).not.toBeNull();
      expect(d.startedAt).toBe(d.acceptedAt);
      expect(d.dailyRoomUrl).toBe(`/rtc/${d.callId}`);
      expect(d.offers.map((o) => o.outcome)).toEqual(['accepted']);
    },
  },
  {
    name: 'an admin takes a call ringing someone else',
    state: 'offered',
    actor: 'admin',
    method: 'POST',
    path: '/accept',
    status: 200,
    after: (d, w) => {
      expect(d).toMatchObject({ status: 'active', advisorId: w.admin.id });
      expect(d.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
        [w.ringing.id, 'withdrawn'],
        [w.admin.id, 'accepted'],
      ]);
    },
  },
  {
    name: 'accept for somebody else',
    state: 'offered',
    actor: 'ringing',
    method: 'POST',
    path: '/accept',
    body: { advisorId: 'adv_someone_else' },
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'another advisor cannot accept',
    state: 'offered',
    actor: 'other',
    method: 'POST',
    path: '/accept',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'anonymous cannot accept',
    state: 'offered',
    actor: 'nobody',
    method: 'POST',
    path: '/accept',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'the visitor cannot accept',
    state: 'offered',
    actor: 'client',
    method: 'POST',
    path: '/accept',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'accepting twice',
    state: 'active',
    actor: 'ringing',
    method: 'POST',
    path: '/accept',
    status: 409,
    code: 'CALL_NOT_PENDING',
  },
  {
    name: 'an admin accepting a call already taken',
    state: 'active',
    actor: 'admin',
    method: 'POST',
    path: '/accept',
    status: 409,
    code: 'CALL_ALREADY_TAKEN',
  },
  {
    name: 'accepting after the offer moved on',
    state: 'moved',
    actor: 'ringing',
    method: 'POST',
    path: '/accept',
    status: 409,
    code: 'CALL_NOT_OFFERED',
  },
  {
    name: 'accepting a cancelled call',
    state: 'cancelled',
    actor: 'ringing',
    method: 'POST',
    path: '/accept',
    status: 409,
    code: 'CALL_NOT_PENDING',
  },
  // ---- decline
  {
    name: 'the ringing advisor declines: next advisor',
    state: 'offered',
    actor: 'ringing',
    method: 'POST',
    path: '/decline',
    status: 200,
    after: (d, w) => {
      expect(d).toMatchObject({ status: 'pending', advisorId: w.next.id });
      expect(d.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
        [w.ringing.id, 'declined'],
        [w.next.id, 'pending'],
      ]);
    },
  },
  {
    name: 'an admin withdraws the offer',
    state: 'offered',
    actor: 'admin',
    method: 'POST',
    path: '/decline',
    status: 200,
    after: (d, w) => {
      expect(d.advisorId).toBe(w.next.id);
      expect(d.offers[0]?.outcome).toBe('withdrawn');
    },
  },
  {
    name: 'another advisor cannot decline',
    state: 'offered',
    actor: 'other',
    method: 'POST',
    path: '/decline',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'the visitor cannot decline',
    state: 'offered',
    actor: 'client',
    method: 'POST',
    path: '/decline',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'declining an active call',
    state: 'active',
    actor: 'ringing',
    method: 'POST',
    path: '/decline',
    status: 409,
    code: 'CALL_NOT_PENDING',
  },
  {
    name: 'declining after the offer moved on',
    state: 'moved',
    actor: 'ringing',
    method: 'POST',
    path: '/decline',
    status: 409,
    code: 'CALL_NOT_OFFERED',
  },
  {
    name: 'withdrawing a queued call nobody rings',
    state: 'queued',
    actor: 'admin',
    method: 'POST',
    path: '/decline',
    status: 409,
    code: 'CALL_NOT_OFFERED',
  },
  // ---- end
  {
    name: 'the advisor ends',
    state: 'active',
    actor: 'ringing',
    method: 'POST',
    path: '/end',
    status: 200,
    after: (d) => {
      expect(d).toMatchObject({ status: 'completed', endedBy: 'advisor' });
      expect(d.duration).toBe(2);
    },
  },
  {
    name: 'the visitor ends',
    state: 'active',
    actor: 'client',
    method: 'POST',
    path: '/end',
    status: 200,
    after: (d) => expect(d.endedBy).toBe('client'),
  },
  {
    name: 'an admin ends',
    state: 'active',
    actor: 'admin',
    method: 'POST',
    path: '/end',
    body: { endedBy: 'admin' },
    status: 200,
    after: (d) => expect(d.endedBy).toBe('admin'),
  },
  {
    name: 'ending with a wrong key',
    state: 'active',
    actor: 'wrongKey',
    method: 'POST',
    path: '/end',
    status: 403,
    code: 'INVALID_CLIENT_KEY',
  },
  {
    name: 'ending anonymously',
    state: 'active',
    actor: 'nobody',
    method: 'POST',
    path: '/end',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'another advisor cannot end',
    state: 'active',
    actor: 'other',
    method: 'POST',
    path: '/end',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'nobody ends as system over HTTP',
    state: 'active',
    actor: 'ringing',
    method: 'POST',
    path: '/end',
    body: { endedBy: 'system' },
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'an advisor cannot claim to be admin',
    state: 'active',
    actor: 'ringing',
    method: 'POST',
    path: '/end',
    body: { endedBy: 'admin' },
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'the visitor cannot claim to be the advisor',
    state: 'active',
    actor: 'client',
    method: 'POST',
    path: '/end',
    body: { endedBy: 'advisor' },
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'ending a pending call',
    state: 'offered',
    actor: 'ringing',
    method: 'POST',
    path: '/end',
    status: 409,
    code: 'CALL_NOT_ACTIVE',
  },
  {
    name: 'ending twice',
    state: 'completed',
    actor: 'ringing',
    method: 'POST',
    path: '/end',
    status: 409,
    code: 'CALL_NOT_ACTIVE',
  },
  // ---- cancel
  {
    name: 'the visitor cancels while it rings',
    state: 'offered',
    actor: 'client',
    method: 'POST',
    path: '/cancel',
    status: 200,
    after: (d) => {
      expect(d).toMatchObject({
        status: 'cancelled',
        reason: DEFAULT_CLIENT_CANCEL_REASON,
        endedBy: 'client',
      });
      expect(d.offers.map((o) => o.outcome)).toEqual(['withdrawn']);
    },
  },
  {
    name: 'the visitor cancels while queued',
    state: 'queued',
    actor: 'client',
    method: 'POST',
    path: '/cancel',
    body: { reason: 'Ya no puedo' },
    status: 200,
    after: (d) => expect(d).toMatchObject({ status: 'cancelled', reason: 'Ya no puedo' }),
  },
  {
    name: "'Declined by advisor' from the ringing advisor declines, the call goes on",
    state: 'offered',
    actor: 'ringing',
    method: 'POST',
    path: '/cancel',
    body: { reason: DECLINED_BY_ADVISOR_REASON },
    status: 200,
    after: (d, w) => {
      expect(d).toMatchObject({ status: 'pending', advisorId: w.next.id, reason: null });
      expect(d.offers[0]?.outcome).toBe('declined');
    },
  },
  {
    name: 'an admin cancels',
    state: 'offered',
    actor: 'admin',
    method: 'POST',
    path: '/cancel',
    status: 200,
    after: (d) =>
      expect(d).toMatchObject({
        status: 'cancelled',
        reason: DEFAULT_ADMIN_CANCEL_REASON,
        endedBy: 'admin',
      }),
  },
  {
    name: 'cancelling an active call',
    state: 'active',
    actor: 'client',
    method: 'POST',
    path: '/cancel',
    status: 409,
    code: 'CALL_NOT_PENDING',
  },
  {
    name: 'an admin cancelling an active call',
    state: 'active',
    actor: 'admin',
    method: 'POST',
    path: '/cancel',
    status: 409,
    code: 'CALL_NOT_PENDING',
  },
  {
    name: 'another advisor cannot cancel',
    state: 'offered',
    actor: 'other',
    method: 'POST',
    path: '/cancel',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'cancelling with a wrong key',
    state: 'offered',
    actor: 'wrongKey',
    method: 'POST',
    path: '/cancel',
    status: 403,
    code: 'INVALID_CLIENT_KEY',
  },
  {
    name: 'cancelling anonymously',
    state: 'offered',
    actor: 'nobody',
    method: 'POST',
    path: '/cancel',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  // ---- rating
  {
    name: 'the visitor rates',
    state: 'completed',
    actor: 'client',
    method: 'POST',
    path: '/rating',
    body: { rating: 5, comment: 'Excelente' },
    status: 200,
    after: (d) => expect(d).toMatchObject({ rating: 5, ratingComment: 'Excelente' }),
  },
  {
    name: 'rating twice',
    state: 'rated',
    actor: 'client',
    method: 'POST',
    path: '/rating',
    body: { rating: 1 },
    status: 409,
    code: 'CALL_ALREADY_RATED',
    after: (d) => expect(d.rating).toBe(4),
  },
  {
    name: 'rating before the end',
    state: 'active',
    actor: 'client',
    method: 'POST',
    path: '/rating',
    body: { rating: 5 },
    status: 409,
    code: 'CALL_NOT_COMPLETED',
  },
  {
    name: 'rating a cancelled call',
    state: 'cancelled',
    actor: 'client',
    method: 'POST',
    path: '/rating',
    body: { rating: 5 },
    status: 409,
    code: 'CALL_NOT_COMPLETED',
  },
  {
    name: 'rating out of range',
    state: 'completed',
    actor: 'client',
    method: 'POST',
    path: '/rating',
    body: { rating: 6 },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'rating with a wrong key',
    state: 'completed',
    actor: 'wrongKey',
    method: 'POST',
    path: '/rating',
    body: { rating: 5 },
    status: 403,
    code: 'INVALID_CLIENT_KEY',
  },
  {
    name: 'rating without a key',
    state: 'completed',
    actor: 'ringing',
    method: 'POST',
    path: '/rating',
    body: { rating: 5 },
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  // ---- status
  {
    name: 'the visitor reads its status',
    state: 'offered',
    actor: 'client',
    method: 'GET',
    path: '/status',
    status: 200,
  },
  {
    name: 'the ringing advisor reads the status',
    state: 'offered',
    actor: 'ringing',
    method: 'GET',
    path: '/status',
    status: 200,
  },
  {
    name: 'status with a wrong key',
    state: 'offered',
    actor: 'wrongKey',
    method: 'GET',
    path: '/status',
    status: 403,
    code: 'INVALID_CLIENT_KEY',
  },
  {
    name: 'status anonymously',
    state: 'offered',
    actor: 'nobody',
    method: 'GET',
    path: '/status',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'status by another advisor',
    state: 'offered',
    actor: 'other',
    method: 'GET',
    path: '/status',
    status: 403,
    code: 'FORBIDDEN',
  },
  // ---- notes
  {
    name: 'the advisor saves notes',
    state: 'active',
    actor: 'ringing',
    method: 'POST',
    path: '/notes',
    body: { notes: 'Cabello seco' },
    status: 200,
    after: (d) => expect(d.notes).toBe('Cabello seco'),
  },
  {
    name: 'another advisor cannot save notes',
    state: 'active',
    actor: 'other',
    method: 'POST',
    path: '/notes',
    body: { notes: 'x' },
    status: 403,
    code: 'FORBIDDEN',
    after: (d) => expect(d.notes).toBeNull(),
  },
  {
    name: 'the visitor cannot save notes',
    state: 'active',
    actor: 'client',
    method: 'POST',
    path: '/notes',
    body: { notes: 'x' },
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'another advisor cannot read notes',
    state: 'active',
    actor: 'other',
    method: 'GET',
    path: '/notes',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'an admin reads notes',
    state: 'active',
    actor: 'admin',
    method: 'GET',
    path: '/notes',
    status: 200,
  },
  // ---- video token and join
  {
    name: 'the visitor gets a client token',
    state: 'active',
    actor: 'client',
    method: 'GET',
    path: '/token?userType=client',
    status: 200,
  },
  {
    name: 'the visitor cannot get an advisor token',
    state: 'active',
    actor: 'client',
    method: 'GET',
    path: '/token?userType=advisor',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: "the call's advisor gets an advisor token",
    state: 'active',
    actor: 'ringing',
    method: 'GET',
    path: '/token?userType=advisor',
    status: 200,
  },
  {
    name: 'another advisor gets no token',
    state: 'active',
    actor: 'other',
    method: 'GET',
    path: '/token?userType=advisor',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'another advisor gets no admin token',
    state: 'active',
    actor: 'other',
    method: 'GET',
    path: '/token?userType=admin',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'an admin gets an admin token',
    state: 'active',
    actor: 'admin',
    method: 'GET',
    path: '/token?userType=admin',
    status: 200,
  },
  {
    name: 'no token before the call is active',
    state: 'offered',
    actor: 'ringing',
    method: 'GET',
    path: '/token?userType=advisor',
    status: 409,
    code: 'CALL_NOT_ACTIVE',
  },
  {
    name: 'no token anonymously',
    state: 'active',
    actor: 'nobody',
    method: 'GET',
    path: '/token?userType=client',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'the visitor joins',
    state: 'active',
    actor: 'client',
    method: 'GET',
    path: '/join',
    status: 200,
  },
  {
    name: 'join with a wrong key',
    state: 'active',
    actor: 'wrongKey',
    method: 'GET',
    path: '/join',
    status: 403,
    code: 'INVALID_CLIENT_KEY',
  },
  {
    name: 'another advisor cannot join',
    state: 'active',
    actor: 'other',
    method: 'GET',
    path: '/join',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'no join after the end',
    state: 'completed',
    actor: 'client',
    method: 'GET',
    path: '/join',
    status: 409,
    code: 'CALL_NOT_ACTIVE',
  },
  // ---- details
  {
    name: "the call's advisor reads the details",
    state: 'active',
    actor: 'ringing',
    method: 'GET',
    path: '',
    status: 200,
  },
  {
    name: 'another advisor cannot read the details',
    state: 'active',
    actor: 'other',
    method: 'GET',
    path: '',
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'the visitor cannot read the details',
    state: 'active',
    actor: 'client',
    method: 'GET',
    path: '',
    status: 401,
    code: 'UNAUTHENTICATED',
  },
];

describe.each(await dialects())('call transitions and refusals (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createCallsTestApp(dialect);
    await setSystemSettings(t.db.db, { maxConcurrentCalls: 50 });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Each case builds its own world: earlier advisors leave, earlier calls stop counting.
    await t.db.db.deleteFrom('socket_connections').execute();
    await t.db.db.updateTable('advisors').set({ status: 'offline' }).execute();
    await t.db.db
      .updateTable('calls')
      .set({ status: 'cancelled' })
      .where('status', 'in', ['pending', 'active'])
      .execute();
  });

  const advisor = (opts: Parameters<typeof insertAdvisor>[1] = {}) =>
    insertAdvisor(t.db.db, { now: t.clock.now(), ...opts });
  const ok = async (res: Promise<ApiResult>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`arrange failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  };

  async function arrange(state: State): Promise<World> {
    const admin = await advisor({ isAdmin: true, status: 'offline' });
    const other = await advisor({ status: 'offline' });
    const ringing = await advisor({ lastCallEndedAt: '2026-01-01T00:00:00.000Z' });
    const next = await advisor({ lastCallEndedAt: '2026-06-01T00:00:00.000Z' });
    if (state === 'queued') {
      // Both advisors busy with a call each: the next request waits in line.
      for (const who of [ringing, next]) {
        const c = await requestCall(t.app);
        await ok(api(t.app, 'POST', `/api/calls/${c.callId}/accept`, { token: who.token }));
      }
    }
    const call = await requestCall(t.app);
    const w: World = {
      callId: call.callId,
      clientKey: call.clientKey,
      ringing,
      next,
      other,
      admin,
    };
    const url = `/api/calls/${call.callId}`;
    if (state === 'queued') {
      expect(call.queuePosition).toBe(1);
      return w;
    }
    expect(call.advisorId).toBe(ringing.id);
    if (state === 'moved') {
      t.clock.advance(31_000);
      await refreshPresence(t.db.db, t.clock.now());
      await t.app.container.sweeper.sweep(t.clock.now());
    }
    if (state === 'cancelled')
      await ok(api(t.app, 'POST', `${url}/cancel`, { clientKey: call.clientKey }));
    if (state === 'active' || state === 'completed' || state === 'rated') {
      await ok(api(t.app, 'POST', `${url}/accept`, { token: ringing.token }));
    }
    if (state === 'active' || state === 'completed' || state === 'rated') t.clock.advance(120_000);
    if (state === 'completed' || state === 'rated')
      await ok(api(t.app, 'POST', `${url}/end`, { token: ringing.token }));
    if (state === 'rated')
      await ok(
        api(t.app, 'POST', `${url}/rating`, { clientKey: call.clientKey, body: { rating: 4 } }),
      );
    return w;
  }

  function credentials(actor: Actor, w: World): { token?: string; clientKey?: string } {
    switch (actor) {
      case 'client':
        return { clientKey: w.clientKey };
      case 'wrongKey':
        return { clientKey: 'not-the-key-of-this-call' };
      case 'nobody':
        return {};
      case 'ringing':
        return { token: w.ringing.token };
      case 'other':
        return { token: w.other.token };
      case 'admin':
        return { token: w.admin.token };
    }
  }

  /**
   * Everything a request about the call could have stored: its row and every row hanging off it,
   * the four advisors of the world, the audit trail.
   */
  async function stored(w: World) {
    const db = t.db.db;
    const ofCall = (
      table:
        | 'call_offers'
        | 'call_notes'
        | 'call_messages'
        | 'call_images'
        | 'call_media_stats'
        | 'call_summaries'
        | 'summary_keys'
        | 'visitor_connections'
        | 'testimonials',
    ) => db.selectFrom(table).selectAll().where('call_id', '=', w.callId).execute();
    return {
      call: await db.selectFrom('calls').selectAll().where('id', '=', w.callId).execute(),
      offers: await ofCall('call_offers'),
      notes: await ofCall('call_notes'),
      messages: await ofCall('call_messages'),
      images: await ofCall('call_images'),
      mediaStats: await ofCall('call_media_stats'),
      summaries: await ofCall('call_summaries'),
      summaryKeys: await ofCall('summary_keys'),
      visitorConnections: await ofCall('visitor_connections'),
      testimonials: await ofCall('testimonials'),
      advisors: await db
        .selectFrom('advisors')
        .selectAll()
        .where('id', 'in', [w.ringing.id, w.next.id, w.other.id, w.admin.id])
        .orderBy('id')
        .execute(),
      audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
    };
  }

  it.each(cases)('$name ($state, $actor → $status $code)', async (c) => {
    const w = await arrange(c.state);
    const before = await stored(w);
    const res = await api(t.app, c.method, `/api/calls/${w.callId}${c.path}`, {
      ...credentials(c.actor, w),
      ...(c.body === undefined ? {} : { body: c.body }),
    });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({
      status: c.status,
      code: c.code,
    });
    // A refusal stores nothing: the call, what hangs off it and its advisors are as they were.
    if (c.status >= 400) expect(await stored(w)).toEqual(before);
    if (c.after) {
      const d = await api<CallDetails>(t.app, 'GET', `/api/calls/${w.callId}`, {
        token: w.admin.token,
      });
      c.after(d.data, w);
    }
  });

  it('an unknown call is CALL_NOT_FOUND for every actor and action', async () => {
    const w = await arrange('offered');
    for (const [method, path, creds] of [
      ['POST', '/accept', { token: w.ringing.token }],
      ['POST', '/decline', { token: w.ringing.token }],
      ['POST', '/end', { clientKey: w.clientKey }],
      ['POST', '/cancel', { clientKey: w.clientKey }],
      ['GET', '/status', { clientKey: w.clientKey }],
      ['GET', '', { token: w.admin.token }],
    ] as const) {
      const res = await api(t.app, method, `/api/calls/call_missing${path}`, creds);
      expect({ path, status: res.status, code: res.body.error?.code }).toEqual({
        path,
        status: 404,
        code: 'CALL_NOT_FOUND',
      });
    }
  });

  it('accept makes the advisor busy (in_call) and the end makes them available again', async () => {
    const w = await arrange('active');
    const state = () =>
      t.db.db
        .selectFrom('advisors')
        .select(['status', 'status_reason', 'last_call_ended_at'])
        .where('id', '=', w.ringing.id)
        .executeTakeFirstOrThrow();
    expect(await state()).toMatchObject({
      status: 'busy',
      status_reason: 'in_call',
      last_call_ended_at: '2026-01-01T00:00:00.000Z',
    });
    await ok(api(t.app, 'POST', `/api/calls/${w.callId}/end`, { token: w.ringing.token }));
    expect(await state()).toEqual({
      status: 'available',
      status_reason: null,
      last_call_ended_at: t.clock.now().toISOString(),
    });
    expect(
      t.notifier
        .of('advisor:status:updated', `advisor:${w.ringing.id}`)
        .map((e) => e.payload)
        .slice(-1),
    ).toEqual([{ advisorId: w.ringing.id, status: 'available', reason: null }]);
  });

  it('the visitor sees its status, never the advisor email; the join answer is ready to open', async () => {
    const w = await arrange('active');
    const status = await api<Record<string, unknown>>(
      t.app,
      'GET',
      `/api/calls/${w.callId}/status`,
      { clientKey: w.clientKey },
    );
    expect(status.data).toMatchObject({
      callId: w.callId,
      status: 'active',
      advisorId: w.ringing.id,
      advisorName: w.ringing.name,
      queuePosition: null,
    });
    const end = await api<{ advisorInfo: { email: string } }>(
      t.app,
      'GET',
      `/api/calls/${w.callId}/join`,
      { clientKey: w.clientKey },
    );
    expect(end.data).toMatchObject({
      callId: w.callId,
      userType: 'client',
      provider: 'builtin',
      roomUrl: `/rtc/${w.callId}`,
    });
    const join = end.data as unknown as { videoPageUrl: string; token: string };
    expect(join.videoPageUrl).toContain(`roomUrl=${encodeURIComponent(`/rtc/${w.callId}`)}`);
    // The token in the fragment: never sent to a server, so never in a request log.
    expect(join.videoPageUrl).toMatch(new RegExp(`#token=${encodeURIComponent(join.token)}$`));
    expect(join.videoPageUrl.split('#')[0]).not.toContain('token');
    const ended = await api<{ advisorInfo: { name: string; email: string } }>(
      t.app,
      'POST',
      `/api/calls/${w.callId}/end`,
      { clientKey: w.clientKey },
    );
    expect(ended.data.advisorInfo).toEqual({ name: w.ringing.name, email: '' });
  });
});
