/**
 * Nobody waits for a visitor who has gone, over real sockets: a waiting visitor whose page closed
 * is rung for nobody and her request ends after the reload grace (unless she is back in time); in
 * an active call her advisor hears she is away and back, and the call ends by itself after its
 * grace, freeing the advisor. Time is a ManualClock; the sweeper runs by hand.
 */
import {
  CLIENT_LEFT_REASON,
  PRESENCE_GRACE_MS,
  VISITOR_WAITING_GRACE_MS,
  type Call,
  type CallDetails,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { ask, closeSockets, listenUrl, open, type Client } from '../../test/socket-clients.js';

const GONE_END_MS = 120_000;

describe.each(await dialects())('visitors who have gone (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeEach(async () => {
    t = await createCallsTestApp(dialect, { config: { visitorGoneEndMs: GONE_END_MS } });
    url = await listenUrl(t.app);
  });
  afterEach(async () => {
    closeSockets();
    await t.close();
  });

  const advisor = (opts: Parameters<typeof insertAdvisor>[1] = {}) =>
    insertAdvisor(t.db.db, { now: t.clock.now(), ...opts });
  /** Time passes; connected advisors keep their heartbeat; the sweeper runs. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await refreshPresence(t.db.db, t.clock.now());
    return t.app.container.sweeper.sweep(t.clock.now());
  };
  const offeredTo = (who: TestAdvisor) =>
    t.notifier.of('call:new', `advisor:${who.id}`).map((e) => (e.payload as Call).callId);
  const presenceTold = (who: TestAdvisor, callId: string) =>
    t.notifier
      .of('call:visitor:presence', `advisor:${who.id}`)
      .map((e) => e.payload as { callId: string; present: boolean; awaySince: string | null })
      .filter((p) => p.callId === callId);
  const row = (callId: string) =>
    t.db.db
      .selectFrom('calls')
      .select(['status', 'reason', 'ended_by', 'advisor_id'])
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();

  const details = async (callId: string, who: TestAdvisor) =>
    (await api<CallDetails>(t.app, 'GET', `/api/calls/${callId}`, { token: who.token })).data;

  /** Her page's socket, joined to its call. */
  async function visitorPage(call: { callId: string; clientKey: string }): Promise<Client> {
    const socket = await open(url);
    const joined = await ask(socket, 'client:connect', call);
    if (!joined.ok) throw new Error(`client:connect refused: ${joined.error.code}`);
    return socket;
  }
  /** Her page closes; resolves once the server has written it down. */
  async function closePage(socket: Client, callId: string): Promise<void> {
    socket.disconnect();
    await expect
      .poll(async () =>
        (
          await t.db.db
            .selectFrom('visitor_connections')
            .select('disconnected_at')
            .where('call_id', '=', callId)
            .execute()
        ).every((r) => r.disconnected_at !== null),
      )
      .toBe(true);
  }
  /** An advisor in a call of her own (one place), so the next request waits in the queue. */
  async function busyAdvisor(): Promise<{ a: TestAdvisor; blocker: string }> {
    const a = await advisor({ maxConcurrentCalls: 1 });
    const blocker = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${blocker.callId}/accept`, { token: a.token });
    return { a, blocker: blocker.callId };
  }

  it('rings nobody for a waiting visitor whose page closed, and ends her request after the grace', async () => {
    const { a, blocker } = await busyAdvisor();
    const call = await requestCall(t.app);
    expect(call.queuePosition).toBe(1);
    await closePage(await visitorPage(call), call.callId);

    // The advisor frees up: the call waiting for a page that is gone is not offered to her.
    await api(t.app, 'POST', `/api/calls/${blocker}/end`, { token: a.token });
    expect(offeredTo(a)).not.toContain(call.callId);
    expect((await advance(VISITOR_WAITING_GRACE_MS - 1000)).visitors.left).toBe(0);
    expect((await row(call.callId)).status).toBe('pending');

    const report = await advance(2000);
    expect(report.visitors.left).toBe(1);
    expect(await row(call.callId)).toEqual({
      status: 'cancelled',
      reason: CLIENT_LEFT_REASON,
      ended_by: 'system',
      advisor_id: null,
    });
    expect(offeredTo(a)).not.toContain(call.callId);
  });

  it('a visitor back within the grace (a reload) keeps her place and is rung at once', async () => {
    const { a, blocker } = await busyAdvisor();
    const call = await requestCall(t.app);
    await closePage(await visitorPage(call), call.callId);
    await api(t.app, 'POST', `/api/calls/${blocker}/end`, { token: a.token });
    await advance(VISITOR_WAITING_GRACE_MS / 2);
    expect(offeredTo(a)).not.toContain(call.callId);

    await visitorPage(call);
    expect(offeredTo(a)).toContain(call.callId);
    // Her first page's departure is long past the grace; her new page keeps the request alive.
    expect((await advance(VISITOR_WAITING_GRACE_MS + 1000)).visitors.left).toBe(0);
    expect((await row(call.callId)).status).toBe('pending');
  });

  it('withdraws an offer still ringing once its visitor has gone', async () => {
    const a = await advisor();
    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(a.id);
    await closePage(await visitorPage(call), call.callId);
    await advance(VISITOR_WAITING_GRACE_MS + 1000);
    expect((await row(call.callId)).status).toBe('cancelled');
    expect(
      t.notifier.of('call:offer:withdrawn', `advisor:${a.id}`).map((e) => e.payload),
    ).toContainEqual({ callId: call.callId, reason: 'cancelled' });
  });

  it('tells the advisor in a call when her visitor is away and back, and ends the call after its grace', async () => {
    const a = await advisor();
    const call = await requestCall(t.app);
    const page = await visitorPage(call);
    await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: a.token });
    expect((await advance(1000)).visitors.away).toBe(0);
    expect((await details(call.callId, a)).visitorPresence).toBe('here');

    await closePage(page, call.callId);
    expect((await details(call.callId, a)).visitorPresence).toBe('away');
    const leftAt = t.clock.now().toISOString();
    expect((await advance(1000)).visitors.away).toBe(1);
    const away = {
      callId: call.callId,
      present: false,
      awaySince: leftAt,
      endsAt: new Date(new Date(leftAt).getTime() + GONE_END_MS).toISOString(),
    };
    expect(presenceTold(a, call.callId)).toEqual([away]);
    expect(t.notifier.of('call:visitor:presence', 'admins').map((e) => e.payload)).toContainEqual(
      away,
    );
    // Told once, however many sweeps pass; a screen loaded meanwhile reads the same.
    await advance(1000);
    expect(presenceTold(a, call.callId)).toHaveLength(1);
    expect(await details(call.callId, a)).toMatchObject({
      visitorPresence: 'away',
      visitorAwayEndsAt: away.endsAt,
    });

    // She is back (a reload): told, and the grace starts over when she goes again.
    const again = await visitorPage(call);
    expect(presenceTold(a, call.callId).at(-1)).toEqual({
      callId: call.callId,
      present: true,
      awaySince: null,
      endsAt: null,
    });
    expect((await details(call.callId, a)).visitorAwayEndsAt).toBeNull();
    await closePage(again, call.callId);
    await advance(1000);
    expect(presenceTold(a, call.callId).filter((p) => !p.present)).toHaveLength(2);

    expect((await advance(GONE_END_MS - 5000)).visitors.abandoned).toBe(0);
    expect((await row(call.callId)).status).toBe('active');
    expect((await advance(10_000)).visitors.abandoned).toBe(1);
    expect(await row(call.callId)).toMatchObject({
      status: 'completed',
      reason: CLIENT_LEFT_REASON,
      ended_by: 'system',
    });
    // The advisor is free again.
    const status = await t.db.db
      .selectFrom('advisors')
      .select('status')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('available');
  });

  it('does not watch a call whose visitor never joined over a socket (an API client)', async () => {
    const a = await advisor();
    const call = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: a.token });
    const report = await advance(GONE_END_MS + PRESENCE_GRACE_MS);
    expect(report.visitors).toEqual({ left: 0, away: 0, abandoned: 0 });
    expect((await row(call.callId)).status).toBe('active');
    expect(presenceTold(a, call.callId)).toEqual([]);
    expect((await details(call.callId, a)).visitorPresence).toBeNull();
  });
});
