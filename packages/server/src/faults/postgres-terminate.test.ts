/**
 * PostgreSQL connections terminated under a running app (issue 13 §4). Only the app's own
 * connections are cut (they carry `application_name=<its schema>`, see harness
 * `postgresDatabase`). Requests certainly in flight are made by holding a lock on the settings
 * table from another connection, so GET /api/settings waits inside the database when the cut
 * comes. Wanted: the app recovers without a restart, and every request in between answers within
 * 5 s, 200 or a clear JSON error (503, not 500 INTERNAL_ERROR).
 *
 * KNOWN FAILURES (findings, 2026-11-25), hence `it.fails` until fixed (vitest then reports the
 * test as passing unexpectedly, and `it.fails` becomes `it`):
 * 1. The server process dies. The pg pool behind Kysely (db/kysely.ts `openDatabase`) has no
 *    'error' listener on the pool (idle connections) nor on checked-out clients, so the first
 *    terminated connection ("terminating connection due to administrator command", SQLSTATE
 *    57P01, or "Connection terminated unexpectedly") is an unhandled 'error' event on BoundPool /
 *    Client and the process exits; every later request fails to connect.
 * 2. With (1) fixed (`pool.on('error')` + `pool.on('connect', c => c.on('error'))`, tried on a
 *    patched copy of the build), the app recovers at once, but the requests in flight answer
 *    500 INTERNAL_ERROR (the DatabaseError 57P01 reaches the error handler unmapped).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  call,
  connectionCount,
  createAdvisor,
  freePort,
  lockTable,
  login,
  postgresDatabase,
  postgresReachable,
  ServerProcess,
  terminateConnections,
  until,
  waitingOnLock,
  type Answer,
  type FaultDatabase,
} from './harness.js';

const pgUp = await postgresReachable();

type Outcome =
  | { answered: true; status: number; code: string | null; ms: number }
  | { answered: false; error: string };

const outcome = (p: Promise<Answer>): Promise<Outcome> =>
  p.then(
    (a) => ({
      answered: true,
      status: a.status,
      code: a.body.success ? null : a.body.error.code,
      ms: a.ms,
    }),
    (err: unknown) => ({ answered: false, error: String(err) }),
  );

const show = (os: Outcome[]) =>
  os.map((o) => (o.answered ? `${o.status}${o.code ? ` ${o.code}` : ''}` : o.error)).join(', ');

const IN_FLIGHT = 3;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A fresh app on a fresh schema; the cut made with IN_FLIGHT requests waiting in the database. */
async function cutUnderLoad() {
  const db: FaultDatabase = await postgresDatabase();
  const server = new ServerProcess(await freePort(4960, 4963), { DATABASE_URL: db.url });
  cleanup = async () => {
    await server.stop();
    await db.drop();
  };
  await server.start();
  const { token } = await login(server.url, ADMIN.email, ADMIN.password);
  const advisor = await createAdvisor(server.url, token, 'Rosa');
  const appName = db.schema!;
  const reads = () =>
    [
      call(server.url, 'GET', '/api/calls/stats', { token }),
      call(server.url, 'GET', `/api/advisors/${advisor.advisorId}`, { token }),
      call(server.url, 'GET', '/api/availability'),
    ].map(outcome);
  await Promise.all(reads());
  expect(await connectionCount(appName)).toBeGreaterThan(0);

  const lock = await lockTable(appName, 'settings');
  let inFlight: Promise<Outcome>[];
  let killed: number;
  try {
    inFlight = Array.from({ length: IN_FLIGHT }, () =>
      outcome(call(server.url, 'GET', '/api/settings', { token })),
    );
    await until('the requests to wait in the database', async () =>
      (await waitingOnLock(appName)) >= IN_FLIGHT ? true : undefined,
    );
    killed = await terminateConnections(appName);
  } finally {
    await lock.release();
  }
  const cut = await Promise.all(inFlight);
  const after = await Promise.all(reads());
  console.info(
    `[faults] postgres: ${killed} app connections cut; in flight: ${show(cut)}; right after: ${show(after)}; process ${server.running ? 'up' : 'GONE'}`,
  );
  expect(killed).toBeGreaterThanOrEqual(IN_FLIGHT);
  return { server, token, cut, after };
}

describe.skipIf(!pgUp)('PostgreSQL connections terminated under a running app', () => {
  it.fails(
    'KNOWN FAILURE (process dies): recovers without a restart, every request in between answers in JSON within 5 s',
    async () => {
      const { server, token, cut, after } = await cutUnderLoad();
      for (const o of [...cut, ...after]) {
        expect(o).toMatchObject({ answered: true });
        if (o.answered && o.status !== 200) expect(o.code).toEqual(expect.any(String));
      }
      const cutAt = Date.now();
      await until(
        'the app to answer from the database again',
        async () => (await call(server.url, 'GET', '/api/settings', { token })).status === 200,
        10_000,
        100,
      );
      console.info(`[faults] postgres: recovered ${Date.now() - cutAt} ms after the cut`);
      const callback = await call(server.url, 'POST', '/api/callbacks', {
        body: { name: 'Visitante', phone: '+51 999 888 777', consent: true },
      });
      expect(callback.status).toBe(201);
      expect(server.running).toBe(true);
    },
  );

  it.fails(
    'KNOWN FAILURE (500 INTERNAL_ERROR): a request whose connection is cut answers 503, not 500',
    async () => {
      const { cut } = await cutUnderLoad();
      for (const o of cut) {
        expect(o).toMatchObject({ answered: true });
        if (o.answered) expect([o.status, o.code]).not.toEqual([500, 'INTERNAL_ERROR']);
        if (o.answered && o.status !== 200) expect(o.status).toBe(503);
      }
    },
  );
});
