/**
 * Concurrency: transitions are single conditional UPDATEs, so simultaneous
 * requests give exactly one winner, on SQLite and PostgreSQL (where requests really overlap on a
 * connection pool). Also: two app instances sweeping the same database apply a timeout once.
 */
import type { CallDetails } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  createIsolatedDatabase,
  insertAdvisor,
  refreshPresence,
  requestCall,
  setSystemSettings,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';

describe.each(await dialects())('call races (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    await setSystemSettings(t.db.db, { maxConcurrentCalls: 50 });
  });
  afterEach(async () => {
    await t.close();
  });

  const advisor = (opts: Parameters<typeof insertAdvisor>[1] = {}) =>
    insertAdvisor(t.db.db, { now: t.clock.now(), ...opts });
  const codes = (results: { status: number; body: { error?: { code: string } } }[]) => {
    const tally: Record<string, number> = {};
    for (const r of results) {
      const key = r.status === 200 ? 'ok' : (r.body.error?.code ?? String(r.status));
      tally[key] = (tally[key] ?? 0) + 1;
    }
    return tally;
  };
  const details = async (callId: string, admin: TestAdvisor) =>
    (await api<CallDetails>(t.app, 'GET', `/api/calls/${callId}`, { token: admin.token })).data;

  it('20 simultaneous accepts of one call: exactly one wins, the rest are CALL_ALREADY_TAKEN', async () => {
    const ringing = await advisor();
    const admins: TestAdvisor[] = [];
    for (let i = 0; i < 19; i++)
      admins.push(await advisor({ isAdmin: true, status: 'offline', online: false }));
    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(ringing.id);

    const results = await Promise.all(
      [ringing, ...admins].map((who) =>
        api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: who.token }),
      ),
    );
    expect(codes(results)).toEqual({ ok: 1, CALL_ALREADY_TAKEN: 19 });

    const winner = [ringing, ...admins][results.findIndex((r) => r.status === 200)]!;
    const d = await details(call.callId, admins[0]!);
    expect(d).toMatchObject({ status: 'active', advisorId: winner.id });
    expect(d.offers.filter((o) => o.outcome === 'accepted').map((o) => o.advisorId)).toEqual([
      winner.id,
    ]);
    expect(d.offers.filter((o) => o.outcome === 'pending')).toEqual([]);
    const busy = await t.db.db
      .selectFrom('advisors')
      .select('id')
      .where('status', '=', 'busy')
      .execute();
    expect(busy.map((r) => r.id)).toEqual([winner.id]);
  });

  it('20 simultaneous ends: one completes the call, the rest are CALL_NOT_ACTIVE; duration is written once', async () => {
    const ringing = await advisor();
    const admin = await advisor({ isAdmin: true, status: 'offline', online: false });
    const call = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: ringing.token });
    t.clock.advance(90_000);
    const who = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0
        ? { clientKey: call.clientKey }
        : i % 3 === 1
          ? { token: ringing.token }
          : { token: admin.token },
    );
    const results = await Promise.all(
      who.map((creds) => api(t.app, 'POST', `/api/calls/${call.callId}/end`, creds)),
    );
    expect(codes(results)).toEqual({ ok: 1, CALL_NOT_ACTIVE: 19 });
    const d = await details(call.callId, admin);
    expect(d).toMatchObject({ status: 'completed', duration: 1.5 });
    expect(t.notifier.of('call:ended', `call:${call.callId}`)).toHaveLength(1);
  });

  it("accept racing the visitor's cancel: exactly one of them happens, 10 times over", async () => {
    const admin = await advisor({ isAdmin: true, status: 'offline', online: false });
    for (let round = 0; round < 10; round++) {
      const ringing = await advisor();
      const call = await requestCall(t.app);
      expect(call.advisorId).toBe(ringing.id);
      const [accept, cancel] = await Promise.all([
        api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: ringing.token }),
        api(t.app, 'POST', `/api/calls/${call.callId}/cancel`, { clientKey: call.clientKey }),
      ]);
      expect([accept.status, cancel.status].filter((s) => s === 200)).toHaveLength(1);
      const d = await details(call.callId, admin);
      if (accept.status === 200) {
        expect(cancel.body.error?.code).toBe('CALL_NOT_PENDING');
        expect(d.status).toBe('active');
        expect(d.offers.map((o) => o.outcome)).toEqual(['accepted']);
        await api(t.app, 'POST', `/api/calls/${call.callId}/end`, { token: ringing.token });
      } else {
        expect(accept.body.error?.code).toBe('CALL_NOT_PENDING');
        expect(d.status).toBe('cancelled');
        expect(d.offers.map((o) => o.outcome)).toEqual(['withdrawn']);
      }
      await t.db.db
        .updateTable('advisors')
        .set({ status: 'offline' })
        .where('id', '=', ringing.id)
        .execute();
    }
  });

  it('20 visitors requesting at once with room for 5 calls: never more than 5 open calls', async () => {
    await setSystemSettings(t.db.db, { maxConcurrentCalls: 5 });
    for (let i = 0; i < 3; i++) await advisor({ maxConcurrentCalls: 10 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(t.app, 'POST', '/api/calls/request', {
          body: { name: 'Ana', phone: '+51 999 888 777', consent: true },
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201).length;
    const open = await t.db.db
      .selectFrom('calls')
      .select('id')
      .where('status', 'in', ['pending', 'active'])
      .execute();
    expect(open.length).toBe(created);
    expect(created).toBe(5);
    expect(
      results
        .filter((r) => r.status === 503)
        .every((r) => r.body.error?.code === 'CAPACITY_REACHED'),
    ).toBe(true);
  });

  it('routing never gives one advisor more offers than their capacity, whatever arrives at once', async () => {
    await setSystemSettings(t.db.db, { maxConcurrentCalls: 50 });
    const a = await advisor({ maxConcurrentCalls: 2 });
    const b = await advisor({ maxConcurrentCalls: 1 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api<{ advisorId: string | null; queuePosition: number | null }>(
          t.app,
          'POST',
          '/api/calls/request',
          {
            body: { name: 'Eva', phone: '+51 999 888 777', consent: true },
          },
        ),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const load = async (id: string) =>
      (
        await t.db.db
          .selectFrom('calls')
          .select('id')
          .where('advisor_id', '=', id)
          .where('status', '=', 'pending')
          .execute()
      ).length;
    expect(await load(a.id)).toBe(2);
    expect(await load(b.id)).toBe(1);
    expect(results.filter((r) => r.data.advisorId === null)).toHaveLength(5);
    // Once the dust settles the waiting calls hold positions 1..5 (FIFO).
    const positions = await Promise.all(
      results
        .filter((r) => r.data.advisorId === null)
        .map(async (r) => {
          const body = r.data as unknown as { callId: string; clientKey: string };
          const s = await api<{ queuePosition: number }>(
            t.app,
            'GET',
            `/api/calls/${body.callId}/status`,
            {
              clientKey: body.clientKey,
            },
          );
          return s.data.queuePosition;
        }),
    );
    expect(positions.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('two instances sweeping the same database time an offer out once', async () => {
    const clock = new ManualClock(t.clock.now());
    const db = await createIsolatedDatabase(dialect);
    const one = await createTestApp({
      db,
      clock,
      config: { callRequestRateLimit: 1000 },
      instanceId: 'one',
    });
    const two = await createTestApp({
      db,
      clock,
      config: { callRequestRateLimit: 1000 },
      instanceId: 'two',
    });
    try {
      const admin = await insertAdvisor(db.db, {
        now: clock.now(),
        isAdmin: true,
        status: 'offline',
        online: false,
      });
      const a = await insertAdvisor(db.db, {
        now: clock.now(),
        lastCallEndedAt: '2026-01-01T00:00:00.000Z',
      });
      const b = await insertAdvisor(db.db, {
        now: clock.now(),
        lastCallEndedAt: '2026-02-01T00:00:00.000Z',
      });
      const call = await requestCall(one.app);
      expect(call.advisorId).toBe(a.id);
      clock.advance(31_000);
      await refreshPresence(db.db, clock.now());
      const reports = await Promise.all([
        one.app.container.sweeper.sweep(clock.now()),
        two.app.container.sweeper.sweep(clock.now()),
      ]);
      expect(reports[0].expired + reports[1].expired).toBe(1);
      const d = (
        await api<CallDetails>(two.app, 'GET', `/api/calls/${call.callId}`, { token: admin.token })
      ).data;
      expect(d.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
        [a.id, 'timeout'],
        [b.id, 'pending'],
      ]);
      const streak = await db.db
        .selectFrom('advisors')
        .select('missed_offers_in_row')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(Number(streak.missed_offers_in_row)).toBe(1);
    } finally {
      await one.close();
      await two.close();
      await db.drop();
    }
  });
});
