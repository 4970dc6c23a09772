/**
 * `kill -9` of the real server with a pending offer, an active call and a settings save in flight,
 * then a restart on the same database: nothing lost or doubled, the restarted sweeper moves the
 * pending offer on, the active call is still active and ends exactly once, and the settings are the
 * old or the new ones entirely with at most one audit row for the save.
 */
import type { CallDetails, Settings } from '@belleza/contract';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import {
  ADMIN,
  call,
  closeSockets,
  connectAdvisor,
  createAdvisor,
  data,
  freePort,
  login,
  postgresDatabase,
  postgresReachable,
  randomName,
  recordOffers,
  requestCall,
  ServerProcess,
  setAvailable,
  sqliteDatabase,
  until,
  type FaultDatabase,
} from './harness.js';

const pgUp = await postgresReachable();
const cases: { dialect: 'sqlite' | 'postgres'; ports: [number, number] }[] = [
  { dialect: 'sqlite', ports: [4950, 4954] },
  ...(pgUp ? [{ dialect: 'postgres' as const, ports: [4955, 4959] as [number, number] }] : []),
];

/** The fields the in-flight save changes: some in each of three sections. */
const view = (s: Settings) => ({
  siteName: s.system.siteName,
  maxConcurrentCalls: s.system.maxConcurrentCalls,
  maxParticipants: s.daily.maxParticipants,
  pushNotifications: s.notifications.pushNotifications,
});

afterAll(() => closeSockets());

describe.concurrent('kill -9 and restart on the same database', () => {
  it.for(cases)(
    '$dialect: nothing lost or doubled, the offer proceeds, the call ends once',
    // two server starts and a 10 s offer timeout, on 2 cores shared with the other fault files
    { timeout: 60_000 },
    async ({ dialect, ports }, { expect }) => {
      const db: FaultDatabase = dialect === 'sqlite' ? sqliteDatabase() : await postgresDatabase();
      const server = new ServerProcess(await freePort(...ports), { DATABASE_URL: db.url });
      try {
        await scenario(server, expect, dialect);
      } finally {
        await server.stop();
        await db.drop();
      }
    },
  );
});

async function scenario(server: ServerProcess, expect: ExpectStatic, dialect: string) {
  const url = server.url;
  await server.start();
  const admin = await login(url, ADMIN.email, ADMIN.password);
  const token = admin.token;

  // Offers ring for the shortest allowed time (10 s), so the restarted sweeper expires one soon.
  const initial = await data<Settings>(url, 'GET', '/api/settings', { token });
  const before: Settings = { ...initial, system: { ...initial.system, callTimeout: 10 } };
  await data(url, 'PUT', '/api/settings', { token, body: before });

  const alba = await createAdvisor(url, token, 'Alba'); // in the active call
  const bea = await createAdvisor(url, token, 'Bea'); // rung by the pending offer
  const cruz = await createAdvisor(url, token, 'Cruz'); // online only after the restart

  // This test's own sockets (the other dialect's test runs alongside).
  const sockets = [await connectAdvisor(url, alba)];
  await setAvailable(url, alba);
  const active = await requestCall(url, 'Visitante Activa');
  expect(active.advisorId).toBe(alba.advisorId);
  await data(url, 'POST', `/api/calls/${active.callId}/accept`, {
    token: alba.token,
    body: { advisorId: alba.advisorId },
  });

  sockets.push(await connectAdvisor(url, bea));
  await setAvailable(url, bea);
  const pending = await requestCall(url, 'Visitante Pendiente');
  expect(pending.advisorId).toBe(bea.advisorId);
  expect(pending.status).toBe('pending');

  // The save in flight: sent, seen arriving by the server, then kill -9 without awaiting it.
  const after: Settings = {
    ...before,
    system: { ...before.system, siteName: randomName('Fault'), maxConcurrentCalls: 7 },
    daily: { ...before.daily, maxParticipants: 9 },
    notifications: {
      ...before.notifications,
      pushNotifications: !before.notifications.pushNotifications,
    },
  };
  const arrived = server.waitForLog(
    (l) => l.msg === 'incoming request' && l.req?.method === 'PUT' && l.req.url === '/api/settings',
  );
  const save = call(url, 'PUT', '/api/settings', { token, body: after }).then(
    (a) => a.status,
    (err: unknown) => `no answer (${String(err)})`,
  );
  await arrived;
  await server.kill9();
  const saveSeen = await save;
  for (const s of sockets.splice(0)) s.disconnect();

  const restartStarted = Date.now();
  await server.start();
  const restartMs = Date.now() - restartStarted;

  // Sessions survive: the admin's token from before the crash still works.
  const settings = await data<Settings>(url, 'GET', '/api/settings', { token });
  const applied = settings.system.siteName === after.system.siteName;
  // A save the server acknowledged is never lost.
  if (saveSeen === 200) expect(applied).toBe(true);
  expect(view(settings)).toEqual(view(applied ? after : before));
  expect(settings.system.callTimeout).toBe(10);
  const audit = await data<{ changes: unknown }[]>(
    url,
    'GET',
    '/api/audit?action=settings.update&limit=500',
    { token },
  );
  const saveRows = audit.filter((r) => JSON.stringify(r.changes).includes(after.system.siteName));
  expect(saveRows).toHaveLength(applied ? 1 : 0);

  // The active call is still active.
  const activeNow = await data<CallDetails>(url, 'GET', `/api/calls/${active.callId}`, { token });
  expect(activeNow.status).toBe('active');
  expect(activeNow.advisorId).toBe(alba.advisorId);

  // The pending offer proceeds: the restarted sweeper expires Bea's offer and rings Cruz.
  let offeredToCruz = new Set<string>();
  sockets.push(
    await connectAdvisor(url, cruz, (s) => {
      offeredToCruz = recordOffers(s);
    }),
  );
  await setAvailable(url, cruz);
  const rerouted = await until(
    'the pending call to ring Cruz',
    async () => {
      const c = await data<CallDetails>(url, 'GET', `/api/calls/${pending.callId}`, { token });
      return c.advisorId === cruz.advisorId && c.status === 'pending' ? c : undefined;
    },
    20_000,
    200,
  );
  const reroutedMs = Date.now() - restartStarted;
  expect(rerouted.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
    [bea.advisorId, 'timeout'],
    [cruz.advisorId, 'pending'],
  ]);
  // Moved on by the deadline, not before it.
  const [beaOffer] = rerouted.offers;
  expect(Date.parse(beaOffer!.respondedAt!)).toBeGreaterThanOrEqual(
    Date.parse(beaOffer!.expiresAt),
  );
  await until('call:new on Cruz’s socket', () => offeredToCruz.has(pending.callId), 5000);
  await data(url, 'POST', `/api/calls/${pending.callId}/accept`, {
    token: cruz.token,
    body: { advisorId: cruz.advisorId },
  });

  // The active call ends once: a second end is refused.
  const ended = await call<CallDetails>(url, 'POST', `/api/calls/${active.callId}/end`, {
    token: alba.token,
    body: {},
  });
  expect(ended.status).toBe(200);
  const again = await call(url, 'POST', `/api/calls/${active.callId}/end`, {
    token: alba.token,
    body: {},
  });
  expect([again.status, again.body.success ? null : again.body.error.code]).toEqual([
    409,
    'CALL_NOT_ACTIVE',
  ]);

  // Nothing doubled: exactly the two calls, each once.
  const list = await data<{ items: { callId: string; status: string }[]; total: number }>(
    url,
    'GET',
    '/api/calls?limit=100',
    { token },
  );
  expect(list.total).toBe(2);
  expect(Object.fromEntries(list.items.map((c) => [c.callId, c.status]))).toEqual({
    [active.callId]: 'completed',
    [pending.callId]: 'active',
  });

  for (const s of sockets) s.disconnect();
  console.info(
    `[faults] ${dialect}: save in flight ${saveSeen === 200 ? 'answered 200' : saveSeen}, after restart ${applied ? 'NEW' : 'OLD'} settings; restart ${restartMs} ms; offer re-routed ${reroutedMs} ms after restart (${JSON.stringify(rerouted.offers.map((o) => [o.outcome, o.offeredAt, o.expiresAt, o.respondedAt]))})`,
  );
}
