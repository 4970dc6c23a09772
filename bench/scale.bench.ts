/**
 * Where one instance and two stop: the built server (packages/server/dist) on PostgreSQL (a
 * throwaway database per configuration, dropped afterwards), first one instance, then two behind
 * Redis (127.0.0.1:6379, the Socket.IO adapter and the shared limits), each under a rising load of
 * connected stylists (up to 2,000 sockets), waiting visitors (up to 5,000 sockets) and call
 * requests per second. Each step holds its load for STEP_SECONDS and measures request → ring
 * (POST /api/calls/request sent → the offered stylist's socket receives 'call:new'); the run of a
 * configuration stops at the first step whose ring p99 passes 250 ms or that has errors (a request
 * refused, a socket refused, a call that never rang), and the knee is the last step before it.
 *
 * Floor, same run, same steps: a bare Socket.IO server in a process of its own (no HTTP routes,
 * no database), one client sending emit→ack round trips at the step's request rate.
 *
 * The stylists behave like the dashboard: heartbeat every 5 s; on 'call:new' they accept at once
 * and end the call HOLD_MS later (socket events), so the calls in progress stay under the
 * settings' largest global limit (50). Every client connects from its own loopback address
 * (bench/support/loopback.ts) and every request carries its own phone, so the per-address and
 * per-phone limits stay at their defaults; only the global per-minute cap on new calls is raised
 * (CALL_REQUEST_GLOBAL_LIMIT), since many calls a minute is the load under test.
 *
 *   npm run bench:scale     (builds first; BENCH_STEP_SECONDS (12), BENCH_SCALE_CONFIGS=1,2,
 *                            BENCH_P99_LIMIT_MS (250) to see past the knee on a loaded machine;
 *                            BENCH_SMOKE=1: one small step per configuration, seconds)
 *
 * Bounded: it stops by itself after CAP_MS (10 minutes) whatever happened, always stopping the
 * servers and dropping its databases. It exits non-zero only when the flow breaks before any step
 * (a server that does not start, PostgreSQL or Redis unreachable under CI).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import pg from 'pg';
import {
  HEARTBEAT_INTERVAL_MS,
  defaultSettings,
  defaultWorkingHours,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@belleza/contract';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/kysely.js';
import { hashSecret, newSecret } from '../packages/server/src/lib/ids.js';
import { agentFor, closeAgents, fromAddress, loopbackAddress } from './support/loopback.js';
import { setting, SMOKE } from './support/smoke.js';

type Step = { stylists: number; visitors: number; rate: number };
const FULL_STEPS: Step[] = [
  { stylists: 20, visitors: 50, rate: 1 },
  { stylists: 100, visitors: 250, rate: 2 },
  { stylists: 100, visitors: 250, rate: 5 },
  { stylists: 500, visitors: 1250, rate: 10 },
  { stylists: 1000, visitors: 2500, rate: 20 },
  { stylists: 2000, visitors: 5000, rate: 30 },
  { stylists: 2000, visitors: 5000, rate: 45 },
  { stylists: 2000, visitors: 5000, rate: 60 },
  { stylists: 2000, visitors: 5000, rate: 80 },
];
const STEPS: Step[] = SMOKE ? [{ stylists: 6, visitors: 10, rate: 4 }] : FULL_STEPS;
const STEP_SECONDS = setting('BENCH_STEP_SECONDS', 12, 2);
const HOLD_MS = 300;
const P99_LIMIT_MS = setting('BENCH_P99_LIMIT_MS', 250, 250);
const CAP_MS = 10 * 60_000;
const CONFIGS = (process.env.BENCH_SCALE_CONFIGS ?? '1,2').split(',').map(Number);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = resolve(import.meta.dirname, '..');
const MAX_STYLISTS = Math.max(...STEPS.map((s) => s.stylists));

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Instance = { child: ChildProcess; port: number; url: string };
type Usage = { cpuPct: number; rssMb: number; lagP99Ms: number };
type Figures = Step & {
  sent: number;
  p50: number;
  p99: number;
  floorP99: number;
  errors: number;
  errorKinds: Record<string, number>;
  maxInProgress: number;
  usage: Usage[];
  host: HostShare;
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

// ------------------------------------------------------------------ the floor (child process)

function serveFloor(): void {
  const http = createHttpServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('echo', (payload: unknown, ack: (p: unknown) => void) => ack(payload));
  });
  http.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (http.address() as AddressInfo).port });
  });
}

// ------------------------------------------------------------------ setup

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => done(port));
    });
  });
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Stylists and their session tokens, straight into the tables; settings at their largest. */
async function seed(url: string): Promise<{ id: string; token: string }[]> {
  const handle = openDatabase(url, { poolSize: 2 });
  await migrateToLatest(handle.db);
  const now = new Date();
  const iso = now.toISOString();
  const stylists = Array.from({ length: MAX_STYLISTS }, (_, i) => ({
    id: `adv_scale_${i}`,
    token: newSecret(),
  }));
  for (let i = 0; i < stylists.length; i += 200) {
    const part = stylists.slice(i, i + 200);
    await handle.db
      .insertInto('advisors')
      .values(
        part.map((s, j) => ({
          id: s.id,
          name: `Estilista ${i + j}`,
          email: `estilista${i + j}@scale.test`,
          password_hash: 'x',
          status: 'available' as const,
          status_reason: null,
          is_admin: 0,
          show_on_landing: 0,
          title: '',
          phone: '',
          bio: '',
          timezone: 'America/Lima',
          expertise: '[]',
          auto_accept_calls: 0,
          max_concurrent_calls: 1,
          working_hours: JSON.stringify(defaultWorkingHours),
          missed_offers_in_row: 0,
          last_call_ended_at: null,
          suspended_at: null,
          created_at: iso,
          updated_at: iso,
          deleted_at: null,
        })),
      )
      .execute();
    await handle.db
      .insertInto('advisor_sessions')
      .values(
        part.map((s) => ({
          id: `ses_${s.id}`,
          advisor_id: s.id,
          token_hash: hashSecret(s.token),
          created_at: iso,
          expires_at: new Date(now.getTime() + 24 * 3600_000).toISOString(),
          last_used_at: iso,
          revoked_at: null,
        })),
      )
      .execute();
  }
  await handle.db
    .insertInto('settings')
    .values({
      section: 'system',
      value: JSON.stringify({ ...defaultSettings.system, maxConcurrentCalls: 50, callTimeout: 60 }),
      updated_at: iso,
      updated_by: null,
    })
    .execute();
  await handle.close();
  return stylists;
}

async function startInstance(databaseUrl: string, redis: boolean): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      ...(redis ? { REDIS_URL } : { REDIS_URL: '' }),
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      CALL_REQUEST_GLOBAL_LIMIT: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/system/status`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return { child, port, url };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 30 s');
}

async function stopInstance(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
  await exited;
  clearTimeout(timer);
}

// ------------------------------------------------------------------ per-instance usage

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function processUsage(pid: number): { cpuS: number; rssMb: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuS: ticks / 100, rssMb: Number(rss?.[1] ?? 0) / 1024 };
  } catch {
    return { cpuS: Number.NaN, rssMb: Number.NaN };
  }
}

/**
 * What the rest of the machine spent in a step, to tell where the limit is: CPU seconds of every
 * PostgreSQL and Redis process on the host (by /proc/PID/comm), of this process (the clients and
 * the floor's client), and the whole machine's idle seconds (/proc/stat, all cores).
 */
type HostUsage = { postgresS: number; redisS: number; benchS: number; idleS: number };
function hostUsage(): HostUsage {
  let postgresS = 0;
  let redisS = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue; // gone meanwhile
    }
    if (comm === 'postgres') postgresS += processUsage(Number(entry)).cpuS || 0;
    else if (comm === 'redis-server') redisS += processUsage(Number(entry)).cpuS || 0;
  }
  const cpu = process.cpuUsage();
  const idle = /^cpu\s+(?:\d+\s+){3}(\d+)/m.exec(readFileSync('/proc/stat', 'utf8'));
  return {
    postgresS,
    redisS,
    benchS: (cpu.user + cpu.system) / 1e6,
    idleS: Number(idle?.[1] ?? Number.NaN) / 100,
  };
}
type HostShare = { postgresPct: number; redisPct: number; benchPct: number; idlePct: number };
const hostShare = (a: HostUsage, b: HostUsage, seconds: number): HostShare => ({
  postgresPct: ((b.postgresS - a.postgresS) / seconds) * 100,
  redisPct: ((b.redisS - a.redisS) / seconds) * 100,
  benchPct: ((b.benchS - a.benchS) / seconds) * 100,
  // of all cores together: 100 % is the whole machine idle
  idlePct: ((b.idleS - a.idleS) / seconds / cpus().length) * 100,
});

/** The event loop's p99 delay since the last scrape (prom-client resets it), ms. */
async function lagP99Ms(instance: Instance): Promise<number> {
  const text = await fetch(`${instance.url}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const m = /^nodejs_eventloop_lag_p99_seconds\s+([\d.e+-]+)/m.exec(text);
  return m ? Number(m[1]) * 1000 : Number.NaN;
}

// ------------------------------------------------------------------ clients

let addressCounter = 0;
const nextAddress = () => loopbackAddress(addressCounter++);

function openSocket(url: string, token?: string): Promise<Client> {
  const socket: Client = connect(url, {
    ...fromAddress(nextAddress()),
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
    ...(token ? { auth: { token } } : {}),
  });
  return new Promise((done, fail) => {
    if (token) socket.once('advisor:connected', () => done(socket));
    else socket.once('connect', () => done(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      fail(err);
    });
  });
}

function postRequest(
  url: string,
  index: number,
): Promise<{ status: number; callId: string | null; code: string | null }> {
  const address = nextAddress();
  const body = JSON.stringify({
    name: `Visitante ${index}`,
    phone: `+51 9${String(10_000_000 + index).padStart(8, '0')}`,
    consent: true,
  });
  return new Promise((done) => {
    const req = httpRequest(
      `${url}/api/calls/request`,
      {
        method: 'POST',
        agent: agentFor(address),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString()) as {
              data?: { callId: string };
              error?: { code: string };
            };
            done({
              status: res.statusCode ?? 0,
              callId: parsed.data?.callId ?? null,
              code: parsed.error?.code ?? null,
            });
          } catch {
            done({ status: res.statusCode ?? 0, callId: null, code: 'BAD_JSON' });
          }
        });
      },
    );
    req.on('error', (err) => done({ status: 0, callId: null, code: err.message.slice(0, 40) }));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

// ------------------------------------------------------------------ one configuration

async function runConfig(
  count: number,
  databaseUrl: string,
  stylists: { id: string; token: string }[],
  floorUrl: string,
  deadline: number,
): Promise<Figures[]> {
  const instances: Instance[] = [];
  const sockets: Client[] = [];
  const timers: NodeJS.Timeout[] = [];
  const ringAt = new Map<string, number>();
  let inProgress = 0;
  const figures: Figures[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startInstance(databaseUrl, count > 1));
    const floor = await openSocket(floorUrl);
    sockets.push(floor);
    const on = (n: number) => instances[n % instances.length] as Instance;
    let stylistsUp = 0;
    let visitorsUp = 0;
    let requestIndex = 0;
    const connectErrors = new Map<string, number>();
    const countError = (kind: string) =>
      connectErrors.set(kind, (connectErrors.get(kind) ?? 0) + 1);

    for (const step of STEPS) {
      if (performance.now() > deadline) {
        console.log('  (time cap reached: no further steps)');
        break;
      }
      connectErrors.clear();
      // Bring the sockets up to the step's level, 100 at a time.
      while (stylistsUp < step.stylists) {
        const batch = stylists.slice(stylistsUp, Math.min(step.stylists, stylistsUp + 100));
        const opened = await Promise.allSettled(
          batch.map((s, j) => openSocket(on(stylistsUp + j).url, s.token)),
        );
        stylistsUp += batch.length;
        for (const [j, r] of opened.entries()) {
          if (r.status === 'rejected') {
            countError(`stylist socket: ${(r.reason as Error).message}`);
            continue;
          }
          const socket = r.value;
          const advisorId = batch[j]?.id ?? '';
          sockets.push(socket);
          timers.push(setInterval(() => socket.emit('ping'), HEARTBEAT_INTERVAL_MS));
          socket.on('call:new', (call) => {
            if (!ringAt.has(call.callId)) ringAt.set(call.callId, performance.now());
            void socket
              .timeout(10_000)
              .emitWithAck('call:accept', { callId: call.callId, advisorId })
              .then(async () => {
                inProgress += 1;
                await sleep(HOLD_MS);
                await socket.timeout(10_000).emitWithAck('call:end', { callId: call.callId });
              })
              .catch(() => undefined)
              .finally(() => (inProgress = Math.max(0, inProgress - 1)));
          });
        }
      }
      while (visitorsUp < step.visitors) {
        const n = Math.min(step.visitors, visitorsUp + 200) - visitorsUp;
        const opened = await Promise.allSettled(
          Array.from({ length: n }, (_, j) => openSocket(on(visitorsUp + j).url)),
        );
        visitorsUp += n;
        for (const r of opened) {
          if (r.status === 'fulfilled') sockets.push(r.value);
          else countError(`visitor socket: ${(r.reason as Error).message}`);
        }
      }

      // The step: requests at `rate` per second for STEP_SECONDS, floor round trips beside them.
      await lagP99Ms(instances[0] as Instance); // resets the lag histograms
      for (const inst of instances.slice(1)) await lagP99Ms(inst);
      const before = instances.map((inst) => processUsage(inst.child.pid ?? 0));
      const hostBefore = hostUsage();
      const stepStart = performance.now();
      const sentAt = new Map<string, number>();
      const errors = new Map(connectErrors);
      const floorTimes: number[] = [];
      let maxInProgress = 0;
      const pending: Promise<void>[] = [];
      const total = Math.round(step.rate * STEP_SECONDS);
      for (let i = 0; i < total; i++) {
        const wait = stepStart + (i * 1000) / step.rate - performance.now();
        if (wait > 0) await sleep(wait);
        maxInProgress = Math.max(maxInProgress, inProgress);
        const t0 = performance.now();
        const index = requestIndex++;
        pending.push(
          postRequest(on(index).url, index).then((r) => {
            if (r.status === 201 && r.callId) sentAt.set(r.callId, t0);
            else {
              const kind = `HTTP ${r.status} ${r.code ?? ''}`.trim();
              errors.set(kind, (errors.get(kind) ?? 0) + 1);
            }
          }),
        );
        const f0 = performance.now();
        pending.push(
          (floor as unknown as Socket)
            .timeout(10_000)
            .emitWithAck('echo', { t: f0 })
            .then(
              () => void floorTimes.push(performance.now() - f0),
              () => undefined,
            ),
        );
      }
      await Promise.all(pending);
      const waitUntil = performance.now() + 10_000;
      while (performance.now() < waitUntil && [...sentAt.keys()].some((id) => !ringAt.has(id)))
        await sleep(50);
      const elapsedS = (performance.now() - stepStart) / 1000;
      const latencies = [...sentAt].flatMap(([id, t0]) => {
        const t1 = ringAt.get(id);
        return t1 === undefined ? [] : [t1 - t0];
      });
      const neverRang = sentAt.size - latencies.length;
      if (neverRang > 0) errors.set('never rang', neverRang);
      const usage = await Promise.all(
        instances.map(async (inst, n) => {
          const now = processUsage(inst.child.pid ?? 0);
          return {
            cpuPct: ((now.cpuS - (before[n]?.cpuS ?? 0)) / elapsedS) * 100,
            rssMb: now.rssMb,
            lagP99Ms: await lagP99Ms(inst),
          };
        }),
      );
      const host = hostShare(hostBefore, hostUsage(), elapsedS);
      const result: Figures = {
        ...step,
        host,
        sent: total,
        p50: pct(latencies, 50),
        p99: pct(latencies, 99),
        floorP99: pct(floorTimes, 99),
        errors: [...errors.values()].reduce((a, b) => a + b, 0),
        errorKinds: Object.fromEntries(errors),
        maxInProgress,
        usage,
      };
      figures.push(result);
      printStep(result);
      if (result.errors > 0 || !(result.p99 <= P99_LIMIT_MS)) break;
    }
  } finally {
    for (const t of timers) clearInterval(t);
    for (const s of sockets) s.disconnect();
    closeAgents();
    await Promise.all(instances.map(stopInstance));
  }
  return figures;
}

const fmt = (n: number, d = 0) => (Number.isNaN(n) ? '—' : n.toFixed(d));

function printStep(f: Figures): void {
  const usage = f.usage
    .map((u) => `${fmt(u.cpuPct)}% CPU ${fmt(u.rssMb)} MB lag ${fmt(u.lagP99Ms, 1)} ms`)
    .join(' | ');
  const errs = f.errors ? `  errors ${JSON.stringify(f.errorKinds)}` : '';
  const h = f.host;
  console.log(
    `  ${String(f.stylists).padStart(5)} stylists ${String(f.visitors).padStart(5)} visitors ${String(f.rate).padStart(3)}/s` +
      `  ring p50 ${fmt(f.p50, 1).padStart(6)} p99 ${fmt(f.p99, 1).padStart(6)} ms  floor p99 ${fmt(f.floorP99, 1).padStart(5)} ms` +
      `  in progress ≤${f.maxInProgress}  [${usage}]` +
      `  PostgreSQL ${fmt(h.postgresPct)}% Redis ${fmt(h.redisPct)}% clients ${fmt(h.benchPct)}% ` +
      `machine idle ${fmt(h.idlePct)}%${errs}`,
  );
}

function printKnee(label: string, figures: Figures[]): void {
  const passing = figures.filter((f) => f.errors === 0 && f.p99 <= P99_LIMIT_MS);
  const knee = passing.at(-1);
  const stop = figures.find((f) => !passing.includes(f));
  if (!knee) {
    console.log(`${label}: no step passed (ring p99 ≤ ${P99_LIMIT_MS} ms, no errors)`);
    return;
  }
  const usage = knee.usage
    .map(
      (u, n) =>
        `instance ${n + 1}: ${fmt(u.cpuPct)}% CPU, ${fmt(u.rssMb)} MB, event-loop lag p99 ${fmt(u.lagP99Ms, 1)} ms`,
    )
    .join('; ');
  console.log(
    `${label}: knee at ${knee.stylists + knee.visitors} sockets (${knee.stylists} stylists + ${knee.visitors} visitors), ` +
      `${knee.rate} requests/s, ≤${knee.maxInProgress} calls in progress; ring p50 ${fmt(knee.p50, 1)} / p99 ${fmt(knee.p99, 1)} ms ` +
      `(floor p99 ${fmt(knee.floorP99, 1)} ms); ${usage}; PostgreSQL ${fmt(knee.host.postgresPct)}% CPU, ` +
      `Redis ${fmt(knee.host.redisPct)}%, machine idle ${fmt(knee.host.idlePct)}%` +
      (stop
        ? `\n  next step (${stop.rate}/s) stopped it: ring p99 ${fmt(stop.p99, 1)} ms, ${stop.errors} errors`
        : '\n  (the largest step passed: the knee lies beyond this run)'),
  );
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  if (process.argv.includes('--floor')) {
    serveFloor();
    return;
  }
  const started = performance.now();
  const deadline = started + CAP_MS - 90_000;
  const cap = setTimeout(() => {
    console.error(`!!! bench:scale stopped at its ${CAP_MS / 60_000}-minute cap`);
    process.exit(1);
  }, CAP_MS);
  cap.unref();
  console.log(
    `bench:scale — steps ${STEPS.map((s) => `${s.stylists}+${s.visitors}@${s.rate}/s`).join(', ')}; ` +
      `${STEP_SECONDS} s each; stop at ring p99 > ${P99_LIMIT_MS} ms or errors; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  const ci = process.env.CI === 'true';
  // Each configuration starts on a database of its own: the calls a step left open (the last
  // step is the one that overran) must not fill the next configuration's queue.
  const run = Date.now().toString(36);
  const databases: string[] = [];
  const freshDatabase = async (count: number): Promise<string> => {
    const name = `belleza_scale_${run}_${count}`;
    await admin(`create database ${name}`);
    databases.push(name);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    await admin('select 1');
  } catch (err) {
    console.error(`!!! PostgreSQL at ${PG_URL} unreachable: bench:scale skipped (${String(err)})`);
    if (ci) process.exitCode = 1;
    return;
  }
  const floorChild = fork(fileURLToPath(import.meta.url), ['--floor'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const floorPort = await new Promise<number>((done, fail) => {
      floorChild.once('message', (m) => done((m as { port: number }).port));
      floorChild.once('exit', (code) => fail(new Error(`floor exited with ${code}`)));
    });
    const redis = await redisReachable();
    const results: [string, Figures[]][] = [];
    for (const count of CONFIGS) {
      if (count > 1 && !redis) {
        console.error(`!!! Redis at ${REDIS_URL} unreachable: ${count} instances skipped`);
        if (ci) process.exitCode = 1;
        continue;
      }
      const label =
        count === 1 ? '1 instance, PostgreSQL' : `${count} instances, PostgreSQL + Redis`;
      console.log(`\n${label}`);
      const url = await freshDatabase(count);
      const stylists = await seed(url);
      results.push([
        label,
        await runConfig(count, url, stylists, `http://127.0.0.1:${floorPort}`, deadline),
      ]);
    }
    console.log('');
    for (const [label, figures] of results) printKnee(label, figures);
    // Smoke mode judges the flow, not the figures: its one small step must pass cleanly.
    if (SMOKE && results.some(([, f]) => f.length === 0 || f.some((x) => x.errors > 0))) {
      console.error('!!! bench:scale broken: a smoke step had errors');
      process.exitCode = 1;
    }
    console.log(
      `\nload average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' ',
        )}, ${process.platform} ${process.version}; ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    floorChild.kill('SIGTERM');
    for (const name of databases)
      await admin(`drop database if exists ${name} with (force)`).catch((err: unknown) =>
        console.error(`could not drop ${name}:`, err),
      );
  }
}

await main();
// Sockets, agents and timers of a stopped run must not keep the bench alive (the floor stays up).
if (!process.argv.includes('--floor')) process.exit(process.exitCode ?? 0);
