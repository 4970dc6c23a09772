/**
 * Returning clients: what is kept (a keyed hash of her phone, never the number), only with her
 * consent; her last stylist rung first when she can take the call, the others otherwise; her name
 * told only to the browser of her last visit; what staff see of her last consultation; the purge.
 */
import { createHmac } from 'node:crypto';
import {
  RETURNING_CLIENT_DAYS,
  type CallRequestBody,
  type CallRequestResponseData,
  type ReturningClient,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  markOffline,
  refreshPresence,
  requestBody,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';

const PHONE_DIGITS = '987654321';
const DAY_MS = 24 * 3600_000;

describe.each(await dialects())('returning clients (%s)', (dialect) => {
  let t: TestApp;
  let first: TestAdvisor;
  let second: TestAdvisor;
  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    // `first` has waited longest: a new visitor is offered her first.
    first = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      name: 'Ana Quispe',
      lastCallEndedAt: '2026-11-20T10:00:00.000Z',
    });
    second = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      name: 'Rosa Huamán',
      lastCallEndedAt: '2026-11-20T11:00:00.000Z',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const request = async (over: Partial<CallRequestBody> = {}) => {
    const res = await api<CallRequestResponseData>(t.app, 'POST', '/api/calls/request', {
      body: requestBody(over),
    });
    expect(res.status).toBe(201);
    return res.data;
  };
  const links = () => t.db.db.selectFrom('returning_clients').selectAll().execute();
  const returningOf = (callId: string, advisor: TestAdvisor) =>
    api<ReturningClient>(t.app, 'GET', `/api/calls/${callId}/returning`, { token: advisor.token });

  /** A consultation she asked to be remembered on, taken and ended by `advisor`. */
  async function completedVisit(advisor: TestAdvisor, over: Partial<CallRequestBody> = {}) {
    const call = await request({ remember: true, ...over });
    expect(call.advisorId).toBe(advisor.id);
    const token = { token: advisor.token };
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, token)).status).toBe(200);
    await api(t.app, 'PUT', `/api/calls/${call.callId}/recommendations`, {
      ...token,
      body: {
        text: 'Hidratación semanal',
        items: [{ name: 'Mascarilla de keratina', note: '', url: null, pricePen: 85 }],
      },
    });
    await api(t.app, 'POST', `/api/calls/${call.callId}/notes`, {
      ...token,
      body: { notes: 'Cabello teñido, puntas secas' },
    });
    t.clock.advance(60_000);
    await refreshPresence(t.db.db, t.clock.now());
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, token)).status).toBe(200);
    return call;
  }

  it('keeps a keyed hash of her phone and never the number, only when she ticked it', async () => {
    const unticked = await request();
    expect(unticked.returnToken).toBeNull();
    expect(await links()).toEqual([]);

    const ticked = await request({ phone: '+51 987 654 321', remember: true });
    expect(ticked.returnToken).toEqual(expect.any(String));
    const rows = await links();
    expect(rows).toHaveLength(1);
    const secret = await t.db.db
      .selectFrom('settings')
      .select('value')
      .where('section', '=', 'client_hash_secret')
      .executeTakeFirstOrThrow();
    const key = (JSON.parse(secret.value) as { secret: string }).secret;
    expect(rows[0]?.phone_hash).toBe(
      createHmac('sha256', key).update(`phone|${PHONE_DIGITS}`).digest('hex'),
    );
    expect(rows[0]?.current_call_id).toBe(ticked.callId);
    for (const value of Object.values(rows[0] ?? {}))
      expect(String(value)).not.toContain(PHONE_DIGITS);
    // the token is kept hashed too
    expect(JSON.stringify(rows)).not.toContain(ticked.returnToken);
  });

  it('uses the configured key when CLIENT_HASH_SECRET is set, and generates none', async () => {
    await t.close();
    const key = 'k'.repeat(40);
    t = await createCallsTestApp(dialect, { config: { clientHashSecret: key } });
    await insertAdvisor(t.db.db, { now: t.clock.now() });
    await request({ phone: '987 654 321', remember: true });
    expect((await links()).map((r) => r.phone_hash)).toEqual([
      createHmac('sha256', key).update(`phone|${PHONE_DIGITS}`).digest('hex'),
    ]);
    const generated = await t.db.db
      .selectFrom('settings')
      .select('section')
      .where('section', '=', 'client_hash_secret')
      .execute();
    expect(generated).toEqual([]);
  });

  it('a later request without her consent forgets her', async () => {
    await completedVisit(first);
    expect(await links()).toHaveLength(1);
    const again = await request({ phone: '987-654-321', remember: false });
    expect(again.returnToken).toBeNull();
    expect(await links()).toEqual([]);
  });

  it('rings her last stylist first and names her only to the browser of that visit', async () => {
    const visit = await completedVisit(first);
    // Ana just finished a call: a new visitor would now go to Rosa, who has waited longer.
    expect((await request({ phone: '911 111 111' })).advisorId).toBe(second.id);

    const back = await request({ remember: true, returnToken: visit.returnToken ?? '' });
    expect(back.advisorId).toBe(first.id);
    expect(back.returningAdvisorName).toBe('Ana Quispe');
    expect(back.returnToken).toBe(visit.returnToken);

    const shown = await returningOf(back.callId, first);
    expect(shown.status).toBe(200);
    expect(shown.data.returning).toEqual({
      sameBrowser: true,
      lastCall: {
        callId: visit.callId,
        endedAt: t.clock.now().toISOString(),
        advisorId: first.id,
        advisorName: 'Ana Quispe',
        ownCall: true,
        recommendations: {
          text: 'Hidratación semanal',
          items: [{ name: 'Mascarilla de keratina', note: '', url: null, pricePen: 85 }],
        },
        notes: 'Cabello teñido, puntas secas',
      },
    });
  });

  it('someone typing her phone in another browser is rung to her stylist but told no name', async () => {
    const visit = await completedVisit(first);
    const other = await request({ remember: true });
    expect(other.advisorId).toBe(first.id);
    expect(other.returningAdvisorName).toBeNull();
    expect(other.returnToken).not.toBe(visit.returnToken);
    expect((await returningOf(other.callId, first)).data.returning?.sameBrowser).toBe(false);
    const wrong = await request({ remember: true, returnToken: 'x'.repeat(43) });
    expect(wrong.returningAdvisorName).toBeNull();
  });

  it('goes to the others when her stylist is full or offline, and they see no private notes', async () => {
    const visit = await completedVisit(first);
    const busy = await request({ phone: '922 222 222' });
    expect(busy.advisorId).toBe(second.id);
    // Ana takes another call and has room for one only.
    await t.db.db
      .updateTable('advisors')
      .set({ max_concurrent_calls: 1 })
      .where('id', '=', first.id)
      .execute();
    await api(t.app, 'POST', `/api/calls/${busy.callId}/decline`, { token: second.token });
    const taken = await t.db.db
      .selectFrom('calls')
      .select('advisor_id')
      .where('id', '=', busy.callId)
      .executeTakeFirstOrThrow();
    expect(taken.advisor_id).toBe(first.id);

    const full = await request({ remember: true, returnToken: visit.returnToken ?? '' });
    expect(full.advisorId).toBe(second.id);
    expect(full.returningAdvisorName).toBeNull();
    const seen = await returningOf(full.callId, second);
    expect(seen.data.returning?.lastCall).toMatchObject({
      advisorName: 'Ana Quispe',
      ownCall: false,
      notes: null,
      recommendations: { text: 'Hidratación semanal' },
    });
    const outsider = await insertAdvisor(t.db.db, { now: t.clock.now(), status: 'offline' });
    expect((await returningOf(full.callId, outsider)).status).toBe(403);

    await markOffline(t.db.db, first.id);
    await api(t.app, 'POST', `/api/calls/${busy.callId}/cancel`, {
      token: (await insertAdvisor(t.db.db, { isAdmin: true, status: 'offline' })).token,
    });
    const offline = await request({
      phone: '+51 987654321',
      remember: true,
      returnToken: visit.returnToken ?? '',
    });
    expect(offline.advisorId).not.toBe(first.id);
  });

  it('a new visitor is no returning client, and unticking forgets nothing of anyone else', async () => {
    const visit = await completedVisit(first);
    const newcomer = await request({ phone: '933 333 333', remember: true });
    expect((await returningOf(newcomer.callId, second)).data).toEqual({ returning: null });
    await request({ phone: '944 444 444', remember: false });
    expect(await links()).toHaveLength(2);
    expect(visit.returnToken).toEqual(expect.any(String));
  });

  it(`forgets her ${RETURNING_CLIENT_DAYS} days after her last request or visit`, async () => {
    await completedVisit(first);
    t.clock.advance(RETURNING_CLIENT_DAYS * DAY_MS - 1000);
    expect(await t.app.container.calls.purgeReturningClients(t.clock.now())).toBe(0);
    expect(await links()).toHaveLength(1);
    // The nightly retention purge is what forgets her.
    t.clock.advance(DAY_MS);
    await t.app.container.summary.purgeIfDue(t.clock.now());
    expect(await links()).toEqual([]);
  });

  it('a suspended stylist is not rung: the call goes to the others', async () => {
    const visit = await completedVisit(first);
    const admin = await insertAdvisor(t.db.db, {
      now: t.clock.now(),
      isAdmin: true,
      status: 'offline',
    });
    const suspended = await api(t.app, 'PUT', `/api/advisors/${first.id}/suspension`, {
      token: admin.token,
      body: { suspended: true },
    });
    expect(suspended.status).toBe(200);
    const back = await request({ remember: true, returnToken: visit.returnToken ?? '' });
    expect(back.advisorId).toBe(second.id);
    expect(back.returningAdvisorName).toBeNull();
  });
});
