/**
 * Reading endpoints: admin list (filters, Lima days, search, SQL pagination), stats, recent,
 * details, the advisor dashboard and per-advisor lists, notes, public availability, callback
 * leads, and the per-address rate limit of anonymous requests.
 */
import type {
  AdvisorDashboard,
  Availability,
  Call,
  CallPage,
  CallStats,
  Callback,
} from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestBody,
  requestCall,
  setSettingsSection,
  setSystemSettings,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';

describe.each(await dialects())('calls reading endpoints (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let ana: TestAdvisor;
  let bea: TestAdvisor;
  const ids: Record<string, string> = {};

  const at = async (iso: string) => {
    t.clock.set(iso);
    await refreshPresence(t.db.db, t.clock.now());
  };
  const must = async (p: ReturnType<typeof api>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r;
  };
  /** A call answered by `who` at `start` and ended after `minutes`, optionally rated. */
  async function completed(
    key: string,
    who: TestAdvisor,
    start: string,
    minutes: number,
    rating?: number,
    name = 'Cliente',
  ) {
    await at(start);
    await t.db.db
      .updateTable('advisors')
      .set({ status: 'offline' })
      .where('id', '<>', who.id)
      .execute();
    await t.db.db
      .updateTable('advisors')
      .set({ status: 'available' })
      .where('id', '=', who.id)
      .execute();
    const c = await requestCall(t.app, { name, phone: '+51 911 222 333' });
    expect(c.advisorId).toBe(who.id);
    await must(api(t.app, 'POST', `/api/calls/${c.callId}/accept`, { token: who.token }));
    t.clock.advance(minutes * 60_000);
    await must(api(t.app, 'POST', `/api/calls/${c.callId}/end`, { token: who.token }));
    if (rating)
      await must(
        api(t.app, 'POST', `/api/calls/${c.callId}/rating`, {
          clientKey: c.clientKey,
          body: { rating },
        }),
      );
    ids[key] = c.callId;
  }

  beforeAll(async () => {
    t = await createCallsTestApp(dialect);
    await setSystemSettings(t.db.db, { maxConcurrentCalls: 50 });
    admin = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      isAdmin: true,
      status: 'offline',
      name: 'Root',
    });
    ana = await insertAdvisor(t.db.db, { now: t.clock.now(), name: 'Ana' });
    bea = await insertAdvisor(t.db.db, { now: t.clock.now(), name: 'Bea', status: 'offline' });
    // Lima is UTC-5: 04:00Z on the 20th is 23:00 on the 19th in Lima.
    await completed('yesterday', ana, '2026-11-20T04:00:00.000Z', 30, 3, 'Rosa Antigua');
    await completed('morning', ana, '2026-11-20T14:00:00.000Z', 10, 5, 'Pilar Gómez');
    await completed('bea', bea, '2026-11-20T14:30:00.000Z', 20, undefined, 'Inés 100%_real');
    await at('2026-11-20T15:00:00.000Z');
    await t.db.db
      .updateTable('advisors')
      .set({ status: 'available' })
      .where('id', '=', ana.id)
      .execute();
    const active = await requestCall(t.app, { name: 'Activa' });
    await must(api(t.app, 'POST', `/api/calls/${active.callId}/accept`, { token: ana.token }));
    ids.active = active.callId;
    await at('2026-11-20T15:01:00.000Z');
    const cancelled = await requestCall(t.app, { name: 'Se fue' });
    await must(
      api(t.app, 'POST', `/api/calls/${cancelled.callId}/cancel`, {
        clientKey: cancelled.clientKey,
      }),
    );
    ids.cancelled = cancelled.callId;
    await at('2026-11-20T15:02:00.000Z');
    // Ana (in a call) has room for a second one; Bea leaves.
    await t.db.db
      .updateTable('advisors')
      .set({ max_concurrent_calls: 2 })
      .where('id', '=', ana.id)
      .execute();
    await t.db.db
      .updateTable('advisors')
      .set({ status: 'offline' })
      .where('id', '=', bea.id)
      .execute();
    const ringing = await requestCall(t.app, { name: 'Sonando' });
    expect(ringing.advisorId).toBe(ana.id);
    ids.ringing = ringing.callId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/calls pages in SQL, newest first, with total', async () => {
    const p1 = await api<CallPage>(t.app, 'GET', '/api/calls?limit=2&page=1', {
      token: admin.token,
    });
    expect(p1.status).toBe(200);
    expect(p1.data).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect(p1.data.items.map((c) => c.callId)).toEqual([ids.ringing, ids.cancelled]);
    const p3 = await api<CallPage>(t.app, 'GET', '/api/calls?limit=2&page=3', {
      token: admin.token,
    });
    expect(p3.data.items.map((c) => c.callId)).toEqual([ids.morning, ids.yesterday]);
    const p4 = await api<CallPage>(t.app, 'GET', '/api/calls?limit=2&page=4', {
      token: admin.token,
    });
    expect(p4.data).toMatchObject({ items: [], total: 6 });
  });

  it('filters by status, advisor, Lima day and search', async () => {
    const q = async (query: string) =>
      (await api<CallPage>(t.app, 'GET', `/api/calls?${query}`, { token: admin.token })).data.items
        .map((c) => c.callId)
        .sort();
    expect(await q('status=completed')).toEqual([ids.yesterday, ids.morning, ids.bea].sort());
    // The cancelled call rang Bea (fewest active calls) before the visitor left: it stays hers.
    expect(await q(`advisorId=${bea.id}`)).toEqual([ids.bea, ids.cancelled].sort());
    expect(await q('startDate=2026-11-19&endDate=2026-11-19')).toEqual([ids.yesterday]);
    expect(await q('startDate=2026-11-20&endDate=2026-11-20&status=completed')).toEqual(
      [ids.morning, ids.bea].sort(),
    );
    expect(await q('startDate=2026-11-20T15:00:30.000Z')).toEqual(
      [ids.cancelled, ids.ringing].sort(),
    );
    expect(await q('search=pilar')).toEqual([ids.morning]);
    expect(await q('search=GÓMEZ')).toEqual([ids.morning]);
    expect(await q('search=Gómez')).toEqual([ids.morning]);
    // % and _ are literal characters, not wildcards.
    expect(await q('search=100%25_')).toEqual([ids.bea]);
    expect(await q('search=%25')).toEqual([ids.bea]);
    const bad = await api(t.app, 'GET', '/api/calls?startDate=yesterday', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('VALIDATION_ERROR');
  });

  it('GET /api/calls/stats aggregates calls (Lima today) and advisors', async () => {
    const s = await api<CallStats>(t.app, 'GET', '/api/calls/stats', { token: admin.token });
    expect(s.data).toEqual({
      totalAdvisors: 3,
      availableAdvisors: 0,
      busyAdvisors: 1,
      offlineAdvisors: 2,
      adminAdvisors: 1,
      totalCalls: 6,
      activeCalls: 1,
      pendingCalls: 1,
      completedCalls: 3,
      cancelledCalls: 1,
      completedToday: 2,
      callsToday: 5,
      averageRating: 4,
      averageDuration: 20,
      totalDuration: 60,
    });
  });

  it("'Disponibles' counts available advisors with a live connection only", async () => {
    const stats = async () =>
      (await api<CallStats>(t.app, 'GET', '/api/calls/stats', { token: admin.token })).data;
    const before = await stats();
    const on = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      status: 'available',
      online: true,
    });
    const off = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      status: 'available',
      online: false,
    });
    const after = await stats();
    expect(after.totalAdvisors - before.totalAdvisors).toBe(2);
    expect(after.availableAdvisors - before.availableAdvisors).toBe(1);
    // Available but not connected: nobody can ring her, so she is not 'Disponible'.
    expect(after.offlineAdvisors - before.offlineAdvisors).toBe(1);
    // Her connection gone: no longer counted.
    await t.db.db.deleteFrom('socket_connections').where('advisor_id', '=', on.id).execute();
    expect((await stats()).availableAdvisors).toBe(before.availableAdvisors);
    await t.db.db
      .updateTable('advisors')
      .set({ status: 'offline' })
      .where('id', 'in', [on.id, off.id])
      .execute();
  });

  it('GET /api/calls/recent lists the latest calls; details carry offers and notes', async () => {
    const r = await api<Call[]>(t.app, 'GET', '/api/calls/recent', { token: admin.token });
    expect(r.data.map((c) => c.callId).slice(0, 2)).toEqual([ids.ringing, ids.cancelled]);
    expect(r.data).toHaveLength(6);
    await must(
      api(t.app, 'POST', `/api/calls/${ids.active}/notes`, {
        token: ana.token,
        body: { notes: 'Rizos' },
      }),
    );
    const d = await api<{ notes: string; offers: unknown[]; advisorInfo: { email: string } }>(
      t.app,
      'GET',
      `/api/calls/${ids.active}`,
      {
        token: admin.token,
      },
    );
    expect(d.data.notes).toBe('Rizos');
    expect(d.data.offers).toHaveLength(1);
    expect(d.data.advisorInfo.email).toContain('@fixture.test');
  });

  it('notes: saved, read back by the advisor, announced to the advisor sockets', async () => {
    t.notifier.clear();
    const saved = await api<{ notes: string; updatedAt: string }>(
      t.app,
      'POST',
      `/api/calls/${ids.morning}/notes`,
      {
        token: ana.token,
        body: { notes: 'Recomendar sérum', clientInfo: { name: 'Pilar' } },
      },
    );
    expect(saved.data).toEqual({
      callId: ids.morning,
      notes: 'Recomendar sérum',
      updatedAt: t.clock.now().toISOString(),
    });
    const read = await api<{ notes: string }>(t.app, 'GET', `/api/calls/${ids.morning}/notes`, {
      token: ana.token,
    });
    expect(read.data.notes).toBe('Recomendar sérum');
    expect(t.notifier.of('call:notes:updated', `advisor:${ana.id}`).map((e) => e.payload)).toEqual([
      { callId: ids.morning, notes: 'Recomendar sérum', clientInfo: { name: 'Pilar' } },
    ]);
    const empty = await api<{ notes: string; updatedAt: null }>(
      t.app,
      'GET',
      `/api/calls/${ids.bea}/notes`,
      { token: bea.token },
    );
    expect(empty.data).toEqual({ callId: ids.bea, notes: '', updatedAt: null });
  });

  it("notes: 'Limpiar' saves them empty, and they read back empty (to her and in the call's details)", async () => {
    await api(t.app, 'POST', `/api/calls/${ids.morning}/notes`, {
      token: ana.token,
      body: { notes: 'Puntas secas' },
    });
    t.notifier.clear();
    const cleared = await api<{ notes: string }>(t.app, 'POST', `/api/calls/${ids.morning}/notes`, {
      token: ana.token,
      body: { notes: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.data.notes).toBe('');
    const read = await api<{ notes: string }>(t.app, 'GET', `/api/calls/${ids.morning}/notes`, {
      token: ana.token,
    });
    expect(read.data.notes).toBe('');
    const details = await api<{ notes: string | null }>(t.app, 'GET', `/api/calls/${ids.morning}`, {
      token: admin.token,
    });
    expect(details.data.notes ?? '').toBe('');
    expect(t.notifier.of('call:notes:updated', `advisor:${ana.id}`).map((e) => e.payload)).toEqual([
      { callId: ids.morning, notes: '' },
    ]);
  });

  it("the advisor dashboard: pending, active, today's figures (Lima day); self or admin only", async () => {
    const d = await api<AdvisorDashboard>(t.app, 'GET', `/api/advisors/${ana.id}/dashboard`, {
      token: ana.token,
    });
    expect(d.status).toBe(200);
    expect(d.data.pendingCalls.map((c) => c.callId)).toEqual([ids.ringing]);
    expect(d.data.activeCalls.map((c) => c.callId)).toEqual([ids.active]);
    expect(d.data.activeCall?.callId).toBe(ids.active);
    // Today (Lima): the morning call (10 min, rated 5) and the active one; yesterday's does not count.
    expect(d.data.todayStats).toEqual({ callsAnswered: 2, averageCallTime: 10, averageRating: 5 });
    expect(
      (await api(t.app, 'GET', `/api/advisors/${ana.id}/dashboard`, { token: admin.token })).status,
    ).toBe(200);
    const other = await api(t.app, 'GET', `/api/advisors/${ana.id}/dashboard`, {
      token: bea.token,
    });
    expect({ status: other.status, code: other.body.error?.code }).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await api(t.app, 'GET', `/api/advisors/${ana.id}/dashboard`)).status).toBe(401);
  });

  it('the advisor dashboard says whether browser notifications are on (both admin switches)', async () => {
    const notificationsOn = async () =>
      (
        await api<AdvisorDashboard>(t.app, 'GET', `/api/advisors/${ana.id}/dashboard`, {
          token: ana.token,
        })
      ).data.browserNotifications;
    expect(await notificationsOn()).toBe(true);
    const current = await t.app.container.settings.get();
    for (const off of [
      { ...current, system: { ...current.system, enableNotifications: false } },
      { ...current, notifications: { ...current.notifications, pushNotifications: false } },
    ]) {
      await t.app.container.settings.update({ advisorId: admin.id }, off);
      expect(await notificationsOn()).toBe(false);
    }
    await t.app.container.settings.update({ advisorId: admin.id }, current);
    expect(await notificationsOn()).toBe(true);
  });

  it('per-advisor pending / active / history lists, with the history limit', async () => {
    const get = async (path: string, token = ana.token) =>
      api<Call[]>(t.app, 'GET', `/api/advisors/${ana.id}/calls/${path}`, { token });
    expect((await get('pending')).data.map((c) => c.callId)).toEqual([ids.ringing]);
    expect((await get('active')).data.map((c) => c.callId)).toEqual([ids.active]);
    expect((await get('history')).data.map((c) => c.callId)).toEqual([ids.morning, ids.yesterday]);
    expect((await get('history?limit=1')).data.map((c) => c.callId)).toEqual([ids.morning]);
    for (const path of ['pending', 'active', 'history']) {
      expect((await get(path, bea.token)).status).toBe(403);
      expect((await get(path, admin.token)).status).toBe(200);
    }
  });

  it('admin endpoints refuse advisors and anonymous callers', async () => {
    for (const url of ['/api/calls', '/api/calls/stats', '/api/calls/recent', '/api/callbacks']) {
      const anon = await api(t.app, 'GET', url);
      const advisor = await api(t.app, 'GET', url, { token: ana.token });
      expect([url, anon.status, advisor.status, advisor.body.error?.code]).toEqual([
        url,
        401,
        403,
        'FORBIDDEN',
      ]);
    }
  });

  it('refuses a stranger before reading what it sent: no 400 tells it what the route accepts', async () => {
    // The admin's list with a filter no call has, and an advisor's dashboard with an id too long.
    const list = '/api/calls?status=not-a-status&limit=0';
    const dashboard = `/api/advisors/${'x'.repeat(100)}/dashboard`;
    const answers = [
      (await api(t.app, 'GET', list)).body.error?.code,
      (await api(t.app, 'GET', list, { token: ana.token })).body.error?.code,
      (await api(t.app, 'GET', dashboard)).body.error?.code,
      (await api(t.app, 'GET', dashboard, { token: ana.token })).body.error?.code,
    ];
    expect(answers).toEqual([
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'UNAUTHENTICATED',
      'VALIDATION_ERROR',
    ]);
  });

  it('GET /api/availability says who is free, the expected wait and the next opening', async () => {
    const a = await api<Availability>(t.app, 'GET', '/api/availability');
    expect(a.status).toBe(200);
    // Ana is online with room for 2: one active call, one ringing → no free place.
    expect(a.data).toMatchObject({
      open: true,
      maintenance: false,
      availableAdvisors: 0,
      maxCallDuration: 60,
    });
    expect(a.data.estimatedWaitTime).toBeGreaterThan(0);
    // Friday 10:02 in Lima: the next start of anyone's hours is Monday 09:00 Lima.
    expect(a.data.nextOpening).toBe('2026-11-23T14:00:00.000Z');
    // Booking for later follows `appointments.enabled` (the widget's closed button offers it).
    expect(a.data.bookingEnabled).toBe(true);
    await setSettingsSection(t.db.db, 'appointments', { enabled: false });
    try {
      const off = await api<Availability>(t.app, 'GET', '/api/availability');
      expect(off.data.bookingEnabled).toBe(false);
    } finally {
      await setSettingsSection(t.db.db, 'appointments', { enabled: true });
    }
    expect((await api<Availability>(t.app, 'GET', '/api/availability')).data.bookingEnabled).toBe(
      true,
    );
  });

  it('callback leads: anyone leaves one, admins list and close them', async () => {
    const created = await api<Callback>(t.app, 'POST', '/api/callbacks', {
      body: { name: 'Julia', phone: '+51 955 444 333', preferredTime: 'mañana', consent: true },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Julia', status: 'open', doneAt: null });
    const noConsent = await api(t.app, 'POST', '/api/callbacks', {
      body: { name: 'Julia', phone: '+51 955 444 333' },
    });
    expect(noConsent.status).toBe(400);
    const open = await api<Callback[]>(t.app, 'GET', '/api/callbacks?status=open', {
      token: admin.token,
    });
    expect(open.data.map((c) => c.callbackId)).toEqual([created.data.callbackId]);
    const done = await api<Callback>(
      t.app,
      'POST',
      `/api/callbacks/${created.data.callbackId}/done`,
      { token: admin.token },
    );
    expect(done.data).toMatchObject({ status: 'done', doneAt: t.clock.now().toISOString() });
    expect(
      (await api<Callback[]>(t.app, 'GET', '/api/callbacks?status=open', { token: admin.token }))
        .data,
    ).toEqual([]);
    expect(
      (
        await api(t.app, 'POST', `/api/callbacks/${created.data.callbackId}/done`, {
          token: ana.token,
        })
      ).status,
    ).toBe(403);
    const missing = await api(t.app, 'POST', '/api/callbacks/cb_missing/done', {
      token: admin.token,
    });
    expect({ status: missing.status, code: missing.body.error?.code }).toEqual({
      status: 404,
      code: 'CALLBACK_NOT_FOUND',
    });
  });
});

describe('OpenAPI', () => {
  it('documents every calls route with its method', async () => {
    const t = await createCallsTestApp('sqlite');
    try {
      const doc = (await api<never>(t.app, 'GET', '/openapi.json')).body as unknown as {
        paths: Record<string, Record<string, unknown>>;
      };
      const expected: [string, string[]][] = [
        ['/api/calls/request', ['post']],
        ['/api/calls/{callId}/status', ['get']],
        ['/api/calls/{callId}/join', ['get']],
        ['/api/calls/{callId}/token', ['get']],
        ['/api/calls/{callId}/accept', ['post']],
        ['/api/calls/{callId}/decline', ['post']],
        ['/api/calls/{callId}/end', ['post']],
        ['/api/calls/{callId}/cancel', ['post']],
        ['/api/calls/{callId}/notes', ['get', 'post']],
        ['/api/calls/{callId}/rating', ['post']],
        ['/api/calls', ['get']],
        ['/api/calls/stats', ['get']],
        ['/api/calls/recent', ['get']],
        ['/api/calls/{callId}', ['get']],
        ['/api/advisors/{advisorId}/dashboard', ['get']],
        ['/api/advisors/{advisorId}/calls/pending', ['get']],
        ['/api/advisors/{advisorId}/calls/active', ['get']],
        ['/api/advisors/{advisorId}/calls/history', ['get']],
        ['/api/availability', ['get']],
        ['/api/callbacks', ['get', 'post']],
        ['/api/callbacks/{callbackId}/done', ['post']],
      ];
      for (const [path, methods] of expected) {
        for (const m of methods) expect(doc.paths[path]?.[m], `${m} ${path}`).toBeDefined();
      }
    } finally {
      await t.close();
    }
  });
});

describe('anonymous request rate limit', () => {
  it('allows CALL_REQUEST_RATE_LIMIT requests per address and minute, then 429 RATE_LIMITED', async () => {
    const t = await createCallsTestApp('sqlite', {
      config: { callRequestRateLimit: 2, trustProxy: 1 },
    });
    try {
      await insertAdvisor(t.db.db, { now: t.clock.now(), maxConcurrentCalls: 10 });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await api(t.app, 'POST', '/api/calls/request', { body: requestBody() })).status,
        );
      expect(statuses).toEqual([201, 201, 429]);
      const limited = await api(t.app, 'POST', '/api/calls/request', { body: requestBody() });
      expect(limited.body.error?.code).toBe('RATE_LIMITED');
      const { retryAfterSeconds } = limited.body.error?.details as { retryAfterSeconds: number };
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another address is not affected.
      const other = await api(t.app, 'POST', '/api/calls/request', {
        body: requestBody(),
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(other.status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('counts call and callback requests per phone number however it is typed, from any address', async () => {
    const t = await createCallsTestApp('sqlite', {
      config: { callRequestPhoneLimit: 2, trustProxy: 1 },
    });
    try {
      await insertAdvisor(t.db.db, { now: t.clock.now(), maxConcurrentCalls: 10 });
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const first = await api(t.app, 'POST', '/api/calls/request', {
        body: requestBody({ phone: '+51 987 654 321' }),
        headers: from('198.51.100.1'),
      });
      const second = await api(t.app, 'POST', '/api/callbacks', {
        body: { name: 'Rosa', phone: '(+51) 987-654-321', consent: true },
        headers: from('198.51.100.2'),
      });
      const third = await api(t.app, 'POST', '/api/calls/request', {
        body: requestBody({ phone: '+51987654321' }),
        headers: from('198.51.100.3'),
      });
      expect([first.status, second.status, third.status]).toEqual([201, 201, 429]);
      expect(third.body.error?.code).toBe('RATE_LIMITED');
      expect(await count(t, 'calls')).toBe(1);
      // Another number is not affected.
      const other = await api(t.app, 'POST', '/api/calls/request', {
        body: requestBody({ phone: '+51 912 000 111' }),
        headers: from('198.51.100.3'),
      });
      expect(other.status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('caps the calls still waiting per client address and per phone; a cancelled one frees its place', async () => {
    const t = await createCallsTestApp('sqlite', {
      config: { callRequestOpenLimit: 2, callRequestOpenPhoneLimit: 2, trustProxy: 1 },
    });
    try {
      await insertAdvisor(t.db.db, { now: t.clock.now(), maxConcurrentCalls: 10 });
      const ask = (address: string, phone: string) =>
        api<{ callId: string; clientKey: string }>(t.app, 'POST', '/api/calls/request', {
          body: requestBody({ phone }),
          headers: { 'x-forwarded-for': address },
        });
      const first = await ask('198.51.100.20', '+51 911 000 001');
      const second = await ask('198.51.100.20', '+51 911 000 002');
      expect([first.status, second.status]).toEqual([201, 201]);
      // A third from the same address, another phone: refused, with the cap, nothing stored.
      const third = await ask('198.51.100.20', '+51 911 000 003');
      expect(third.status).toBe(409);
      expect(third.body.error).toMatchObject({ code: 'OPEN_REQUESTS_LIMIT', details: { max: 2 } });
      expect(await count(t, 'calls')).toBe(2);
      // One phone from other addresses: two wait, the third is refused.
      expect((await ask('198.51.100.21', '+51 911 000 001')).status).toBe(201);
      const samePhone = await ask('198.51.100.22', '(+51) 911-000-001');
      expect(samePhone.body.error?.code).toBe('OPEN_REQUESTS_LIMIT');
      // She cancels one: the address may ask again.
      await api(t.app, 'POST', `/api/calls/${second.data.callId}/cancel`, {
        clientKey: second.data.clientKey,
      });
      expect((await ask('198.51.100.20', '+51 911 000 004')).status).toBe(201);
      expect(await count(t, 'calls')).toBe(4);
    } finally {
      await t.close();
    }
  });

  it('caps new calls per minute from everyone together, with Retry-After, and lets them in again after the minute', async () => {
    const t = await createCallsTestApp('sqlite', { config: { callRequestGlobalLimit: 3 } });
    try {
      await insertAdvisor(t.db.db, { now: t.clock.now(), maxConcurrentCalls: 10 });
      const request = async (i: number) => {
        await refreshPresence(t.db.db, t.clock.now());
        return api(t.app, 'POST', '/api/calls/request', {
          body: requestBody({ phone: `+51 900 000 00${i}` }),
        });
      };
      for (let i = 0; i < 3; i++) {
        expect((await request(i)).status).toBe(201);
        t.clock.advance(10_000);
      }
      const flooded = await request(3);
      expect(flooded.status).toBe(429);
      expect(flooded.body.error?.code).toBe('RATE_LIMITED');
      // The first of the three leaves the window 60 s after it came, 30 s from now.
      expect(flooded.body.error?.details).toEqual({ retryAfterSeconds: 30 });
      expect(await count(t, 'calls')).toBe(3);
      t.clock.advance(30_000);
      expect((await request(4)).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('call list date filters', () => {
  it('take a Lima day or an ISO date-time, and refuse anything else with 400', async () => {
    const t = await createCallsTestApp('sqlite');
    try {
      const admin = await insertAdvisor(t.db.db, { isAdmin: true, now: t.clock.now() });
      const list = (query: string) =>
        api(t.app, 'GET', `/api/calls?${query}`, { token: admin.token });
      expect((await list('startDate=2026-11-20')).status).toBe(200);
      expect((await list('startDate=2026-11-20T10:00:00.000Z')).status).toBe(200);
      expect((await list('endDate=2026-11-20T10:00-05:00')).status).toBe(200);
      for (const bad of ["' OR '1'='1", 'Nov 20 2026', '1', '2026-11-20 10:00']) {
        const res = await list(`startDate=${encodeURIComponent(bad)}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.error?.code).toBe('VALIDATION_ERROR');
      }
    } finally {
      await t.close();
    }
  });
});

async function count(t: TestApp, table: 'calls' | 'callbacks'): Promise<number> {
  const row = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
