/**
 * `GET /metrics` on the real app: who may scrape (the token, or this host only), one registry per
 * app, and what moves them: the request counter by route pattern, the ring and accept histograms,
 * the open calls by state, expired offers, open sockets, e-mails sent and failed.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestCall,
  setSettingsSection,
} from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { parseMetrics, scrape, valueOf } from '../../test/metrics.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { closeSockets, open } from '../../test/socket-clients.js';

const TOKEN = 'prometheus-scrape-token-0123';

/** One GET of /metrics from `remoteAddress` with `headers`. */
const get = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

const errorCode = (body: string): unknown =>
  (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;

describe('GET /metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a scrape without the token with 401 UNAUTHENTICATED, from loopback too', async () => {
    for (const address of ['127.0.0.1', '203.0.113.9']) {
      const res = await get(t, address);
      expect(res.statusCode, address).toBe(401);
      expect(errorCode(res.body)).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('belleza_');
    }
  });

  it('refuses a wrong token, another scheme and a staff session alike', async () => {
    const admin = await insertAdvisor(t.db.db, { isAdmin: true });
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      `Bearer ${admin.token}`,
    ]) {
      const res = await get(t, '203.0.113.9', { authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(errorCode(res.body)).toBe('UNAUTHENTICATED');
    }
  });

  it('serves the Prometheus text, with the Node defaults, to the right token from anywhere', async () => {
    const res = await get(t, '203.0.113.9', { authorization: `bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(res.body);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'belleza_open_sockets')).toBe(0);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'active' })).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a loopback peer (IPv4 and IPv6)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await get(t, address)).statusCode, address).toBe(200);
  });

  it('refuses any other peer, and a forwarded request, with 403 FORBIDDEN', async () => {
    const refused: Array<{ address: string; headers: Record<string, string> }> = [
      { address: '10.0.0.7', headers: {} },
      { address: '192.168.1.20', headers: {} },
      { address: '2001:db8::1', headers: {} },
      // A proxy on this host forwarding someone else's request: not this host asking.
      { address: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } },
      { address: '127.0.0.1', headers: { forwarded: 'for=198.51.100.4' } },
      { address: '127.0.0.1', headers: { 'x-real-ip': '198.51.100.4' } },
    ];
    for (const { address, headers } of refused) {
      const res = await get(t, address, headers);
      expect(res.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(403);
      expect(errorCode(res.body)).toBe('FORBIDDEN');
    }
  });
});

describe('HTTP metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('labels a path no route knows as unmatched, and an id-bearing one by its pattern', async () => {
    for (const url of ['/api/no-such-thing', '/wp-login.php', '/api/calls/call_nope/status'])
      await t.app.inject({ method: 'GET', url });
    const { samples, text } = await scrape(t.app);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(valueOf(samples, 'belleza_http_requests_total', unmatched)).toBe(2);
    const status = { method: 'GET', route: '/api/calls/:callId/status' };
    expect(valueOf(samples, 'belleza_http_requests_total', status)).toBe(1);
    expect(valueOf(samples, 'belleza_http_request_duration_seconds_count', status)).toBe(1);
    for (const raw of ['no-such-thing', 'wp-login', 'call_nope']) expect(text).not.toContain(raw);
  });
});

describe('open sockets', () => {
  it("counts this instance's realtime connections at scrape time", async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const sockets = await Promise.all([1, 2].map(() => open(`http://127.0.0.1:${port}`)));
      expect(valueOf((await scrape(t.app)).samples, 'belleza_open_sockets')).toBe(2);
      sockets[0]?.disconnect();
      await expect
        .poll(async () => valueOf((await scrape(t.app)).samples, 'belleza_open_sockets'))
        .toBe(1);
    } finally {
      closeSockets();
      await t.close();
    }
  });
});

describe('one registry per app', () => {
  it('counts each app on its own, with no collision between apps in one process', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    try {
      for (let i = 0; i < 3; i++) await a.app.inject({ method: 'GET', url: '/healthz' });
      await b.app.inject({ method: 'GET', url: '/healthz' });
      const healthz = { method: 'GET', route: '/healthz', status_code: '200' };
      expect(valueOf((await scrape(a.app)).samples, 'belleza_http_requests_total', healthz)).toBe(
        3,
      );
      expect(valueOf((await scrape(b.app)).samples, 'belleza_http_requests_total', healthz)).toBe(
        1,
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.each(await dialects())('what a consultation moves (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('counts the request by route, measures ring and accept once, and sees the call active', async () => {
    t = await createCallsTestApp(dialect);
    const ana = await insertAdvisor(t.db.db, { now: t.clock.now(), name: 'Ana' });
    const before = (await scrape(t.app)).samples;
    expect(valueOf(before, 'belleza_call_first_ring_seconds_count')).toBe(0);
    expect(valueOf(before, 'belleza_call_accept_seconds_count')).toBe(0);

    const call = await requestCall(t.app);
    expect(call.advisorId).toBe(ana.id);
    const ringing = (await scrape(t.app)).samples;
    expect(valueOf(ringing, 'belleza_calls_open', { state: 'ringing' })).toBe(1);
    expect(valueOf(ringing, 'belleza_calls_open', { state: 'active' })).toBe(0);

    t.clock.advance(4_000);
    await refreshPresence(t.db.db, t.clock.now());
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: ana.token,
    });
    expect(accepted.status).toBe(200);

    const { samples, text } = await scrape(t.app);
    const request = { method: 'POST', route: '/api/calls/request', status_code: '201' };
    expect(valueOf(samples, 'belleza_http_requests_total', request)).toBe(1);
    expect(
      valueOf(samples, 'belleza_http_requests_total', {
        method: 'POST',
        route: '/api/calls/:callId/accept',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      valueOf(samples, 'belleza_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/calls/request',
      }),
    ).toBe(1);
    // The route's pattern, never the URL: no call id in any label.
    expect(text).not.toContain(call.callId);
    // Rung at once (the clock stood still), taken 4 s after the request.
    expect(valueOf(samples, 'belleza_call_first_ring_seconds_count')).toBe(1);
    expect(valueOf(samples, 'belleza_call_first_ring_seconds_sum')).toBe(0);
    expect(valueOf(samples, 'belleza_call_accept_seconds_count')).toBe(1);
    expect(valueOf(samples, 'belleza_call_accept_seconds_sum')).toBe(4);
    expect(valueOf(samples, 'belleza_call_accept_seconds_bucket', { le: '2' })).toBe(0);
    expect(valueOf(samples, 'belleza_call_accept_seconds_bucket', { le: '5' })).toBe(1);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'active' })).toBe(1);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'ringing' })).toBe(0);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'queued' })).toBe(0);
  });

  it('rings a queued call when a place frees, counts an expired offer, and rings a call once', async () => {
    t = await createCallsTestApp(dialect);
    const ana = await insertAdvisor(t.db.db, { now: t.clock.now(), name: 'Ana' });
    const first = await requestCall(t.app, { phone: '+51 911 000 001' });
    await api(t.app, 'POST', `/api/calls/${first.callId}/accept`, { token: ana.token });
    // Ana is in a call: the second one waits in line.
    const second = await requestCall(t.app, { phone: '+51 911 000 002' });
    expect(second.advisorId).toBeNull();
    expect(valueOf((await scrape(t.app)).samples, 'belleza_calls_open', { state: 'queued' })).toBe(
      1,
    );

    t.clock.advance(7_000);
    await refreshPresence(t.db.db, t.clock.now());
    await api(t.app, 'POST', `/api/calls/${first.callId}/end`, { token: ana.token });
    let samples = (await scrape(t.app)).samples;
    // First call: rung at 0 s. Second: rung when Ana's place freed, 7 s after its request.
    expect(valueOf(samples, 'belleza_call_first_ring_seconds_count')).toBe(2);
    expect(valueOf(samples, 'belleza_call_first_ring_seconds_sum')).toBe(7);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'ringing' })).toBe(1);

    // Nobody answers: the offer expires and rings Bea, which is no first ring.
    const bea = await insertAdvisor(t.db.db, { now: t.clock.now(), name: 'Bea' });
    const { system } = await t.app.container.settings.get();
    t.clock.advance((system.callTimeout + 1) * 1000);
    await refreshPresence(t.db.db, t.clock.now());
    expect(await t.app.container.calls.expireOffers()).toBe(1);
    samples = (await scrape(t.app)).samples;
    expect(valueOf(samples, 'belleza_call_offers_expired_total')).toBe(1);
    expect(valueOf(samples, 'belleza_call_first_ring_seconds_count')).toBe(2);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'ringing' })).toBe(1);

    await api(t.app, 'POST', `/api/calls/${second.callId}/accept`, { token: bea.token });
    samples = (await scrape(t.app)).samples;
    expect(valueOf(samples, 'belleza_call_accept_seconds_count')).toBe(2);
    expect(valueOf(samples, 'belleza_call_accept_seconds_sum')).toBe(7 + system.callTimeout + 1);
  });

  it('measures an auto-accepted call as rung and taken at the same instant', async () => {
    t = await createCallsTestApp(dialect);
    await insertAdvisor(t.db.db, { now: t.clock.now(), autoAccept: true });
    const call = await requestCall(t.app);
    expect(call.status).toBe('active');
    const { samples } = await scrape(t.app);
    expect(valueOf(samples, 'belleza_call_first_ring_seconds_count')).toBe(1);
    expect(valueOf(samples, 'belleza_call_accept_seconds_count')).toBe(1);
    expect(valueOf(samples, 'belleza_calls_open', { state: 'active' })).toBe(1);
  });
});

describe('e-mails sent and failed', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ config: { smtp: { url: smtp.url, from: 'avisos@salon.test' } } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('counts what the SMTP server accepted and what it refused', async () => {
    const admin = await insertAdvisor(t.db.db, { isAdmin: true });
    await setSettingsSection(t.db.db, 'notifications', { adminEmail: 'duena@salon.test' });
    const sent = await api(t.app, 'POST', '/api/settings/test-email', {
      token: admin.token,
      body: {},
    });
    expect(sent.status).toBe(200);
    smtp.refuseNext();
    const refused = await api(t.app, 'POST', '/api/settings/test-email', {
      token: admin.token,
      body: {},
    });
    expect(refused.status).toBe(502);
    const { samples } = await scrape(t.app);
    expect(valueOf(samples, 'belleza_emails_sent_total')).toBe(1);
    expect(valueOf(samples, 'belleza_emails_failed_total')).toBe(1);
  });
});
