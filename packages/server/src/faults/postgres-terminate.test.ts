/**
 * PostgreSQL connections terminated under a running app: requests answer 503 and the pool recovers
 * without a restart (decisions.md, "A database that goes away"). Only the app's own connections are
 * cut (they carry `application_name=<its schema>`, see harness `postgresDatabase`). Requests
 * certainly in flight are made by holding a lock on the settings table from another connection, so
 * GET /api/settings waits inside the database when the cut comes. Wanted: the app recovers without
 * a restart, and every request in between answers within 5 s, 200 or a clear JSON error (503, not
 * 500 INTERNAL_ERROR).
 *
 * Found by these tests (2026-11-25, fixed in a127d13): the process died (no 'error' listener on the
 * pg pool: "terminating connection due to administrator command", SQLSTATE 57P01, was an
 * unhandled 'error' event), and requests in flight answered 500 INTERNAL_ERROR; now they answer
 * 503 DATABASE_UNAVAILABLE and the app recovers at once.
 *
 * Cuts under a write load used to kill the process ("Unhandled 'error' event … Connection
 * terminated unexpectedly … on Client instance"): the pool's 'error' listener covers idle clients
 * only, and a client checked out (inside a transaction) had none. openDatabase now listens on
 * every client as it connects.
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

/** The built server on a fresh schema, signed in as the admin, with one advisor. */
async function startOnFreshSchema() {
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
  return { server, token, advisor, appName };
}

/** A fresh app on a fresh schema; the cut made with IN_FLIGHT requests waiting in the database. */
async function cutUnderLoad() {
  const { server, token, advisor, appName } = await startOnFreshSchema();
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
  it('recovers without a restart, every request in between answers in JSON within 5 s', async () => {
    const { server, token, cut, after } = await cutUnderLoad();
    for (const o of [...cut, ...after]) {
      expect(o).toMatchObject({ answered: true });
      if (o.answered && o.status !== 200) expect(typeof o.code).toBe('string');
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
  });

  it('a request whose connection is cut answers 503 DATABASE_UNAVAILABLE, not 500', async () => {
    const { cut } = await cutUnderLoad();
    // They were waiting inside the database when their connections went: each of them failed.
    expect(cut.map((o) => (o.answered ? [o.status, o.code] : o.error))).toEqual(
      Array.from({ length: IN_FLIGHT }, () => [503, 'DATABASE_UNAVAILABLE']),
    );
  });

  it('survives repeated cuts under a write load: every request answers 2xx or 503, the process stays up', async () => {
    const { server, token, advisor, appName } = await startOnFreshSchema();
    const seen = new Map<string, number>();
    for (let round = 0; round < 8; round++) {
      const load = Array.from({ length: 12 }, (_, i) =>
        outcome(
          i % 3 === 0
            ? call(server.url, 'POST', '/api/callbacks', {
                body: { name: `Carga ${round}-${i}`, phone: '+51 999 888 777', consent: true },
              })
            : i % 3 === 1
              ? call(server.url, 'POST', `/api/advisors/${advisor.advisorId}/status`, {
                  token,
                  body: { status: i % 2 ? 'available' : 'busy' },
                })
              : call(server.url, 'GET', '/api/calls/stats', { token }),
        ),
      );
      await terminateConnections(appName);
      for (const o of await Promise.all(load)) {
        const key = o.answered ? `${o.status}${o.code ? ` ${o.code}` : ''}` : o.error;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    console.info(
      `[faults] postgres: 8 cuts under load: ${JSON.stringify([...seen])}; process ${server.running ? 'up' : 'GONE'}`,
    );
    if (!server.running)
      console.info(
        `[faults] postgres: the server died: ${server.stderr
          .join('')
          .split('\n')
          .filter((l) => /Error|error|code:/.test(l) && !/^\s+at /.test(l))
          .slice(0, 6)
          .join(' | ')}`,
      );
    expect([...seen.keys()].filter((k) => !/^(200|201|503 DATABASE_UNAVAILABLE)$/.test(k))).toEqual(
      [],
    );
    expect(server.running).toBe(true);
  });
});
