import { createServer, type Server, type Socket } from 'node:net';
import {
  defaultSettings,
  systemStatusSchema,
  type Settings,
  type SystemStatus,
} from '@belleza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/kysely.js';
import { ManualClock } from '../../lib/clock.js';
import {
  createTestApp,
  createTestDatabase,
  dialects,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import {
  adminUser,
  advisorUser,
  buildRoutesHarness,
  insertAdvisor,
  insertSession,
  insertSocket,
} from '../reports/reports.fixtures.js';
import { createHmac } from 'node:crypto';
import {
  coturnAvailable,
  freePort,
  startCoturn,
  type Coturn,
} from '../video/turn/coturn.fixture.js';
import type { TurnProbeOptions, TurnProbeResult } from '../video/turn/turn-probe.js';
import { probeRedis } from './redis-probe.js';
import { createSystemService, TURN_CHECK_TTL_MS, type SystemDeps } from './system.service.js';

const NOW = '2026-11-20T15:00:00.000Z';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens on port 1: the connection is refused at once. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

describe('probeRedis', () => {
  let silent: Server;
  const held: Socket[] = [];
  let silentUrl = '';
  beforeAll(async () => {
    // Accepts TCP connections and never answers: a hung Redis.
    silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    silentUrl = `redis://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers ok for a reachable Redis', async () => {
    expect(await probeRedis(REDIS_URL, 1500)).toEqual({ ok: true });
  });

  it('reports a refused connection as unreachable', { timeout: 4000 }, async () => {
    const result = await probeRedis(DEAD_REDIS_URL, 1500);
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('gives up on a server that never answers', { timeout: 4000 }, async () => {
    const result = await probeRedis(silentUrl, 300);
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
  });
});

describe.each(await dialects())('system status service on %s', (dialect) => {
  let db: TestDatabase;
  const clock = new ManualClock(NOW);
  let current: Settings = defaultSettings;
  const settings = { get: () => Promise.resolve(current) };
  const status = (redisUrl?: string): Promise<SystemStatus> =>
    createSystemService({
      db: db.db,
      dialect,
      clock,
      config: { redisUrl, turn: undefined, smtp: undefined },
      instanceId: 'i-1',
      settings,
    }).getStatus();

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await migrateToLatest(db.db, db.schema);
  });
  afterAll(async () => {
    await db.drop();
  });
  beforeEach(async () => {
    current = defaultSettings;
    await db.db.deleteFrom('socket_connections').execute();
  });

  it('reports backend and database up, in the contract shape', async () => {
    const s = await status();
    expect(systemStatusSchema.parse(s)).toEqual(s);
    expect(s.backend).toMatchObject({ ok: true, reason: null });
    expect(s.database).toEqual({ ok: true, reason: null, detail: null, dialect });
  });

  it('reports Redis as not configured without REDIS_URL', async () => {
    expect((await status()).redis).toMatchObject({ ok: true, configured: false, reason: null });
  });

  it('pings a configured, reachable Redis', async () => {
    expect((await status(REDIS_URL)).redis).toEqual({
      ok: true,
      reason: null,
      detail: null,
      configured: true,
    });
  });

  it('reports an unreachable Redis as not OK, quickly', { timeout: 4000 }, async () => {
    const s = await status(DEAD_REDIS_URL);
    expect(s.redis).toMatchObject({ ok: false, configured: true, reason: 'unreachable' });
    expect(s.redis.detail).toBeTruthy();
    // the other components are still reported
    expect(s.database.ok).toBe(true);
  });

  it('reports the built-in video provider without TURN as OK but at risk', async () => {
    expect((await status()).video).toEqual({
      ok: true,
      reason: 'no_turn',
      detail: 'No TURN server configured (TURN_URLS, TURN_SECRET)',
      provider: 'builtin',
      atRisk: true,
      turn: { configured: false, reachable: null, allocationMs: null },
    });
  });

  it('reports Daily without credentials as not_configured, and with them as OK', async () => {
    const daily = (apiKey: string, domain: string): Settings => ({
      ...defaultSettings,
      video: { ...defaultSettings.video, provider: 'daily' },
      daily: { ...defaultSettings.daily, apiKey, domain },
    });
    current = daily('', 'belleza.daily.co');
    expect((await status()).video).toMatchObject({
      ok: false,
      reason: 'not_configured',
      provider: 'daily',
    });
    current = daily('key-123', '');
    expect((await status()).video).toMatchObject({
      ok: false,
      reason: 'not_configured',
      provider: 'daily',
    });
    current = daily('key-123', 'belleza.daily.co');
    expect((await status()).video).toEqual({
      ok: true,
      reason: null,
      detail: 'belleza.daily.co',
      provider: 'daily',
      atRisk: false,
      turn: { configured: false, reachable: null, allocationMs: null },
    });
  });

  it('reports unreadable settings as a video problem, not a failed answer', async () => {
    const broken = { get: () => Promise.reject(new Error('boom')) };
    const s = await createSystemService({
      db: db.db,
      dialect,
      clock,
      config: { redisUrl: undefined, turn: undefined, smtp: undefined },
      instanceId: 'i-1',
      settings: broken,
    }).getStatus();
    expect(s.video).toMatchObject({ ok: false, reason: 'settings_unreadable', atRisk: false });
    expect(s.database.ok).toBe(true);
  });

  it('counts live sockets and distinct advisors within the presence grace', async () => {
    const ago = (ms: number) => new Date(new Date(NOW).getTime() - ms).toISOString();
    await insertSocket(db.db, 'adv_x', ago(1000));
    await insertSocket(db.db, 'adv_x', ago(4000), 'inst-2');
    await insertSocket(db.db, 'adv_y', ago(15_000)); // exactly at the grace edge: still present
    await insertSocket(db.db, 'adv_z', ago(15_001)); // gone
    expect((await status()).websocket).toEqual({
      ok: true,
      reason: null,
      detail: null,
      connections: 3,
      connectedAdvisors: 2,
    });
  });
});

const TURN_SECRET = 'status-test-secret';
const TURN_URLS = ['turn:127.0.0.1:3478', 'turns:127.0.0.1:5349?transport=tcp'];

describe('video status with a TURN server', () => {
  let db: TestDatabase;
  const clock = new ManualClock(NOW);
  let current: Settings = defaultSettings;
  let probes: TurnProbeOptions[] = [];
  let answer: TurnProbeResult;
  const fakeProbe = (options: TurnProbeOptions) => {
    probes.push(options);
    return Promise.resolve(answer);
  };
  const service = (over: Partial<SystemDeps> = {}) =>
    createSystemService({
      db: db.db,
      dialect: 'sqlite',
      clock,
      config: {
        redisUrl: undefined,
        turn: { urls: TURN_URLS, secret: TURN_SECRET, credentialTtlMs: 600_000 },
        smtp: undefined,
      },
      instanceId: 'i-1',
      settings: { get: () => Promise.resolve(current) },
      probeTurn: fakeProbe,
      ...over,
    });

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await migrateToLatest(db.db, db.schema);
  });
  afterAll(async () => {
    await db.drop();
  });
  beforeEach(() => {
    current = defaultSettings;
    clock.set(NOW);
    probes = [];
    answer = { ok: true, url: TURN_URLS[0] ?? '', allocationMs: 42 };
  });

  it('allocates on the first TURN URL with a fresh credential, and reports success', async () => {
    const s = await service().getStatus();
    expect(s.video).toEqual({
      ok: true,
      reason: null,
      detail: 'TURN turn:127.0.0.1:3478: allocation in 42 ms',
      provider: 'builtin',
      atRisk: false,
      turn: { configured: true, reachable: true, allocationMs: 42 },
    });
    expect(systemStatusSchema.parse(s)).toEqual(s);
    expect(probes).toHaveLength(1);
    const probe = probes[0]!;
    expect(probe.target).toEqual({
      url: 'turn:127.0.0.1:3478',
      host: '127.0.0.1',
      port: 3478,
      transport: 'udp',
    });
    expect(probe.timeoutMs).toBe(3000);
    // expiry from the injected clock (+10 min), HMAC-SHA1 of the username under the secret
    const expiry = new Date(NOW).getTime() / 1000 + 600;
    expect(probe.username).toBe(`${expiry}:status-check`);
    expect(probe.credential).toBe(
      createHmac('sha1', TURN_SECRET).update(probe.username).digest('base64'),
    );
    expect(JSON.stringify(s)).not.toContain(TURN_SECRET);
  });

  it.each([
    ['refused', 'turn_refused', true],
    ['failed', 'turn_failed', true],
    ['no_answer', 'turn_unreachable', false],
    ['unreachable', 'turn_unreachable', false],
  ] as const)(
    'reports a TURN check that is %s as failing (%s)',
    async (outcome, reason, reachable) => {
      answer = { ok: false, url: 'turn:127.0.0.1:3478', outcome, detail: `it was ${outcome}` };
      expect((await service().getStatus()).video).toEqual({
        ok: false,
        reason,
        detail: `it was ${outcome}`,
        provider: 'builtin',
        atRisk: false,
        turn: { configured: true, reachable, allocationMs: null },
      });
    },
  );

  it('checks at most once per 30 s, sharing a check in flight between requests', async () => {
    const system = service();
    await Promise.all([system.getStatus(), system.getStatus(), system.getStatus()]);
    expect(probes).toHaveLength(1);
    clock.advance(TURN_CHECK_TTL_MS - 1);
    answer = { ok: false, url: 'turn:127.0.0.1:3478', outcome: 'no_answer', detail: 'silence' };
    expect((await system.getStatus()).video.ok).toBe(true);
    expect(probes).toHaveLength(1);
    clock.advance(1);
    expect((await system.getStatus()).video).toMatchObject({
      ok: false,
      reason: 'turn_unreachable',
    });
    expect(probes).toHaveLength(2);
  });

  it('does not check TURN for Daily, but says it is configured', async () => {
    current = {
      ...defaultSettings,
      video: { ...defaultSettings.video, provider: 'daily' },
      daily: { ...defaultSettings.daily, apiKey: 'key', domain: 'belleza.daily.co' },
    };
    expect((await service().getStatus()).video).toEqual({
      ok: true,
      reason: null,
      detail: 'belleza.daily.co',
      provider: 'daily',
      atRisk: false,
      turn: { configured: true, reachable: null, allocationMs: null },
    });
    expect(probes).toHaveLength(0);
  });
});

describe.runIf(await coturnAvailable())('video status against a real coturn', () => {
  let db: TestDatabase;
  let coturn: Coturn;
  // coturn compares the credential's expiry with the real time
  const clock = new ManualClock(new Date());
  const service = (urls: string[], secret = TURN_SECRET, turnTimeoutMs?: number) =>
    createSystemService({
      db: db.db,
      dialect: 'sqlite',
      clock,
      config: {
        redisUrl: undefined,
        turn: { urls, secret, credentialTtlMs: 600_000 },
        smtp: undefined,
      },
      instanceId: 'i-1',
      settings: { get: () => Promise.resolve(defaultSettings) },
      ...(turnTimeoutMs ? { turnTimeoutMs } : {}),
    });

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await migrateToLatest(db.db, db.schema);
    coturn = await startCoturn({ secret: TURN_SECRET });
  }, 15_000);
  afterAll(async () => {
    await coturn?.close();
    await db?.drop();
  });

  it('is green when coturn allocates', async () => {
    const { video } = await service([`turn:127.0.0.1:${coturn.port}`]).getStatus();
    expect(video).toMatchObject({
      ok: true,
      atRisk: false,
      turn: { configured: true, reachable: true, allocationMs: expect.any(Number) as number },
    });
  });

  it('fails with turn_refused when the secret is wrong', async () => {
    const { video } = await service(
      [`turn:127.0.0.1:${coturn.port}?transport=tcp`],
      'not-the-secret',
    ).getStatus();
    expect(video).toMatchObject({
      ok: false,
      reason: 'turn_refused',
      turn: { configured: true, reachable: true, allocationMs: null },
    });
  });

  it('fails with turn_unreachable when nothing answers', async () => {
    const port = await freePort();
    const { video } = await service([`turn:127.0.0.1:${port}`], TURN_SECRET, 500).getStatus();
    expect(video).toMatchObject({
      ok: false,
      reason: 'turn_unreachable',
      turn: { configured: true, reachable: false, allocationMs: null },
    });
  });
});

describe.each(await dialects())('GET /api/system/status on %s (routes harness)', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await migrateToLatest(db.db, db.schema);
    app = await buildRoutesHarness({
      db: db.db,
      dialect,
      clock: new ManualClock(NOW),
      users: { admin: adminUser, advisor: advisorUser },
      redisUrl: REDIS_URL,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('refuses anonymous with 401 and a non-admin with 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/system/status' })).statusCode).toBe(401);
    const plain = await app.inject({
      method: 'GET',
      url: '/api/system/status',
      headers: { authorization: 'Bearer advisor' },
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('answers an admin with the live status', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/system/status',
      headers: { authorization: 'Bearer admin' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ success: true; data: SystemStatus }>().data;
    expect(data.database).toMatchObject({ ok: true, dialect });
    expect(data.redis).toMatchObject({ ok: true, configured: true });
    expect(data.websocket).toMatchObject({ connections: 0, connectedAdvisors: 0 });
  });

  it('reads the video provider through the settings service', async () => {
    await db.db
      .insertInto('settings')
      .values({
        section: 'video',
        value: JSON.stringify({ provider: 'daily', iceServers: [] }),
        updated_at: NOW,
        updated_by: null,
      })
      .execute();
    const res = await app.inject({
      method: 'GET',
      url: '/api/system/status',
      headers: { authorization: 'Bearer admin' },
    });
    expect(res.json<{ data: SystemStatus }>().data.video).toMatchObject({
      ok: false,
      reason: 'not_configured',
      provider: 'daily',
    });
    // the stored key stays on the server
    expect(res.body).not.toContain('apiKey');
  });
});

describe.each(await dialects())('GET /api/system/status through the full app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    t.clock.set(NOW);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/status' });
    expect(res.statusCode).toBe(401);
  });

  it('answers an admin session (resolved by the auth module)', async () => {
    const admin = await insertAdvisor(t.db.db, { name: 'Root', is_admin: 1 });
    const token = await insertSession(t.db.db, admin, t.clock.now());
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/system/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: SystemStatus }>().data.redis.configured).toBe(false);
  });
});
