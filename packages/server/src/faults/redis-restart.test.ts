/**
 * Redis restarted under two app instances: while it is gone both instances keep answering HTTP (the
 * rate limits skip on Redis errors) within bounded time, and once it is back the realtime fan-out
 * works again: an advisor's socket on instance A gets `call:new` for a call requested on instance
 * B. The Redis is the test's own (the shared one is never touched).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ADVISOR_PASSWORD,
  call,
  closeSockets,
  connectAdvisor,
  createAdvisor,
  freePort,
  login,
  postgresDatabase,
  postgresReachable,
  recordOffers,
  RedisProcess,
  requestCall,
  ServerProcess,
  setAvailable,
  until,
  type FaultDatabase,
} from './harness.js';

const pgUp = await postgresReachable();

/** Both instances have their rate-limit client, socket.io publisher and subscriber connected. */
async function bothInstancesOnRedis(redis: RedisProcess): Promise<void> {
  await until(
    'both instances to be connected (and subscribed) to Redis again',
    async () => {
      const clients = await redis.clients();
      const subscribers = clients.filter((c) => Number(c.sub) > 0 || Number(c.psub) > 0);
      // CLIENT LIST includes the asking connection itself.
      return clients.length - 1 >= 6 && subscribers.length >= 2;
    },
    15_000,
    100,
  );
}

describe.skipIf(!pgUp)('Redis restarted under a two-instance app', () => {
  let db: FaultDatabase;
  let redis: RedisProcess;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    db = await postgresDatabase();
    redis = new RedisProcess(await freePort(6391, 6399));
    await redis.start();
    const portA = await freePort(4964, 4969);
    const env = { DATABASE_URL: db.url, REDIS_URL: redis.url };
    a = new ServerProcess(portA, env);
    await a.start();
    b = new ServerProcess(await freePort(portA + 1, 4969), env);
    await b.start();
  });

  afterAll(async () => {
    closeSockets();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await redis?.kill();
    await db?.drop();
  });

  it(
    'keeps answering while Redis is gone, and fans out again once it is back',
    { timeout: 45_000 },
    async () => {
      const admin = await login(a.url, ADMIN.email, ADMIN.password);
      const eva = await createAdvisor(a.url, admin.token, 'Eva');
      const flor = await createAdvisor(a.url, admin.token, 'Flor');
      let evaOffers = new Set<string>();
      let florOffers = new Set<string>();
      await connectAdvisor(a.url, eva, (s) => (evaOffers = recordOffers(s)));
      await connectAdvisor(a.url, flor, (s) => (florOffers = recordOffers(s)));
      await setAvailable(a.url, eva);
      await bothInstancesOnRedis(redis);

      // Before: a call requested on B rings Eva's socket on A.
      const first = await requestCall(b.url, 'Visitante Uno');
      expect(first.advisorId).toBe(eva.advisorId);
      await until(
        'call:new on A for a call requested on B',
        () => evaOffers.has(first.callId),
        5000,
      );

      // Redis goes away (kill -9); both instances have noticed before they are asked.
      const noticed = [a, b].map((s) =>
        s.waitForLog((l) => typeof l.msg === 'string' && /^redis \(.*\) error$/.test(l.msg), 5000),
      );
      await redis.kill();
      await Promise.all(noticed);
      const outage = await Promise.all(
        [a, b].flatMap((s) => [
          call(s.url, 'GET', '/api/availability'),
          call(s.url, 'POST', '/api/advisors/login', {
            body: { email: flor.email, password: ADVISOR_PASSWORD },
          }),
          call(s.url, 'POST', '/api/callbacks', {
            body: { name: 'Sin Redis', phone: '+51 999 888 777', consent: true },
          }),
          call(s.url, 'GET', '/api/calls/stats', { token: admin.token }),
        ]),
      );
      const statuses = outage.map((r) => r.status);
      expect(statuses).toEqual([200, 200, 201, 200, 200, 200, 201, 200]);
      const slowestOutageMs = Math.max(...outage.map((r) => r.ms));
      expect(slowestOutageMs).toBeLessThan(5000);

      // Redis comes back on the same port, empty; both instances reconnect on their own.
      const backAt = Date.now();
      await redis.start();
      await bothInstancesOnRedis(redis);
      const reconnectMs = Date.now() - backAt;

      // After: fan-out works again, both ways of the request path (HTTP on B, socket on A).
      await setAvailable(a.url, flor);
      const second = await requestCall(b.url, 'Visitante Dos');
      expect(second.advisorId).toBe(flor.advisorId);
      const fanOutAt = Date.now();
      await until('call:new on A after Redis is back', () => florOffers.has(second.callId), 5000);
      const fanOutMs = Date.now() - fanOutAt;
      for (const s of [a, b]) {
        const r = await call(s.url, 'POST', '/api/advisors/login', {
          body: { email: flor.email, password: ADVISOR_PASSWORD },
        });
        expect(r.status).toBe(200);
      }
      expect(a.running && b.running).toBe(true);

      console.info(
        `[faults] redis: during the outage ${statuses.join(',')} (slowest ${slowestOutageMs} ms); instances back on Redis ${reconnectMs} ms after it restarted; call:new across instances in ${fanOutMs} ms`,
      );
    },
  );
});
