/**
 * Offer latency: from sending POST /api/calls/request to the chosen advisor's socket receiving
 * 'call:new', with 500 advisor sockets connected and available, 2,000 requests at a steady rate,
 * one server on SQLite (temp file) in a child process, everything on loopback.
 *
 * Baseline measured in the same run, under the same load: a bare Socket.IO emit→ack round trip
 * against a plain Socket.IO server living in the same server process (no HTTP, no database).
 *
 *   npm run bench:notify          (BENCH_ADVISORS, BENCH_REQUESTS, BENCH_RATE per second to vary;
 *                                  BENCH_CPU_PROF=<dir> profiles the server process;
 *                                  BENCH_SMOKE=1: 20 advisors, 20 requests, a few seconds)
 *
 * Each advisor socket connects from its own loopback address (bench/support/loopback.ts), so the
 * per-address connection limit stays at its default; the call-request limits are raised through
 * their settings (CALL_REQUEST_*), since thousands of requests from one visitor is the load here.
 * It exits non-zero when a request fails or a call never rings (timings never fail it).
 *
 * The advisors behave like the dashboard: heartbeat every 5 s; on 'call:new' they accept and end
 * the call at once (socket events), so the global maxConcurrentCalls is never the bottleneck.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  HEARTBEAT_INTERVAL_MS,
  defaultSettings,
  defaultWorkingHours,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@belleza/contract';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/kysely.js';
import type { AdvisorSessionsTable, AdvisorsTable } from '../packages/server/src/db/schema.js';
import { hashSecret, newSecret } from '../packages/server/src/lib/ids.js';
import { fromAddress, loopbackAddress } from './support/loopback.js';
import { setting, SMOKE } from './support/smoke.js';

const ADVISORS = setting('BENCH_ADVISORS', 500, 20);
const REQUESTS = setting('BENCH_REQUESTS', 2000, 20);
const RATE = setting('BENCH_RATE', 50, 50);
const WARMUP = SMOKE ? 5 : 50;
const MAX_IN_FLIGHT = 200;

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Ready = { type: 'ready'; port: number; barePort: number };

// ------------------------------------------------------------------ server side (child process)

async function serve(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bareHttp = createServer();
  const bare = new Server(bareHttp, { serveClient: false });
  bare.on('connection', (socket) => {
    socket.on('echo', (payload: unknown, ack: (p: unknown) => void) => ack(payload));
  });
  await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));
  const ready: Ready = {
    type: 'ready',
    port: (app.server.address() as AddressInfo).port,
    barePort: (bareHttp.address() as AddressInfo).port,
  };
  process.send?.(ready);
  process.on('message', (msg: unknown) => {
    if (msg === 'stop') {
      void bare.close();
      void app.close().then(() => process.exit(0));
    }
  });
}

// ------------------------------------------------------------------ load generator (parent)

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(2).padStart(8)} ms`;

async function seed(url: string): Promise<string[]> {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  const now = new Date();
  const iso = now.toISOString();
  const tokens: string[] = [];
  const advisors: AdvisorsTable[] = [];
  const sessions: AdvisorSessionsTable[] = [];
  for (let i = 0; i < ADVISORS; i++) {
    const id = `adv_bench_${i}`;
    const token = newSecret();
    tokens.push(token);
    advisors.push({
      id,
      name: `Asesora ${i}`,
      email: `asesora${i}@bench.test`,
      password_hash: 'x',
      status: 'available',
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
    });
    sessions.push({
      id: `ses_bench_${i}`,
      advisor_id: id,
      token_hash: hashSecret(token),
      created_at: iso,
      expires_at: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      last_used_at: iso,
      revoked_at: null,
    });
  }
  for (let i = 0; i < ADVISORS; i += 100) {
    await handle.db
      .insertInto('advisors')
      .values(advisors.slice(i, i + 100))
      .execute();
    await handle.db
      .insertInto('advisor_sessions')
      .values(sessions.slice(i, i + 100))
      .execute();
  }
  // The largest global limit settings allow; advisors end calls at once, so it is never reached.
  await handle.db
    .insertInto('settings')
    .values({
      section: 'system',
      value: JSON.stringify({
        ...defaultSettings.system,
        maxConcurrentCalls: 50,
        callTimeout: 300,
      }),
      updated_at: iso,
      updated_by: null,
    })
    .execute();
  await handle.close();
  return tokens;
}

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there.
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      CALL_REQUEST_RATE_LIMIT: '1000000',
      CALL_REQUEST_OPEN_LIMIT: '1000000',
      CALL_REQUEST_OPEN_PHONE_LIMIT: '1000000',
      CALL_REQUEST_PHONE_LIMIT: '1000000',
      CALL_REQUEST_GLOBAL_LIMIT: '1000000',
      WEB_DIST: '/nonexistent',
      SWEEPER: 'on',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (msg: unknown) => {
      if ((msg as Ready).type === 'ready') resolve({ child, ready: msg as Ready });
    });
  });
}

function open(url: string, token?: string, address?: string): Promise<Client> {
  const socket: Client = connect(url, {
    ...(address ? fromAddress(address) : {}),
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(token ? { auth: { token } } : {}),
  });
  return new Promise((resolve, reject) => {
    if (token) socket.once('advisor:connected', () => resolve(socket));
    else socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--server')) {
    await serve();
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'belleza-notify-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  const tokens = await seed(databaseUrl);
  const { child, ready } = await startServer(databaseUrl);
  const base = `http://127.0.0.1:${ready.port}`;
  const sockets: Client[] = [];
  let bare: Socket | null = null;
  const timers: NodeJS.Timeout[] = [];
  try {
    console.log(
      `Offer latency: ${ADVISORS} advisor sockets, ${REQUESTS} requests at ${RATE}/s, SQLite, loopback`,
    );
    const connectStart = performance.now();
    const arrivals = new Map<string, number>();
    for (let i = 0; i < tokens.length; i += 50) {
      const batch = await Promise.all(
        tokens.slice(i, i + 50).map((tk, j) => open(base, tk, loopbackAddress(i + j))),
      );
      sockets.push(...batch);
    }
    console.log(
      `  ${sockets.length} advisors connected in ${((performance.now() - connectStart) / 1000).toFixed(1)} s`,
    );
    for (const socket of sockets) {
      timers.push(setInterval(() => socket.emit('ping'), HEARTBEAT_INTERVAL_MS));
      socket.on('call:new', (call) => {
        arrivals.set(call.callId, performance.now());
        // Like the dashboard: accept, then (here at once) end, freeing the place.
        void socket
          .timeout(10_000)
          .emitWithAck('call:accept', { callId: call.callId, advisorId: call.advisorId ?? '' })
          .then(() => socket.timeout(10_000).emitWithAck('call:end', { callId: call.callId }))
          .catch(() => undefined);
      });
    }
    // The floor: an untyped client of the plain server (its only event is 'echo').
    const floorSocket = (await open(`http://127.0.0.1:${ready.barePort}`)) as unknown as Socket;
    bare = floorSocket;

    const sentAt = new Map<string, { t0: number; warm: boolean }>();
    const floor: number[] = [];
    let failures = 0;
    const failureCodes = new Map<string, number>();
    let inFlight = 0;
    let queuedAtRequest = 0;

    const requestOnce = async (index: number): Promise<void> => {
      inFlight += 1;
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/calls/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Cliente ${index}`,
            phone: '+51 999 888 777',
            consent: true,
          }),
        });
        const body = (await res.json()) as {
          data?: { callId: string; advisorId: string | null };
          error?: { code: string };
        };
        if (res.status === 201 && body.data) {
          sentAt.set(body.data.callId, { t0, warm: index < WARMUP });
          if (body.data.advisorId === null) queuedAtRequest += 1;
        } else {
          failures += 1;
          const code = body.error?.code ?? String(res.status);
          failureCodes.set(code, (failureCodes.get(code) ?? 0) + 1);
        }
      } catch {
        failures += 1;
      } finally {
        inFlight -= 1;
      }
    };
    const echoOnce = async (): Promise<void> => {
      const t0 = performance.now();
      await floorSocket.timeout(10_000).emitWithAck('echo', { t: t0 });
      floor.push(performance.now() - t0);
    };

    const total = WARMUP + REQUESTS;
    const pending: Promise<void>[] = [];
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      while (inFlight >= MAX_IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 1));
      pending.push(requestOnce(i));
      if (i >= WARMUP) pending.push(echoOnce().catch(() => undefined));
    }
    await Promise.all(pending);
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline && [...sentAt.keys()].some((id) => !arrivals.has(id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsed = (performance.now() - started) / 1000;

    const latencies = [...sentAt.entries()]
      .filter(([, sent]) => !sent.warm)
      .flatMap(([id, { t0 }]) => {
        const t1 = arrivals.get(id);
        return t1 === undefined ? [] : [t1 - t0];
      })
      .sort((a, b) => a - b);
    const missing = [...sentAt.keys()].filter((id) => !arrivals.has(id)).length;
    floor.sort((a, b) => a - b);

    console.log(
      `  sent ${total} (first ${WARMUP} = warm-up, not counted) in ${elapsed.toFixed(1)} s; failures ${failures}` +
        (failureCodes.size ? ` ${JSON.stringify(Object.fromEntries(failureCodes))}` : '') +
        `; no call:new for ${missing}; queued (all advisors full) at request: ${queuedAtRequest}`,
    );
    console.log('');
    console.log(
      '                                            p50          p95          p99          max',
    );
    console.log(
      `  request → call:new at the advisor  ${ms(pct(latencies, 50))}  ${ms(pct(latencies, 95))}  ${ms(pct(latencies, 99))}  ${ms(latencies.at(-1) ?? NaN)}   (n=${latencies.length})`,
    );
    console.log(
      `  bare Socket.IO emit→ack (floor)    ${ms(pct(floor, 50))}  ${ms(pct(floor, 95))}  ${ms(pct(floor, 99))}  ${ms(floor.at(-1) ?? NaN)}   (n=${floor.length})`,
    );
    console.log(
      `  ratio                              ${(pct(latencies, 50) / pct(floor, 50)).toFixed(1).padStart(7)}×     ${(pct(latencies, 95) / pct(floor, 95)).toFixed(1).padStart(7)}×     ${(pct(latencies, 99) / pct(floor, 99)).toFixed(1).padStart(7)}×`,
    );
    // Refusals under load (the salon full: CAPACITY_REACHED) are a figure of the full run; in the
    // smoke run, which loads nothing, any failure is a broken flow.
    if ((SMOKE && (failures > 0 || missing > 0)) || latencies.length === 0) {
      console.error(
        `!!! bench:notify broken: ${failures} failed requests, ${missing} calls never rang`,
      );
      process.exitCode = 1;
    }
    console.log(
      `\n  load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, ${process.platform} ${process.version}`,
    );
  } finally {
    for (const t of timers) clearInterval(t);
    for (const s of sockets) s.disconnect();
    bare?.disconnect();
    child.removeAllListeners('exit');
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
