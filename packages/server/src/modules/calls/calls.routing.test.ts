/**
 * Routing: one advisor at a time, best first; decline and timeout move on;
 * nobody left ends the call no_answer; a full house queues FIFO and drains when someone frees up.
 * Time is a ManualClock; the sweeper is called by hand with `sweep(now)`.
 */
import { NO_ANSWER_REASON, type Call, type CallDetails } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  markOffline,
  refreshPresence,
  requestBody,
  requestCall,
  setSystemSettings,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';

describe.each(await dialects())('call routing (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const advisor = (opts: Parameters<typeof insertAdvisor>[1] = {}) =>
    insertAdvisor(t.db.db, { now: t.clock.now(), ...opts });
  const details = async (callId: string, admin: TestAdvisor) =>
    (await api<CallDetails>(t.app, 'GET', `/api/calls/${callId}`, { token: admin.token })).data;
  /** Time passes; connected advisors keep sending heartbeats; the sweeper runs. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await refreshPresence(t.db.db, t.clock.now());
    return t.app.container.sweeper.sweep(t.clock.now());
  };
  const offeredTo = (advisorId: string) =>
    t.notifier.of('call:new', `advisor:${advisorId}`).map((e) => (e.payload as Call).callId);

  it('offers to the advisor with the fewest active calls, then the longest idle, never to offline or disconnected ones', async () => {
    const admin = await advisor({ isAdmin: true, status: 'offline' });
    const busy = await advisor({ name: 'Busy', maxConcurrentCalls: 3 });
    const first = await requestCall(t.app);
    expect(first.advisorId).toBe(busy.id);
    expect(
      (await api(t.app, 'POST', `/api/calls/${first.callId}/accept`, { token: busy.token })).status,
    ).toBe(200);

    await advisor({
      name: 'Recent',
      maxConcurrentCalls: 3,
      lastCallEndedAt: '2026-11-20T14:50:00.000Z',
    });
    const idle = await advisor({
      name: 'Idle',
      maxConcurrentCalls: 3,
      lastCallEndedAt: '2026-11-20T14:00:00.000Z',
    });
    await advisor({ name: 'Offline', status: 'offline' });
    await advisor({ name: 'Manual busy', status: 'busy' });
    await advisor({ name: 'Disconnected', online: false });

    const second = await requestCall(t.app);
    expect(second.status).toBe('pending');
    expect(second.advisorId).toBe(idle.id);
    expect(second.queuePosition).toBeNull();
    expect(offeredTo(idle.id)).toEqual([second.callId]);
    const d = await details(second.callId, admin);
    expect(d.offers.map((o) => [o.advisorId, o.outcome])).toEqual([[idle.id, 'pending']]);
    expect(d.offers[0]?.expiresAt).toBe(new Date(t.clock.now().getTime() + 30_000).toISOString());
  });

  it('prefers an advisor who never finished a call over one who did (nulls first)', async () => {
    await advisor({ lastCallEndedAt: '2026-11-19T10:00:00.000Z' });
    const fresh = await advisor({ lastCallEndedAt: null });
    expect((await requestCall(t.app)).advisorId).toBe(fresh.id);
  });

  it("decline moves the call to the next advisor and tells the decliner's tabs", async () => {
    const admin = await advisor({ isAdmin: true, status: 'offline' });
    const a = await advisor({ lastCallEndedAt: '2026-11-20T10:00:00.000Z' });
    const b = await advisor({ lastCallEndedAt: '2026-11-20T11:00:00.000Z' });
    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(a.id);

    const res = await api(t.app, 'POST', `/api/calls/${call.callId}/decline`, { token: a.token });
    expect(res.status).toBe(200);
    expect(offeredTo(b.id)).toEqual([call.callId]);
    expect(t.notifier.of('call:offer:withdrawn', `advisor:${a.id}`).map((e) => e.payload)).toEqual([
      { callId: call.callId, reason: 'declined' },
    ]);
    const d = await details(call.callId, admin);
    expect(d.status).toBe('pending');
    expect(d.advisorId).toBe(b.id);
    expect(d.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
      [a.id, 'declined'],
      [b.id, 'pending'],
    ]);
  });

  it('an offer left unanswered for callTimeout seconds times out and moves on (sweeper)', async () => {
    await setSystemSettings(t.db.db, { callTimeout: 20 });
    const admin = await advisor({ isAdmin: true, status: 'offline' });
    const a = await advisor({ lastCallEndedAt: '2026-11-20T10:00:00.000Z' });
    const b = await advisor({ lastCallEndedAt: '2026-11-20T11:00:00.000Z' });
    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(a.id);

    expect((await advance(19_000)).expired).toBe(0);
    expect((await details(call.callId, admin)).advisorId).toBe(a.id);

    expect((await advance(1_000)).expired).toBe(1);
    const d = await details(call.callId, admin);
    expect(d.advisorId).toBe(b.id);
    expect(d.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
      [a.id, 'timeout'],
      [b.id, 'pending'],
    ]);
    expect(offeredTo(b.id)).toEqual([call.callId]);
    expect(t.notifier.of('call:offer:withdrawn', `advisor:${a.id}`).map((e) => e.payload)).toEqual([
      { callId: call.callId, reason: 'timeout' },
    ]);
    // A second sweep at the same instant changes nothing.
    expect(await t.app.container.sweeper.sweep(t.clock.now())).toMatchObject({
      expired: 0,
      stranded: 0,
      ended: 0,
    });
  });

  it('when everyone declines, the call ends cancelled no_answer and the visitor is told', async () => {
    const a = await advisor();
    const b = await advisor();
    const call = await requestCall(t.app);
    const firstId = call.advisorId;
    const other = firstId === a.id ? b : a;
    const first = firstId === a.id ? a : b;
    await api(t.app, 'POST', `/api/calls/${call.callId}/decline`, { token: first.token });
    expect(
      (await api(t.app, 'POST', `/api/calls/${call.callId}/decline`, { token: other.token }))
        .status,
    ).toBe(200);

    const status = await api<{ status: string; reason: string; endedBy: string }>(
      t.app,
      'GET',
      `/api/calls/${call.callId}/status`,
      { clientKey: call.clientKey },
    );
    expect(status.data).toMatchObject({
      status: 'cancelled',
      reason: NO_ANSWER_REASON,
      endedBy: 'system',
    });
    const told = t.notifier
      .of('call:status:updated', `call:${call.callId}`)
      .map((e) => e.payload as { status: string });
    expect(told.at(-1)?.status).toBe('cancelled');
  });

  it("tells the visitor being rung the stylist's photo when the landing shows her, and only then", async () => {
    const shown = await advisor({ name: 'Vera Vista', title: 'Colorista', showOnLanding: true });
    const photoRow = (advisorId: string) => ({
      advisor_id: advisorId,
      size: 96,
      format: 'webp' as const,
      version: 'v-ring-1',
      content_type: 'image/webp' as const,
      size_bytes: 3,
      data: Buffer.from('abc'),
      created_at: t.clock.now().toISOString(),
    });
    await t.db.db.insertInto('advisor_photos').values(photoRow(shown.id)).execute();
    const c1 = await requestCall(t.app);
    expect(c1.advisorId).toBe(shown.id);
    const told = t.notifier.of('call:queue:updated', `call:${c1.callId}`).map((e) => e.payload);
    expect((told.at(-1) as { ringing: unknown }).ringing).toEqual({
      name: 'Vera Vista',
      title: 'Colorista',
      portrait: {
        advisorId: shown.id,
        photo: { version: 'v-ring-1', sizes: [96, 192, 384], formats: ['avif', 'webp'] },
      },
    });

    // Taken off the landing, the same photo is no longer told.
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 0 })
      .where('id', '=', shown.id)
      .execute();
    await api(t.app, 'POST', `/api/calls/${c1.callId}/decline`, { token: shown.token });
    t.notifier.clear();
    const c2 = await requestCall(t.app, { phone: '+51 999 000 222' });
    expect(c2.advisorId).toBe(shown.id);
    const again = t.notifier.of('call:queue:updated', `call:${c2.callId}`).map((e) => e.payload);
    expect((again.at(-1) as { ringing: { portrait: unknown } }).ringing.portrait).toBeNull();
  });

  it('queues FIFO with positions when everyone is at capacity, and offers the head as soon as a call ends', async () => {
    const a = await advisor({ maxConcurrentCalls: 1, title: 'Colorista senior' });
    const c1 = await requestCall(t.app);
    expect(c1.advisorId).toBe(a.id);
    await api(t.app, 'POST', `/api/calls/${c1.callId}/accept`, { token: a.token });

    const c2 = await requestCall(t.app);
    t.clock.advance(1000);
    const c3 = await requestCall(t.app);
    expect(c2).toMatchObject({ status: 'pending', advisorId: null, queuePosition: 1 });
    expect(c3).toMatchObject({ status: 'pending', advisorId: null, queuePosition: 2 });
    expect(c3.estimatedWaitTime).toBeGreaterThan(c2.estimatedWaitTime);
    // Sweeping does not offer anything while the only advisor is full.
    expect((await advance(1000)).drained).toBe(0);

    t.notifier.clear();
    expect(
      (await api(t.app, 'POST', `/api/calls/${c1.callId}/end`, { token: a.token })).status,
    ).toBe(200);
    expect(offeredTo(a.id)).toEqual([c2.callId]);
    const queueNews = t.notifier
      .of('call:queue:updated', `call:${c3.callId}`)
      .map((e) => e.payload);
    expect(queueNews.at(-1)).toMatchObject({
      callId: c3.callId,
      queuePosition: 1,
      ringing: null,
    });
    // The visitor being rung is told who rings for her: name and title, nothing else.
    const ringNews = t.notifier.of('call:queue:updated', `call:${c2.callId}`).map((e) => e.payload);
    expect(ringNews.at(-1)).toMatchObject({ callId: c2.callId, queuePosition: null });
    // Not on the landing: her photo is no one's business, so no portrait.
    expect((ringNews.at(-1) as { ringing: unknown }).ringing).toEqual({
      name: a.name,
      title: 'Colorista senior',
      portrait: null,
    });
    const s3 = await api<{ queuePosition: number }>(
      t.app,
      'GET',
      `/api/calls/${c3.callId}/status`,
      {
        clientKey: c3.clientKey,
      },
    );
    expect(s3.data.queuePosition).toBe(1);
  });

  it('a queued call goes to an advisor who comes online, via the sweeper', async () => {
    const a = await advisor({ maxConcurrentCalls: 1 });
    const c1 = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${c1.callId}/accept`, { token: a.token });
    // Accepted by her own click: nothing to announce.
    expect(t.notifier.of('call:auto-accepted', `advisor:${a.id}`)).toEqual([]);
    const c2 = await requestCall(t.app);
    expect(c2.queuePosition).toBe(1);
    const b = await advisor();
    expect((await advance(1000)).drained).toBe(1);
    expect(offeredTo(b.id)).toEqual([c2.callId]);
  });

  it('a queued call goes at once to an advisor who sets herself available, with no sweep', async () => {
    const a = await advisor({ maxConcurrentCalls: 1 });
    const c1 = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${c1.callId}/accept`, { token: a.token });
    const c2 = await requestCall(t.app);
    expect(c2.queuePosition).toBe(1);
    const b = await advisor({ status: 'offline' });
    const res = await api(t.app, 'POST', `/api/advisors/${b.id}/status`, {
      token: b.token,
      body: { status: 'available' },
    });
    expect(res.status).toBe(200);
    expect(offeredTo(b.id)).toEqual([c2.callId]);
  });

  it('two offers in a row left to time out switch the advisor offline (missed_offers)', async () => {
    const a = await advisor({ lastCallEndedAt: '2026-11-20T10:00:00.000Z' });
    await advisor({ lastCallEndedAt: '2026-11-20T11:00:00.000Z', maxConcurrentCalls: 5 });
    const c1 = await requestCall(t.app);
    expect(c1.advisorId).toBe(a.id);
    await advance(31_000);
    const c2 = await requestCall(t.app);
    expect(c2.advisorId).toBe(a.id);
    await advance(31_000);
    const row = await t.db.db
      .selectFrom('advisors')
      .select(['status', 'status_reason'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'offline', status_reason: 'missed_offers' });
    const events = t.notifier.of('advisor:status:updated', `advisor:${a.id}`).map((e) => e.payload);
    expect(events).toEqual([{ advisorId: a.id, status: 'offline', reason: 'missed_offers' }]);
    expect(t.notifier.of('advisor:status:updated', 'admins').length).toBe(1);
  });

  it('an offer ringing an advisor who goes offline or loses the connection moves on at the next sweep', async () => {
    const admin = await advisor({ isAdmin: true, status: 'offline' });
    const a = await advisor({ lastCallEndedAt: '2026-11-20T10:00:00.000Z' });
    const b = await advisor({ lastCallEndedAt: '2026-11-20T11:00:00.000Z' });
    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(a.id);
    await markOffline(t.db.db, a.id);
    const report = await t.app.container.sweeper.sweep(t.clock.now());
    expect(report.stranded).toBe(1);
    const d = await details(call.callId, admin);
    expect(d.advisorId).toBe(b.id);
    expect(d.offers.map((o) => o.outcome)).toEqual(['withdrawn', 'pending']);
    expect(t.notifier.of('call:offer:withdrawn', `advisor:${a.id}`).map((e) => e.payload)).toEqual([
      { callId: call.callId, reason: 'unavailable' },
    ]);
  });

  it('autoAcceptCalls accepts at once and makes the advisor busy', async () => {
    const a = await advisor({ autoAccept: true });
    const call = await requestCall(t.app);
    expect(call).toMatchObject({ status: 'active', advisorId: a.id });
    expect(t.notifier.of('call:accepted', `call:${call.callId}`).length).toBe(1);
    // Her screens are told it was accepted for her, so they ring and open the call.
    expect(
      t.notifier.of('call:auto-accepted', `advisor:${a.id}`).map((e) => (e.payload as Call).callId),
    ).toEqual([call.callId]);
    const row = await t.db.db
      .selectFrom('advisors')
      .select(['status', 'status_reason'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'busy', status_reason: 'in_call' });
  });

  it('an advisor with room for several calls keeps receiving offers while busy in a call', async () => {
    const a = await advisor({ maxConcurrentCalls: 2 });
    const c1 = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${c1.callId}/accept`, { token: a.token });
    // Accepted by her own click: nothing to announce.
    expect(t.notifier.of('call:auto-accepted', `advisor:${a.id}`)).toEqual([]);
    const c2 = await requestCall(t.app);
    expect(c2.advisorId).toBe(a.id);
    const c3 = await requestCall(t.app);
    expect(c3.queuePosition).toBe(1);
  });

  it('refuses in maintenance (503 MAINTENANCE_MODE) and above the global limit (503 CAPACITY_REACHED)', async () => {
    await advisor({ maxConcurrentCalls: 10 });
    await setSystemSettings(t.db.db, { maintenanceMode: true });
    const m = await api(t.app, 'POST', '/api/calls/request', { body: requestBody() });
    expect(m.status).toBe(503);
    expect(m.body.error?.code).toBe('MAINTENANCE_MODE');

    await setSystemSettings(t.db.db, { maxConcurrentCalls: 2 });
    await requestCall(t.app);
    await requestCall(t.app);
    const c = await api(t.app, 'POST', '/api/calls/request', { body: requestBody() });
    expect(c.status).toBe(503);
    expect(c.body.error?.code).toBe('CAPACITY_REACHED');
    expect(await t.db.db.selectFrom('calls').select('id').execute()).toHaveLength(2);
  });

  it('with nobody online answers 503 NO_ADVISORS_AVAILABLE with the next opening (Lima hours)', async () => {
    // Friday 2026-11-20 15:00Z = 10:00 in Lima, inside hours, but the only advisor is offline.
    await advisor({ status: 'offline' });
    const res = await api(t.app, 'POST', '/api/calls/request', { body: requestBody() });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('NO_ADVISORS_AVAILABLE');
    expect(res.body.error?.message).toContain('NO_ADVISORS_AVAILABLE');
    // Next start after Friday 10:00 Lima: Monday 09:00 Lima = 14:00Z.
    expect(res.body.error?.details).toEqual({ nextOpening: '2026-11-23T14:00:00.000Z' });
    expect(await t.db.db.selectFrom('calls').select('id').execute()).toHaveLength(0);
  });
});
