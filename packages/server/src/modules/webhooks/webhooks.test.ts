/**
 * Outgoing webhooks (docs/product.md#webhooks) against real HTTP receivers on loopback: the
 * signature a CRM verifies, events recorded exactly when their change commits, a receiver down for
 * a minute getting everything afterwards in order and once per event id, two workers on one
 * database never sending one delivery twice, disabled endpoints, refused targets, redirects, and
 * the backoff schedule up to the failed state and the admin's retry.
 */
import {
  APPOINTMENT_KEY_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  type BookAppointmentResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookup } from 'node:dns';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  markOffline,
  refreshPresence,
  tuesdayMorning,
  type RequestedCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { startReceiver, type Receiver } from './webhook-receiver.fixture.js';
import type { CallEndedSource } from './webhooks.service.js';
import { guardedLookup, isPrivateAddress, refuseTarget } from './webhooks.target.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { claimDelivery } from './webhooks.repository.js';
import { createSender } from './webhooks.sender.js';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  DELIVERED_KEPT_MS,
  backoffMs,
  createWebhookWorker,
  type WebhookWorker,
} from './webhooks.worker.js';

const ALL_EVENTS = [
  'call.ended',
  'plan.created',
  'appointment.booked',
  'appointment.cancelled',
  'appointment.attended',
] as const;

describe('the backoff schedule', () => {
  it('doubles from 10 s up to an hour, within ±20 % of jitter', () => {
    const plain = (n: number) => Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (n - 1));
    for (let n = 1; n <= WEBHOOK_MAX_ATTEMPTS; n += 1) {
      expect(backoffMs(n, 0)).toBe(Math.round(plain(n) * 0.8));
      expect(backoffMs(n, 0.5)).toBe(plain(n));
      expect(backoffMs(n, 0.999999)).toBeLessThanOrEqual(Math.round(plain(n) * 1.2));
      expect(backoffMs(n, 0.999999)).toBeGreaterThan(plain(n));
    }
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 0.5))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(12, 0.5)).toBe(3_600_000);
  });
});

describe('which targets a webhook may have', () => {
  it('refuses private, loopback, link-local and odd addresses unless allowed', () => {
    for (const url of [
      'http://crm.example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://172.20.0.1/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a00:1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://0.0.0.0/hook',
      'https://localhost/hook',
      'https://crm.localhost/hook',
      'https://printer.local/hook',
      'https://intranet/hook',
      'https://user:pw@crm.example.com/hook',
      'ftp://crm.example.com/hook',
      'not a url',
    ])
      expect(refuseTarget(url, false), url).not.toBeNull();
    expect(refuseTarget('https://crm.example.com/hooks/belleza?x=1', false)).toBeNull();
    expect(refuseTarget('https://93.184.216.34:8443/hook', false)).toBeNull();
    // The documented setting admits loopback and plain http (a CRM on the salon's network, tests).
    expect(refuseTarget('http://127.0.0.1:3000/hook', true)).toBeNull();
    expect(refuseTarget('https://user:pw@127.0.0.1/hook', true)).toBe('credentials');
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
  });

  it('refuses a name that resolves to a private address, at connection time', async () => {
    const resolved = await new Promise<string | null>((resolve) =>
      lookup('localhost', (err, address) => resolve(err ? null : address)),
    );
    if (resolved === null) throw new Error('this machine resolves no localhost');
    const outcome = await new Promise<string>((resolve) =>
      guardedLookup(false)('localhost', { family: 0 }, (err) =>
        resolve(err ? err.name : 'resolved'),
      ),
    );
    expect(outcome).toBe('RefusedTargetError');
    const allowed = await new Promise<string>((resolve) =>
      guardedLookup(true)('localhost', { family: 0 }, (err) =>
        resolve(err ? err.name : 'resolved'),
      ),
    );
    expect(allowed).toBe('resolved');
  });
});

describe('one attempt', () => {
  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const send = createSender({ timeoutMs: 150, allowPrivate: true });
      const outcome = await send({
        url: `http://127.0.0.1:${port}/hook`,
        secret: 'whsec_x',
        eventId: 'evt_1',
        body: '{}',
        at: new Date(),
      });
      expect(outcome).toEqual({ ok: false, statusCode: null, error: 'timeout' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe.each(await dialects())('outgoing webhooks (%s)', (dialect) => {
  let t: TestApp;
  let receiver: Receiver;
  let admin: TestAdvisor;
  let worker: WebhookWorker;
  let serial = 0;

  const makeWorker = (instanceId: string, app = t) =>
    createWebhookWorker({ ...app.app.container, instanceId, random: () => 0.5 });

  async function addEndpoint(
    path: string,
    over: { events?: readonly string[]; enabled?: boolean } = {},
  ): Promise<WebhookEndpointWithSecret> {
    const res = await api<WebhookEndpointWithSecret>(t.app, 'POST', '/api/webhooks/endpoints', {
      token: admin.token,
      body: {
        url: receiver.url(path),
        description: `CRM ${path}`,
        events: over.events ?? ALL_EVENTS,
        ...(over.enabled === undefined ? {} : { enabled: over.enabled }),
      },
    });
    expect(res.status).toBe(201);
    receiver.knowSecret(path, res.data.secret ?? '');
    return res.data;
  }

  /** A `call.ended` event, as the call's ending transaction records it; its id ('none': none). */
  async function endedCall(): Promise<string> {
    serial += 1;
    const id = `call_${serial}_${Date.now().toString(36)}`;
    const at = t.clock.now().toISOString();
    const call: CallEndedSource = {
      id,
      advisorId: 'adv_x',
      advisorName: 'Eva',
      clientInfo: { name: 'Lucía', phone: '+51 987 654 321', email: '', subject: 'hair_care' },
      source: 'landing',
      requestedAt: at,
      startedAt: at,
      endedAt: at,
      durationSeconds: 60,
      endedBy: 'advisor',
    };
    await t.db.db.transaction().execute((trx) => t.app.container.webhooks.callEnded(trx, call));
    const event = await t.db.db
      .selectFrom('webhook_events')
      .select('id')
      .where('dedupe_key', '=', `call.ended:${id}`)
      .executeTakeFirst();
    // No event at all when no enabled endpoint listens.
    return event?.id ?? 'none';
  }

  const deliveries = async (endpointId: string) =>
    (
      await api<WebhookDelivery[]>(
        t.app,
        'GET',
        `/api/webhooks/deliveries?endpointId=${endpointId}&limit=200`,
        { token: admin.token },
      )
    ).data;

  /** Runs the worker, moving the clock by `stepMs` each time, until `done` or `maxRuns`. */
  async function runUntil(done: () => boolean, stepMs: number, maxRuns = 200): Promise<number> {
    let runs = 0;
    while (!done() && runs < maxRuns) {
      await worker.deliverDue();
      if (done()) break;
      t.clock.advance(stepMs);
      runs += 1;
    }
    return runs;
  }

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    t = await createCallsTestApp(dialect, { config: { webhookPrivateTargets: true } });
    admin = await insertAdvisor(t.db.db, { isAdmin: true, now: t.clock.now() });
    worker = makeWorker('worker-a');
    receiver.received.length = 0;
    receiver.attempts.length = 0;
    receiver.setMode('up');
  });
  afterEach(async () => {
    await t.close();
  });

  it('signs each delivery so the receiver verifies it, and shows the secret only once', async () => {
    const created = await addEndpoint('/signed');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const secret = created.secret ?? '';
    expect(created.endpoint.secretHint).toBe(`…${secret.slice(-4)}`);
    const listed = await api<WebhookEndpoint[]>(t.app, 'GET', '/api/webhooks/endpoints', {
      token: admin.token,
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const audit = await t.db.db.selectFrom('audit_log').select(['action', 'changes']).execute();
    expect(audit.map((a) => a.action)).toEqual(['webhook.create']);
    expect(JSON.stringify(audit)).not.toContain(secret);

    const eventId = await endedCall();
    await worker.deliverDue();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.verified).toBe(true);
    expect(got?.event.id).toBe(eventId);
    expect(got?.eventIdHeader).toBe(eventId);
    expect(got?.event.type).toBe('call.ended');
    expect(got?.signedAt).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(got?.event.data).toMatchObject({ clientName: 'Lucía', clientEmail: null });

    // A rotated secret signs from then on; a receiver holding the old one no longer verifies.
    const rotated = await api<WebhookEndpointWithSecret>(
      t.app,
      'PUT',
      `/api/webhooks/endpoints/${created.endpoint.endpointId}`,
      { token: admin.token, body: { rotateSecret: true } },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.data.secret).not.toBe(secret);
    await endedCall();
    await worker.deliverDue();
    expect(receiver.received[1]?.verified).toBe(false);
    receiver.knowSecret('/signed', rotated.data.secret ?? '');
    await endedCall();
    await worker.deliverDue();
    expect(receiver.received[2]?.verified).toBe(true);
  });

  it('tells the CRM of a booking, its cancellation, her coming, the call and its plan', async () => {
    await addEndpoint('/flow');
    // Monday 12:00 Lima; Eva works on Tuesday from 09:00 (14:00Z).
    t.clock.set('2026-11-30T17:00:00.000Z');
    await markOffline(t.db.db, admin.id);
    const eva = await insertAdvisor(t.db.db, {
      name: 'Eva Estilista',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 1 })
      .where('id', '=', eva.id)
      .execute();
    const book = async (startsAt: string) => {
      const res = await api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
        body: {
          startsAt,
          advisorId: eva.id,
          subject: 'hair_care',
          name: 'Lucía Reserva',
          phone: '+51 987 654 321',
          email: 'lucia@example.test',
          consent: true,
        },
      });
      expect(res.status).toBe(201);
      return res.data;
    };
    const withKey = (key: string) => ({ headers: { [APPOINTMENT_KEY_HEADER]: key } });

    const first = await book('2026-12-01T14:00:00.000Z');
    t.clock.advance(1000);
    const cancelled = await api(
      t.app,
      'POST',
      `/api/appointments/${first.appointment.appointmentId}/cancel`,
      withKey(first.key),
    );
    expect(cancelled.status).toBe(200);
    t.clock.advance(1000);
    const second = await book('2026-12-01T14:30:00.000Z');
    t.clock.set('2026-12-01T14:27:00.000Z');
    await refreshPresence(t.db.db, t.clock.now());
    const entered = await api<RequestedCall>(
      t.app,
      'POST',
      `/api/appointments/${second.appointment.appointmentId}/enter`,
      withKey(second.key),
    );
    expect(entered.status).toBe(201);
    const callId = entered.data.callId;
    expect(
      (await api(t.app, 'POST', `/api/calls/${callId}/accept`, { token: eva.token, body: {} }))
        .status,
    ).toBe(200);
    t.clock.advance(10 * 60_000);
    expect(
      (await api(t.app, 'POST', `/api/calls/${callId}/end`, { token: eva.token, body: {} })).status,
    ).toBe(200);
    const plan = (text: string) =>
      api(t.app, 'PUT', `/api/calls/${callId}/recommendations`, {
        token: eva.token,
        body: { text, items: [{ name: 'Tinte', pricePen: 120 }] },
      });
    t.clock.advance(1000);
    expect((await plan('Color cobrizo')).status).toBe(200);
    t.clock.advance(1000);
    expect((await plan('Color cobrizo, y un corte')).status).toBe(200);

    await worker.deliverDue();
    expect(receiver.received.map((r) => r.event.type)).toEqual([
      'appointment.booked',
      'appointment.cancelled',
      'appointment.booked',
      'appointment.attended',
      'call.ended',
      'plan.created',
    ]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const data = receiver.received.map((r) => r.event.data as Record<string, unknown>);
    expect(data[1]).toMatchObject({
      appointmentId: first.appointment.appointmentId,
      status: 'cancelled',
      cancelledBy: 'client',
    });
    expect(data[3]).toMatchObject({
      appointmentId: second.appointment.appointmentId,
      status: 'attended',
      callId,
      advisorId: eva.id,
    });
    expect(data[4]).toMatchObject({
      callId,
      advisorId: eva.id,
      endedBy: 'advisor',
      durationSeconds: 600,
      clientEmail: 'lucia@example.test',
    });
    expect(data[5]).toMatchObject({
      callId,
      text: 'Color cobrizo',
      items: [{ name: 'Tinte', note: '', url: null, pricePen: 120 }],
    });
  });

  it('keeps delivered events in the log for 30 days, undelivered ones for ever', async () => {
    const { endpoint } = await addEndpoint('/kept');
    await endedCall();
    await worker.deliverDue();
    receiver.setMode('error');
    t.clock.advance(1000);
    const waiting = await endedCall();
    await worker.deliverDue();
    expect((await deliveries(endpoint.endpointId)).map((d) => d.status)).toEqual([
      'pending',
      'delivered',
    ]);
    t.clock.advance(DELIVERED_KEPT_MS + 60_000);
    // A fresh worker: the first run of one purges.
    await makeWorker('worker-later').deliverDue();
    // (The admin's session of a month ago has expired: the service reads the log.)
    const left = await t.app.container.webhooks.listDeliveries({
      endpointId: endpoint.endpointId,
      limit: 200,
    });
    expect(left.map((d) => d.eventId)).toEqual([waiting]);
    const events = await t.db.db.selectFrom('webhook_events').select('id').execute();
    expect(events.map((e) => e.id)).toEqual([waiting]);
  });

  it('records an event only when its change commits, and one per change', async () => {
    await addEndpoint('/commit');
    const call = {
      id: 'call_rolled_back',
      advisorId: 'adv_x',
      advisorName: null,
      clientInfo: { name: 'A', phone: '+51 1', email: '', subject: 'general' },
      source: 'landing',
      requestedAt: t.clock.now().toISOString(),
      startedAt: null,
      endedAt: t.clock.now().toISOString(),
      durationSeconds: 0,
      endedBy: 'system' as const,
    };
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await t.app.container.webhooks.callEnded(trx, call);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);
    await t.app.container.webhooks.callEnded(t.db.db, call);
    await t.app.container.webhooks.callEnded(t.db.db, call);
    expect(await count()).toBe(1);
  });

  it('gets every event after a minute down, in order, exactly once per event id', async () => {
    const { endpoint } = await addEndpoint('/crm');
    receiver.setMode('down');
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(await endedCall());
      t.clock.advance(1000);
    }
    const downUntil = t.clock.now().getTime() + 60_000;
    // While it is down only the oldest event is tried: the later ones wait behind it.
    while (t.clock.now().getTime() < downUntil) {
      await worker.deliverDue();
      t.clock.advance(1000);
    }
    expect(new Set(receiver.attempts.map((a) => a.eventId))).toEqual(new Set([ids[0]]));
    // Backoff, not a retry every second: at 0 s, +10 s, +30 s (the next one at +70 s).
    expect(receiver.attempts.length).toBe(3);
    const head = (await deliveries(endpoint.endpointId)).find((d) => d.eventId === ids[0]);
    expect(head).toMatchObject({ status: 'pending', attempts: 3, lastError: 'connection' });

    receiver.setMode('up');
    await runUntil(() => receiver.received.length >= ids.length, 5000);
    await worker.deliverDue();
    expect(receiver.received.map((r) => r.event.id)).toEqual(ids);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const log = await deliveries(endpoint.endpointId);
    expect(log.map((d) => d.status)).toEqual(ids.map(() => 'delivered'));
    expect(log.find((d) => d.eventId === ids[0])).toMatchObject({
      attempts: 4,
      lastStatusCode: 204,
    });
  });

  it('two workers on the same database never deliver one event twice', async () => {
    const other = await createTestApp({
      db: t.db,
      clock: t.clock,
      instanceId: 'instance-b',
      config: { webhookPrivateTargets: true },
    });
    try {
      await addEndpoint('/two-a');
      await addEndpoint('/two-b');
      const ids: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        ids.push(await endedCall());
        t.clock.advance(10);
      }
      const a = makeWorker('instance-a');
      const b = makeWorker('instance-b', other);
      await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
      await Promise.all([a.deliverDue(), b.deliverDue()]);
      for (const path of ['/two-a', '/two-b']) {
        const got = receiver.attempts.filter((r) => r.path === path).map((r) => r.eventId);
        expect(got, path).toEqual(ids);
      }
    } finally {
      await other.app.close();
    }
  });

  it('lets exactly one of many simultaneous claims take a delivery, until its lease runs out', async () => {
    await addEndpoint('/claimed');
    const eventId = await endedCall();
    const { id } = await t.db.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const claim = (token: string, at: Date) =>
      claimDelivery(t.db.db, dialect, id, {
        token,
        now: at.toISOString(),
        leaseUntil: new Date(at.getTime() + 60_000).toISOString(),
      });
    const won = await Promise.all(Array.from({ length: 12 }, (_, i) => claim(`c${i}`, now)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await claim('late', new Date(now.getTime() + 59_000))).toBe(false);
    // The holder died: once the lease has run out, another instance takes over.
    expect(await claim('takeover', new Date(now.getTime() + 60_000))).toBe(true);
  });

  it('sends nothing to a disabled endpoint, and nothing for events it did not choose', async () => {
    const off = await addEndpoint('/off', { enabled: false });
    const onlyBookings = await addEndpoint('/bookings', { events: ['appointment.booked'] });
    expect(await endedCall()).toBe('none');
    await worker.deliverDue();
    expect(receiver.attempts).toEqual([]);
    expect(await deliveries(off.endpoint.endpointId)).toEqual([]);
    expect(await deliveries(onlyBookings.endpoint.endpointId)).toEqual([]);
  });

  it('never follows a redirect; gives up after the last attempt; the admin retries by hand', async () => {
    const { endpoint } = await addEndpoint('/redirected');
    receiver.setMode('redirect');
    const first = await endedCall();
    t.clock.advance(1);
    const second = await endedCall();
    await runUntil(
      () => receiver.attempts.length >= WEBHOOK_MAX_ATTEMPTS,
      BACKOFF_CAP_MS,
      WEBHOOK_MAX_ATTEMPTS + 2,
    );
    await worker.deliverDue();
    expect(receiver.elsewhereCalls()).toBe(0);
    expect(receiver.attempts.map((a) => a.eventId)).toEqual(
      Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => first),
    );
    const log = await deliveries(endpoint.endpointId);
    const failed = log.find((d) => d.eventId === first);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      lastStatusCode: 302,
      lastError: 'redirect',
      nextAttemptAt: null,
    });
    // The failed one holds the later one back.
    expect(log.find((d) => d.eventId === second)?.status).toBe('pending');
    t.clock.advance(BACKOFF_CAP_MS);
    await worker.deliverDue();
    expect(receiver.attempts).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

    receiver.setMode('up');
    const notFailed = log.find((d) => d.eventId === second)?.deliveryId ?? '';
    const refused = await api(t.app, 'POST', `/api/webhooks/deliveries/${notFailed}/retry`, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    const retried = await api<WebhookDelivery>(
      t.app,
      'POST',
      `/api/webhooks/deliveries/${failed?.deliveryId ?? ''}/retry`,
      { token: admin.token },
    );
    expect(retried.status).toBe(200);
    expect(retried.data).toMatchObject({ status: 'pending', attempts: 0 });
    await worker.deliverDue();
    expect(receiver.received.map((r) => r.event.id)).toEqual([first, second]);
  });

  it('refuses a bad or private address with a 4xx and stores nothing', async () => {
    const strict = await createTestApp({ db: t.db, clock: t.clock });
    try {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/hook',
        'https://localhost:3000/hook',
        'http://crm.example.com/hook',
        'https://user:secret@crm.example.com/hook',
        'javascript:alert(1)',
        'not a url',
      ]) {
        const res = await api(strict.app, 'POST', '/api/webhooks/endpoints', {
          token: admin.token,
          body: { url, events: ['call.ended'] },
        });
        expect(res.status, url).toBe(400);
        expect(res.body.error?.code, url).toBe('WEBHOOK_URL_REFUSED');
      }
      const list = await api<WebhookEndpoint[]>(strict.app, 'GET', '/api/webhooks/endpoints', {
        token: admin.token,
      });
      expect(list.data).toEqual([]);
      const good = await api(strict.app, 'POST', '/api/webhooks/endpoints', {
        token: admin.token,
        body: {
          url: 'https://crm.example.com/hooks/belleza',
          events: ['call.ended'],
          enabled: false,
        },
      });
      expect(good.status).toBe(201);
      // An endpoint saved while private targets were allowed is refused when sending without.
      await addEndpoint('/was-allowed');
      await endedCall();
      const strictWorker = createWebhookWorker({
        ...strict.app.container,
        instanceId: 'strict',
        random: () => 0.5,
      });
      await strictWorker.deliverDue();
      expect(receiver.attempts).toEqual([]);
      const wasAllowed = (
        await api<WebhookEndpoint[]>(strict.app, 'GET', '/api/webhooks/endpoints', {
          token: admin.token,
        })
      ).data.find((e) => e.url.endsWith('/was-allowed'));
      const [refused] = await deliveries(wasAllowed?.endpointId ?? '');
      expect(refused).toMatchObject({ status: 'pending', lastError: 'refused_target' });
    } finally {
      await strict.app.close();
    }
  });
});
