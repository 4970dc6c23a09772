/**
 * The operator's probes on the real app: `/healthz` answers without the database, `/readyz` says
 * 200 only while the database (and Redis, with REDIS_URL) answers, names each check, tells no
 * address or error text, and reports the status panel's last TURN check without making one.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { readinessSchema, type Readiness } from '@belleza/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { api, insertAdvisor } from '../../test/fixtures.js';
import {
  createTestApp,
  dialects,
  redisAvailable,
  REDIS_URL,
  type TestApp,
} from '../../test/helpers.js';
import { scrape, valueOf } from '../../test/metrics.js';
import { freePort } from '../video/turn/coturn.fixture.js';

/**
 * A TCP relay to `target` that the test can cut (listener closed, open connections dropped: the
 * port refuses) and restore on the same port.
 */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const closeServer = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = closeServer();
      for (const s of sockets) s.destroy();
      await closed;
    },
    async restore() {
      if (!server.listening)
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      const closed = closeServer();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/**
 * Resolves once the Socket.IO Redis adapter's own subscriptions are answered (a PING on its
 * subscriber connection is answered after them). An app closed before that leaves the adapter's
 * subscribe rejected with nobody to catch it.
 */
async function adapterSubscribed(t: TestApp): Promise<void> {
  const adapter = t.app.realtime.io.of('/').adapter as unknown as {
    subClient: { ping(): Promise<unknown> };
  };
  await adapter.subClient.ping();
}

const readyz = async (t: TestApp): Promise<{ status: number; body: Readiness; raw: string }> => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.5' });
  return { status: res.statusCode, body: readinessSchema.parse(res.json()), raw: res.body };
};

describe.each(await dialects())('GET /healthz and /readyz on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('/healthz answers 200 ok to anyone, even with the database gone and a bearer sent', async () => {
    t = await createTestApp({ dialect });
    const ok = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.5' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
    await t.db.close();
    const still = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 while the database answers, 503 naming it once it is gone', async () => {
    t = await createTestApp({ dialect });
    const up = await readyz(t);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ status: 'ready', checks: { database: { ok: true, reason: null } } });

    await t.db.close();
    const down = await readyz(t);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'unavailable',
      checks: { database: { ok: false, reason: 'unreachable' } },
    });
    // The route is open: the error itself goes to the log, not to whoever asks.
    expect(down.raw).not.toMatch(/error|closed|pool|sqlite|postgres/i);
  });
});

const withRedis = await redisAvailable('readiness against Redis');

describe('GET /readyz with REDIS_URL', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.runIf(withRedis)('is 200 when Redis answers PING', async () => {
    t = await createTestApp({ config: { redisUrl: REDIS_URL } });
    await adapterSubscribed(t);
    const { status, body } = await readyz(t);
    expect(status).toBe(200);
    expect(body.checks).toEqual({
      database: { ok: true, reason: null },
      redis: { ok: true, reason: null },
    });
  });

  it.runIf(withRedis)(
    'is 503 naming Redis while it cannot be reached, and 200 again once it can',
    async () => {
      // Redis behind a relay the test cuts: the app starts connected, as in production, then loses it.
      const relay = await startRelay(new URL(REDIS_URL));
      try {
        const app = await createTestApp({ config: { redisUrl: relay.url } });
        t = app;
        await adapterSubscribed(app);
        expect((await readyz(app)).status).toBe(200);
        await relay.cut();
        const { status, body, raw } = await readyz(app);
        expect(status).toBe(503);
        expect(body.status).toBe('unavailable');
        expect(body.checks.database).toEqual({ ok: true, reason: null });
        expect(body.checks.redis?.ok).toBe(false);
        expect(['unreachable', 'timeout']).toContain(body.checks.redis?.reason);
        expect(raw).not.toContain('127.0.0.1');
        await relay.restore();
        await expect.poll(async () => (await readyz(app)).status, { timeout: 5000 }).toBe(200);
        await adapterSubscribed(app);
      } finally {
        await relay.restore();
        await t?.close();
        t = undefined;
        await relay.close();
      }
    },
  );
});

describe('an instance started while Redis is away', () => {
  it.runIf(withRedis)(
    'keeps running (nothing of the adapter rejects unhandled) and subscribes once Redis is there',
    async () => {
      const relay = await startRelay(new URL(REDIS_URL));
      await relay.cut();
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      let t: TestApp | undefined;
      try {
        t = await createTestApp({ config: { redisUrl: relay.url } });
        const adapter = t.app.realtime.io.of('/').adapter as unknown as {
          subClient: { on(event: 'reconnecting', listener: () => void): void };
        };
        // Past the retries a command gets (3): a subscribe or publish given up on would reject.
        let retries = 0;
        adapter.subClient.on('reconnecting', () => (retries += 1));
        // Something to publish meanwhile: the admins' room hears of a callback request.
        const asked = await api(t.app, 'POST', '/api/callbacks', {
          body: { name: 'Sin Redis', phone: '+51 999 888 777', consent: true },
        });
        expect(asked.status).toBe(201);
        await expect.poll(() => retries, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
        expect((await readyz(t)).status).toBe(503);
        await relay.restore();
        await adapterSubscribed(t);
        await expect.poll(async () => (await readyz(t!)).status, { timeout: 5000 }).toBe(200);
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
        await relay.restore();
        await t?.close();
        await relay.close();
      }
    },
  );
});

describe('the TURN check in readiness and metrics', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('reports the status panel’s last check (none before it), which never makes the instance unready', async () => {
    const url = `turn:127.0.0.1:${await freePort()}?transport=tcp`;
    t = await createTestApp({
      config: { turn: { urls: [url], secret: 'turn-secret-for-tests', credentialTtlMs: 600_000 } },
    });
    const before = await readyz(t);
    expect(before.body.checks.turn).toBeUndefined();
    expect(valueOf((await scrape(t.app)).samples, 'belleza_turn_check_ok', { url })).toBe(
      undefined,
    );

    // The admin's dashboard checks TURN; nothing listens there, so the allocation fails.
    const admin = await insertAdvisor(t.db.db, { isAdmin: true });
    const status = await api<{ video: { ok: boolean } }>(t.app, 'GET', '/api/system/status', {
      token: admin.token,
    });
    expect(status.data.video.ok).toBe(false);

    const after = await readyz(t);
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('ready');
    expect(after.body.checks.turn).toEqual({ ok: false, checkedAt: t.clock.now().toISOString() });
    const { samples } = await scrape(t.app);
    expect(valueOf(samples, 'belleza_turn_check_ok', { url })).toBe(0);
    expect(valueOf(samples, 'belleza_turn_check_timestamp_seconds', { url })).toBe(
      t.clock.now().getTime() / 1000,
    );
  });
});
