/**
 * Load: a salon's busy minute, with a little abuse mixed in, against the built server
 * (packages/server/dist, SQLite temp file, child process, loopback only).
 *
 * 20 stylists (BENCH_STYLISTS; created through the admin API, one call at a time each) sit on a
 * socket each, available; on 'call:new' a stylist waits a human pick-up time (150–500 ms,
 * BENCH_RING_MS_MIN/MAX), accepts with POST /api/calls/:id/accept as the dashboard does, "talks"
 * 200–800 ms (signalling only, no media) and ends with POST /api/calls/:id/end. Visitors arrive with exponential spacing
 * (seeded, BENCH_SEED): each opens its socket, sends POST /api/calls/request, joins its call with
 * 'client:connect' (callId + clientKey) and waits for 'call:accepted' and 'call:ended'; after a
 * patience of 20 s without an answer it cancels (abandoned).
 *
 * The server runs with TRUST_PROXY=1 and each visitor sends its own X-Forwarded-For address (HTTP
 * and socket handshake) and phone number, so the real per-address (CALL_REQUEST_RATE_LIMIT 5/min)
 * and per-phone (CALL_REQUEST_PHONE_LIMIT 5/10 min) limits stay on; only the global per-minute cap
 * is raised (100000), because 200 people a minute is the load under test. 5 % of the arrivals are
 * abusers instead, in turn: a set of bad bodies (wrong types, huge strings, an oversized body,
 * broken JSON, no consent, an array, a bad phone, a wrong content type), each from its own
 * address; a burst of 10 requests from one shared address; a burst of 10 from 10 addresses with
 * one shared phone. Bad bodies must be refused with a 4xx (checked); bursts are refused with 429
 * once past the limits (printed); no visitor may be refused with a 4xx (checked; a 503 when the
 * salon is full is printed, not judged).
 *
 * Baseline in the same run, on the same server, first: a calm phase (BENCH_BASELINE_VISITORS,
 * 20, about one a second, no abuse), its figures printed next to the load's. Before it, 5 warm-up
 * visitors (BENCH_WARMUP) that are checked like the others but not counted in the figures.
 *
 * Afterwards it waits for the server to settle (nothing pending or active) and checks, through the
 * admin API, that every call row matches what the clients saw: one row per 201 and no other, every
 * call the visitor saw accepted and ended is completed by the stylist who accepted it, every
 * abandoned one is cancelled by the client, no call was accepted twice (accept answers, visitor
 * events and each call's offer timeline), nothing left pending or active. It prints
 * "consistency: OK" or the mismatches, and exits non-zero on a mismatch or a broken flow. Timings
 * never fail it.
 *
 *   npm run bench:load        (builds first; BENCH_LOAD_SECONDS (60) shortens the load phase,
 *                              keeping the rate: 200 arrivals a minute, BENCH_LOAD_VISITORS to
 *                              override; BENCH_PORT (4830); BENCH_SERVER_LOGS=1 echoes the server;
 *                              BENCH_SMOKE=1: 4 stylists, 1 + 3 + 10 visitors in a few seconds)
 *
 * The server is always stopped (SIGTERM, then SIGKILL) and its temp directory removed, also on
 * Ctrl-C or a crash of this process; the whole bench stops itself after SECONDS + 5 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type {
  Call,
  CallDetails,
  CallPage,
  CallRequestResponseData,
  ClientToServerEvents,
  LoginResponseData,
  ServerToClientEvents,
} from '@belleza/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { setting } from './support/smoke.js';

const PORT = Number(process.env.BENCH_PORT ?? 4830);
const SECONDS = setting('BENCH_LOAD_SECONDS', 60, 3);
const ARRIVALS = Number(process.env.BENCH_LOAD_VISITORS ?? Math.round((200 * SECONDS) / 60));
const BASELINE_VISITORS = setting('BENCH_BASELINE_VISITORS', 20, 3);
/** Mean spacing of the calm phase's arrivals, ms. */
const BASELINE_GAP_MS = 1000;
/** Visitors sent first and not counted (a cold server's first calls), BENCH_WARMUP=0 to skip. */
const WARMUP = setting('BENCH_WARMUP', 5, 1);
const STYLISTS = setting('BENCH_STYLISTS', 20, 4);
const PATIENCE_MS = 20_000;
const RING_MS: [number, number] = [
  Number(process.env.BENCH_RING_MS_MIN ?? 150),
  Number(process.env.BENCH_RING_MS_MAX ?? 500),
];
const TALK_MS: [number, number] = [200, 800];
const ABUSE_SHARE = 0.05;
const BURST = 10;
/** Realistic limits kept on (per minute per address; per 10 minutes per phone). */
const ADDRESS_LIMIT = 5;
const PHONE_LIMIT = 5;
const SEED = Number(process.env.BENCH_SEED ?? 13);
const CAP_MS = SECONDS * 1000 + 5 * 60_000;
const ECHO_SERVER = process.env.BENCH_SERVER_LOGS === '1';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@load-bench.test', password: 'load-bench-admin-123' };
const ABUSER_ADDRESS = '198.51.100.66';
const ABUSER_PHONE = '+51 966 666 666';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Envelope<T> =
  { success: true; data: T } | { success: false; error: { code: string; message: string } };
type Answer<T> = { status: number; data: T | null; code: string | null };

// ------------------------------------------------------------------ small tools

/** mulberry32: the same arrivals and pick-up times for the same seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const between = ([lo, hi]: [number, number]) => lo + random() * (hi - lo);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const now = () => performance.now();

/** Wakes whoever waits on it; `until` re-checks its condition on every wake-up. */
class Signal {
  private waiters: (() => void)[] = [];
  notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }
  async until(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = now() + timeoutMs;
    while (!ready()) {
      const left = deadline - now();
      if (left <= 0) return false;
      await new Promise<void>((done) => {
        const timer = setTimeout(finish, left);
        function finish() {
          clearTimeout(timer);
          done();
        }
        this.waiters.push(finish);
      });
    }
    return true;
  }
}

/** Linear interpolation between closest ranks (numpy's default). */
function pct(values: number[], p: number): number {
  const s = [...values].sort((x, y) => x - y);
  if (s.length === 0) return Number.NaN;
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return s[lo]! + (s[hi]! - s[lo]!) * (rank - lo);
}

/** Every HTTP answer this bench got with a 5xx, for the report. */
const serverErrors: string[] = [];

async function http<T>(
  method: string,
  path: string,
  opts: {
    body?: unknown;
    /** sent as is (broken JSON, oversized bodies) */
    raw?: string;
    contentType?: string;
    token?: string;
    address?: string;
    clientKey?: string;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.address) headers['x-forwarded-for'] = opts.address;
  if (opts.clientKey) headers['x-client-key'] = opts.clientKey;
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, { method, headers, body });
  const text = await res.text();
  let json: Envelope<T> | null = null;
  try {
    json = JSON.parse(text) as Envelope<T>;
  } catch {
    json = null;
  }
  if (res.status >= 500) serverErrors.push(`${method} ${path.split('?')[0]} → ${res.status}`);
  if (json?.success) return { status: res.status, data: json.data, code: null };
  return { status: res.status, data: null, code: json && !json.success ? json.error.code : null };
}

async function must<T>(what: string, answer: Promise<Answer<T>>): Promise<T> {
  const a = await answer;
  if (a.data === null || a.status >= 300) throw new Error(`${what} → ${a.status} ${a.code ?? ''}`);
  return a.data;
}

function openSocket(opts: { token?: string; address?: string }): Promise<Client> {
  const socket: Client = connect(`http://127.0.0.1:${PORT}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 10_000,
    ...(opts.token ? { auth: { token: opts.token } } : {}),
    ...(opts.address ? { extraHeaders: { 'x-forwarded-for': opts.address } } : {}),
  });
  return new Promise((done, fail) => {
    socket.once('connect', () => done(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      fail(err);
    });
  });
}

// ------------------------------------------------------------------ the server (child process)

type ServerProcess = { child: ChildProcess; dir: string; logs: { level: number; msg: string }[] };

function startServer(): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-load-'));
  const logs: { level: number; msg: string }[] = [];
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: `sqlite:${join(dir, 'load.db')}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      CALL_REQUEST_RATE_LIMIT: String(ADDRESS_LIMIT),
      CALL_REQUEST_PHONE_LIMIT: String(PHONE_LIMIT),
      CALL_REQUEST_GLOBAL_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, dir, logs };
  const stderr: string[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  return new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    let listening = false;
    lines.on('line', (line) => {
      if (ECHO_SERVER) console.log(`[server] ${line}`);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        if (typeof entry.level === 'number' && entry.level >= 40)
          logs.push({ level: entry.level, msg: entry.msg ?? line.slice(0, 120) });
      } catch {
        // not a log line
      }
      if (!listening && line.includes('Server listening at')) {
        listening = true;
        done(server);
      }
    });
    child.once('exit', (code) => {
      if (!listening) fail(new Error(`server exited with ${code}: ${stderr.join('')}`));
    });
    // LOG_LEVEL=warn may hide the 'listening' line: fall back to asking.
    void (async () => {
      for (let i = 0; i < 300 && !listening && child.exitCode === null; i++) {
        await sleep(100);
        const up = await fetch(`http://127.0.0.1:${PORT}/api/system/status`).then(
          (r) => r.status < 500,
          () => false,
        );
        if (up && !listening) {
          listening = true;
          done(server);
        }
      }
      if (!listening) fail(new Error('server did not start within 30 s'));
    })();
  });
}

async function stopServer(server: ServerProcess | null): Promise<void> {
  if (!server) return;
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dir, { recursive: true, force: true });
}

// ------------------------------------------------------------------ stylists

/** What the stylists did, per call id. */
const ringAt = new Map<string, number>();
const rings = new Map<string, number>();
/** when the successful accept was sent, and by whom (several entries: accepted twice) */
const accepted = new Map<string, { at: number; advisorId: string }[]>();
const acceptRefused: { callId: string; status: number; code: string | null }[] = [];
const ended = new Set<string>();
const endFailed: { callId: string; status: number; code: string | null }[] = [];
let stylistDisconnects = 0;

type Stylist = { advisorId: string; token: string; socket: Client };

async function stylist(admin: string, i: number): Promise<Stylist> {
  const email = `load-stylist-${i}@load-bench.test`;
  const password = 'load-bench-stylist-123';
  const address = `192.0.2.${i + 1}`;
  await must(
    'create stylist',
    http('POST', '/api/advisors', {
      token: admin,
      body: { name: `Estilista ${i + 1}`, email, password, maxConcurrentCalls: 1 },
    }),
  );
  const login = await must(
    'stylist login',
    http<LoginResponseData>('POST', '/api/advisors/login', { address, body: { email, password } }),
  );
  const advisorId = login.advisor.advisorId;
  const token = login.token;
  const socket = await openSocket({ token, address });
  const ack = (await socket
    .timeout(10_000)
    .emitWithAck('advisor:connect', { advisorId, token })) as { ok: boolean };
  if (!ack.ok) throw new Error('advisor:connect refused');
  const onOffer = (call: Call) => void answer(call.callId);
  socket.on('call:new', onOffer);
  socket.on('call:new:urgent', onOffer);
  socket.on('disconnect', () => (stylistDisconnects += 1));
  await must(
    'stylist available',
    http('POST', `/api/advisors/${advisorId}/status`, {
      token,
      address,
      body: { status: 'available' },
    }),
  );
  return { advisorId, token, socket };

  async function answer(callId: string): Promise<void> {
    if (!ringAt.has(callId)) ringAt.set(callId, now());
    rings.set(callId, (rings.get(callId) ?? 0) + 1);
    await sleep(between(RING_MS));
    const sentAt = now();
    const acc = await http('POST', `/api/calls/${callId}/accept`, {
      token,
      address,
      body: { advisorId },
    });
    if (acc.status !== 200) {
      acceptRefused.push({ callId, status: acc.status, code: acc.code });
      return;
    }
    accepted.set(callId, [...(accepted.get(callId) ?? []), { at: sentAt, advisorId }]);
    await sleep(between(TALK_MS));
    const end = await http('POST', `/api/calls/${callId}/end`, {
      token,
      address,
      body: { endedBy: 'advisor' },
    });
    if (end.status === 200) ended.add(callId);
    else endFailed.push({ callId, status: end.status, code: end.code });
  }
}

// ------------------------------------------------------------------ visitors and abusers

type Phase = 'warm-up' | 'calm' | 'load';
type Kind = 'visitor' | 'abuse: one address' | 'abuse: one phone' | 'abuse: bad input';
type Outcome =
  'completed' | 'abandoned' | 'refused' | 'cancelled by the server' | 'no call:ended' | 'broken';

/** One request (a visitor's, or one of an abuser's). */
type Attempt = {
  phase: Phase;
  kind: Kind;
  label: string;
  status: number;
  code: string | null;
  callId: string | null;
  sentAt: number;
  /** visitors only */
  outcome?: Outcome;
  acceptedAt?: number;
  acceptedVia?: 'event' | 'join';
  acceptEvents: number;
  endedSeen: boolean;
  cancelStatus?: number;
  note?: string;
};
const attempts: Attempt[] = [];

function newAttempt(phase: Phase, kind: Kind, label: string): Attempt {
  const a: Attempt = {
    phase,
    kind,
    label,
    status: 0,
    code: null,
    callId: null,
    sentAt: now(),
    acceptEvents: 0,
    endedSeen: false,
  };
  attempts.push(a);
  return a;
}

const phoneOf = (n: number) => `+51 9${String(n).padStart(8, '0')}`;
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
let visitorSerial = 0;

async function visitor(phase: Phase): Promise<void> {
  const n = ++visitorSerial;
  const address = addressOf(n);
  const v = newAttempt(phase, 'visitor', `visitor ${n}`);
  let socket: Client | null = null;
  const signal = new Signal();
  let serverCancelled = false;
  try {
    socket = await openSocket({ address });
    const s = socket;
    v.sentAt = now();
    const res = await http<CallRequestResponseData>('POST', '/api/calls/request', {
      address,
      body: {
        name: `Visitante ${n}`,
        phone: phoneOf(n),
        message: 'Quiero un cambio de look',
        consent: true,
      },
    });
    v.status = res.status;
    v.code = res.code;
    if (res.status !== 201 || !res.data) {
      v.outcome = 'refused';
      return;
    }
    const { callId, clientKey } = res.data;
    v.callId = callId;
    s.on('call:accepted', (c) => {
      if (c.callId !== callId) return;
      v.acceptEvents += 1;
      if (v.acceptedAt === undefined) {
        v.acceptedAt = now();
        v.acceptedVia = 'event';
      }
      signal.notify();
    });
    s.on('call:ended', (c) => {
      if (c.callId !== callId) return;
      v.endedSeen = true;
      signal.notify();
    });
    s.on('call:status:updated', (p) => {
      if (p.callId === callId && p.status === 'cancelled') {
        serverCancelled = true;
        signal.notify();
      }
    });
    // As the landing page does: the call as it is now covers what happened before the join.
    const join = (await s.timeout(10_000).emitWithAck('client:connect', {
      callId,
      clientKey,
      clientId: `load-${n}`,
    })) as { ok: true; data: Call } | { ok: false; error: { code: string } };
    if (!join.ok) throw new Error(`client:connect → ${join.error.code}`);
    const status = join.data.status;
    if ((status === 'active' || status === 'completed') && v.acceptedAt === undefined) {
      v.acceptedAt = now();
      v.acceptedVia = 'join';
    }
    if (status === 'completed') v.endedSeen = true;
    if (status === 'cancelled') serverCancelled = true;

    const answered = () => v.acceptedAt !== undefined || serverCancelled;
    const patience = PATIENCE_MS - (now() - v.sentAt);
    if (!(await signal.until(answered, patience))) {
      const cancel = await http('POST', `/api/calls/${callId}/cancel`, {
        address,
        clientKey,
        body: { reason: 'Esperé demasiado' },
      });
      v.cancelStatus = cancel.status;
      if (cancel.status === 200) {
        v.outcome = 'abandoned';
        return;
      }
      // Refused: answered meanwhile; see it through.
      await signal.until(answered, 10_000);
    }
    if (v.acceptedAt === undefined) {
      v.outcome = serverCancelled ? 'cancelled by the server' : 'broken';
      return;
    }
    const done = await signal.until(() => v.endedSeen, 30_000);
    v.outcome = done ? 'completed' : 'no call:ended';
  } catch (error) {
    v.outcome = 'broken';
    v.note = error instanceof Error ? error.message : String(error);
  } finally {
    socket?.disconnect();
  }
}

/** Sends one request of an abuser; the answer is recorded like a visitor's. */
async function abusive(kind: Kind, label: string, opts: Parameters<typeof http>[2]): Promise<void> {
  const a = newAttempt('load', kind, label);
  try {
    const res = await http<CallRequestResponseData>('POST', '/api/calls/request', opts);
    a.status = res.status;
    a.code = res.code;
    a.callId = res.status === 201 ? (res.data?.callId ?? null) : null;
  } catch (error) {
    a.note = error instanceof Error ? error.message : String(error);
  }
}

let abuseSerial = 0;
let badAddress = 0;

/** One abusive arrival: the three kinds in turn, bad bodies first (so a short run has them). */
async function abuser(): Promise<void> {
  const k = abuseSerial++;
  const body = (i: number, phone: string) => ({
    name: `Abuso ${k}-${i}`,
    phone,
    message: 'spam',
    consent: true,
  });
  if (k % 3 === 1) {
    await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        abusive('abuse: one address', 'burst from one address', {
          address: ABUSER_ADDRESS,
          body: body(i, phoneOf(50_000_000 + k * 100 + i)),
        }),
      ),
    );
  } else if (k % 3 === 2) {
    await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        abusive('abuse: one phone', 'burst with one phone', {
          address: `100.64.${k}.${i + 1}`,
          body: body(i, ABUSER_PHONE),
        }),
      ),
    );
  } else {
    const ok = { name: 'Bad', phone: phoneOf(60_000_000 + k), consent: true };
    const bad: [string, Parameters<typeof http>[2]][] = [
      ['wrong types', { body: { name: 123, phone: 51999, consent: 'yes', message: ['x'] } }],
      ['huge name (100 kB)', { body: { ...ok, name: 'A'.repeat(100_000) } }],
      ['huge message (200 kB)', { body: { ...ok, message: 'B'.repeat(200_000) } }],
      ['oversized body (300 kB)', { body: { ...ok, subject: 'C'.repeat(300_000) } }],
      ['broken JSON', { raw: '{"name": "x", "phone": ' }],
      ['no consent', { body: { name: 'Sin consentimiento', phone: ok.phone } }],
      ['array body', { body: [ok] }],
      ['bad phone', { body: { ...ok, phone: "'; DROP TABLE calls; --" } }],
      ['text/plain body', { raw: JSON.stringify(ok), contentType: 'text/plain' }],
    ];
    await Promise.all(
      bad.map(([label, opts]) =>
        abusive('abuse: bad input', label, {
          ...opts,
          address: `172.16.${(badAddress >> 8) & 255}.${++badAddress & 255}`,
        }),
      ),
    );
  }
}

/** Arrivals with exponential spacing (mean `gapMs`); every 20th of the load is an abuser. */
async function phase(name: Phase, count: number, gapMs: number, abuse: boolean): Promise<number> {
  const tasks: Promise<void>[] = [];
  const start = now();
  let at = 0;
  for (let i = 0; i < count; i++) {
    at += -Math.log(1 - random()) * gapMs;
    const wait = start + at - now();
    if (wait > 0) await sleep(wait);
    const isAbuse = abuse && i % Math.round(1 / ABUSE_SHARE) === Math.round(0.5 / ABUSE_SHARE);
    tasks.push(isAbuse ? abuser() : visitor(name));
  }
  const arrivals = now() - start;
  await Promise.all(tasks);
  return arrivals;
}

// ------------------------------------------------------------------ settle and check

async function count(admin: string, status: 'pending' | 'active'): Promise<number> {
  const page = await must(
    `GET /api/calls?status=${status}`,
    http<CallPage>('GET', `/api/calls?status=${status}&limit=1`, { token: admin }),
  );
  return page.total;
}

/** Waits until nothing is pending or active (offers time out after callTimeout, 30 s). */
async function settle(admin: string, maxMs: number): Promise<{ pending: number; active: number }> {
  const deadline = now() + maxMs;
  for (;;) {
    const pending = await count(admin, 'pending');
    const active = await count(admin, 'active');
    if ((pending === 0 && active === 0) || now() > deadline) return { pending, active };
    await sleep(500);
  }
}

async function allCalls(admin: string): Promise<Call[]> {
  const rows: Call[] = [];
  for (let page = 1; ; page++) {
    const data = await must(
      'GET /api/calls',
      http<CallPage>('GET', `/api/calls?limit=1000&page=${page}`, { token: admin }),
    );
    rows.push(...data.items);
    if (data.items.length === 0 || rows.length >= data.total) return rows;
  }
}

async function consistency(admin: string): Promise<string[]> {
  const problems: string[] = [];
  const rows = await allCalls(admin);
  const byId = new Map(rows.map((r) => [r.callId, r]));
  const created = attempts.filter((a) => a.callId !== null);
  const createdIds = new Set(created.map((a) => a.callId!));

  if (rows.length !== created.length)
    problems.push(`${rows.length} call rows, but ${created.length} requests answered 201`);
  for (const a of created)
    if (!byId.has(a.callId!)) problems.push(`${a.label}: call ${a.callId} (201) has no row`);
  for (const r of rows)
    if (!createdIds.has(r.callId)) problems.push(`row ${r.callId} was never answered 201`);
  for (const r of rows)
    if (r.status === 'pending' || r.status === 'active')
      problems.push(`call ${r.callId} (${r.clientInfo.name}) is still ${r.status} after settling`);

  for (const v of attempts) {
    if (v.kind === 'visitor' && (v.outcome === 'broken' || v.outcome === 'no call:ended'))
      problems.push(`${v.label}: ${v.outcome}${v.note ? ` (${v.note})` : ''}`);
    if (!v.callId) continue;
    const row = byId.get(v.callId);
    if (!row) continue;
    const acc = accepted.get(v.callId) ?? [];
    if (v.outcome === 'completed') {
      if (row.status !== 'completed')
        problems.push(`${v.label}: saw accepted and ended, row is ${row.status}`);
      if (acc.length === 1 && row.advisorId !== acc[0]!.advisorId)
        problems.push(`${v.label}: accepted by ${acc[0]!.advisorId}, row says ${row.advisorId}`);
      if (acc.length === 0) problems.push(`${v.label}: saw accepted, but no stylist's accept ok`);
    }
    if (v.outcome === 'abandoned') {
      if (row.status !== 'cancelled' || row.endedBy !== 'client')
        problems.push(
          `${v.label}: cancelled (200), row is ${row.status} by ${row.endedBy ?? 'nobody'}`,
        );
      if (acc.length > 0) problems.push(`${v.label}: cancelled (200), but a stylist accepted it`);
    }
    if (v.outcome === 'cancelled by the server' && row.status !== 'cancelled')
      problems.push(`${v.label}: saw the server cancel it, row is ${row.status}`);
    if (v.acceptEvents > 1) problems.push(`${v.label}: ${v.acceptEvents} 'call:accepted' events`);
    if (v.kind === 'visitor' && v.outcome === 'completed' && v.cancelStatus === 200)
      problems.push(`${v.label}: both cancelled and completed`);
  }

  for (const [callId, list] of accepted) {
    if (list.length > 1)
      problems.push(
        `call ${callId} accepted ${list.length} times (${list.map((x) => x.advisorId).join(', ')})`,
      );
    const row = byId.get(callId);
    if (row && (row.status !== 'completed' || row.advisorId !== list[0]!.advisorId))
      problems.push(
        `call ${callId}: accepted by ${list[0]!.advisorId}, row is ${row.status} with ${row.advisorId ?? 'nobody'}`,
      );
    if (!ended.has(callId) && !endFailed.some((e) => e.callId === callId))
      problems.push(`call ${callId}: accepted but the stylist never ended it`);
  }
  for (const e of endFailed)
    problems.push(`call ${e.callId}: the stylist's end was refused ${e.status} ${e.code ?? ''}`);

  // The offer timeline: at most one accepted offer per call (8 at a time).
  const queue = [...rows];
  const worker = async () => {
    for (let r = queue.shift(); r; r = queue.shift()) {
      const details = await must(
        `GET /api/calls/${r.callId}`,
        http<CallDetails>('GET', `/api/calls/${r.callId}`, { token: admin }),
      );
      const yes = details.offers.filter((o) => o.outcome === 'accepted').length;
      if (yes > 1) problems.push(`call ${r.callId}: ${yes} accepted offers in its timeline`);
      if (r.status === 'completed' && yes !== 1)
        problems.push(`call ${r.callId}: completed with ${yes} accepted offers`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));

  // Abuse: bad bodies refused with a 4xx, nobody legitimate refused, no 500.
  for (const a of attempts) {
    if (a.kind === 'abuse: bad input' && !(a.status >= 400 && a.status < 500))
      problems.push(`bad input '${a.label}' answered ${a.status} (${a.code ?? a.note ?? ''})`);
    // 503 (CAPACITY_REACHED, NO_ADVISORS_AVAILABLE) is the product's answer to being full, shown
    // in the figures; a 4xx for a valid request from its own address and phone is not.
    if (a.kind === 'visitor' && a.outcome === 'refused' && a.status < 500)
      problems.push(`${a.label} (${a.phase}) refused ${a.status} ${a.code ?? ''}`);
  }
  for (const e of serverErrors) if (e.endsWith('500')) problems.push(`server error: ${e}`);
  return problems;
}

// ------------------------------------------------------------------ figures

type Figures = {
  arrivals: number;
  arrivalSeconds: number;
  completed: number;
  abandoned: number;
  refused: Map<string, number>;
  other: number;
  viaJoin: number;
  ring: number[];
  accept: number[];
  reoffered: number;
};

function figures(name: Phase, arrivalMs: number): Figures {
  const visitors = attempts.filter((a) => a.phase === name && a.kind === 'visitor');
  const refused = new Map<string, number>();
  for (const v of visitors) {
    const key = `${v.status}${v.code ? ` ${v.code}` : ''}`;
    if (v.outcome === 'refused') refused.set(key, (refused.get(key) ?? 0) + 1);
  }
  const ring: number[] = [];
  const accept: number[] = [];
  let reoffered = 0;
  for (const v of visitors) {
    if (!v.callId) continue;
    const rang = ringAt.get(v.callId);
    if (rang !== undefined) ring.push(rang - v.sentAt);
    if ((rings.get(v.callId) ?? 0) > 1) reoffered += 1;
    const acc = accepted.get(v.callId)?.[0];
    if (acc && v.acceptedVia === 'event' && v.acceptedAt !== undefined)
      accept.push(v.acceptedAt - acc.at);
  }
  return {
    arrivals: visitors.length,
    arrivalSeconds: arrivalMs / 1000,
    completed: visitors.filter((v) => v.outcome === 'completed').length,
    abandoned: visitors.filter((v) => v.outcome === 'abandoned').length,
    refused,
    other: visitors.filter(
      (v) => v.outcome !== 'completed' && v.outcome !== 'abandoned' && v.outcome !== 'refused',
    ).length,
    viaJoin: visitors.filter((v) => v.acceptedVia === 'join').length,
    ring,
    accept,
    reoffered,
  };
}

function printFigures(calm: Figures, load: Figures): void {
  const fmt = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)}`);
  const refusedText = (f: Figures) =>
    [...f.refused].map(([s, n]) => `${n}× ${s}`).join(', ') || '0';
  const rows: [string, string, string][] = [
    ['visitors', `${calm.arrivals}`, `${load.arrivals}`],
    ['arrivals over (s)', `${calm.arrivalSeconds.toFixed(1)}`, `${load.arrivalSeconds.toFixed(1)}`],
    ['completed', `${calm.completed}`, `${load.completed}`],
    ['abandoned (cancelled after 20 s)', `${calm.abandoned}`, `${load.abandoned}`],
    ['refused (by status)', refusedText(calm), refusedText(load)],
    ['other (server-cancelled, stuck, broken)', `${calm.other}`, `${load.other}`],
    ['rang more than one stylist', `${calm.reoffered}`, `${load.reoffered}`],
    ['accepted before the visitor joined', `${calm.viaJoin}`, `${load.viaJoin}`],
    ['request → ring  p50 ms', fmt(pct(calm.ring, 50)), fmt(pct(load.ring, 50))],
    ['request → ring  p99 ms', fmt(pct(calm.ring, 99)), fmt(pct(load.ring, 99))],
    ['request → ring  max ms', fmt(Math.max(...calm.ring)), fmt(Math.max(...load.ring))],
    ['accept → call:accepted  p50 ms', fmt(pct(calm.accept, 50)), fmt(pct(load.accept, 50))],
    ['accept → call:accepted  p99 ms', fmt(pct(calm.accept, 99)), fmt(pct(load.accept, 99))],
    [
      'accept → call:accepted  max ms',
      fmt(Math.max(...calm.accept)),
      fmt(Math.max(...load.accept)),
    ],
    [
      '  (n ring / n accept)',
      `${calm.ring.length}/${calm.accept.length}`,
      `${load.ring.length}/${load.accept.length}`,
    ],
  ];
  console.log(`\n${''.padEnd(44)}${'calm (baseline)'.padStart(18)}${'load'.padStart(18)}`);
  for (const [label, a, b] of rows)
    console.log(`${label.padEnd(44)}${a.padStart(18)}${b.padStart(18)}`);
}

function printAbuse(): void {
  const abuse = attempts.filter((a) => a.kind !== 'visitor');
  console.log(`\nabuse (load phase): ${abuse.length} requests`);
  const groups = new Map<string, Map<string, number>>();
  for (const a of abuse) {
    const key = a.kind === 'abuse: bad input' ? `${a.kind}: ${a.label}` : a.kind;
    const g = groups.get(key) ?? new Map<string, number>();
    const answer =
      a.status === 0 ? `no answer (${a.note ?? '?'})` : `${a.status}${a.code ? ` ${a.code}` : ''}`;
    g.set(answer, (g.get(answer) ?? 0) + 1);
    groups.set(key, g);
  }
  for (const [key, g] of groups)
    console.log(`  ${key.padEnd(46)}${[...g].map(([s, n]) => `${n}× ${s}`).join(', ')}`);
  const through = abuse.filter((a) => a.callId !== null).length;
  console.log(
    `  ${through} abusive requests got through (201, within the limits: ${ADDRESS_LIMIT}/min per address, ${PHONE_LIMIT}/10 min per phone); the stylists took those calls too`,
  );
}

// ------------------------------------------------------------------ main

let server: ServerProcess | null = null;
const sockets: Client[] = [];

function killNow(): void {
  for (const s of sockets) s.disconnect();
  if (server && server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGKILL');
  if (server) rmSync(server.dir, { recursive: true, force: true });
}
process.on('exit', killNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n!!! bench:load interrupted (${signal}): stopping the server`);
    killNow();
    process.exit(130);
  });

async function main(): Promise<void> {
  const loadArrivals = ARRIVALS;
  console.log(
    `bench:load — ${STYLISTS} stylists; warm-up: ${WARMUP}; calm: ${BASELINE_VISITORS} visitors ~1/s; load: ${loadArrivals} arrivals over ~${SECONDS} s ` +
      `(${Math.round(ABUSE_SHARE * 100)} % abusers), patience ${PATIENCE_MS / 1000} s, pick-up ${RING_MS[0]}–${RING_MS[1]} ms, ` +
      `talk ${TALK_MS[0]}–${TALK_MS[1]} ms; seed ${SEED}; load avg ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  server = await startServer();
  const admin = (
    await must(
      'admin login',
      http<LoginResponseData>('POST', '/api/advisors/login', {
        body: { email: ADMIN.email, password: ADMIN.password },
      }),
    )
  ).token;
  // Open calls (pending + active) up to 50, the most the settings allow: the default, 10, would
  // cap 20 stylists before they are busy.
  const settings = await must(
    'GET /api/settings',
    http<Record<string, Record<string, unknown>>>('GET', '/api/settings', {
      token: admin,
    }),
  );
  await must(
    'PUT /api/settings',
    http('PUT', '/api/settings', {
      token: admin,
      body: { ...settings, system: { ...settings.system, maxConcurrentCalls: 50 } },
    }),
  );
  for (let i = 0; i < STYLISTS; i++) sockets.push((await stylist(admin, i)).socket);
  console.log(
    `server up, ${STYLISTS} stylists online and available; settings.maxConcurrentCalls 50`,
  );

  if (WARMUP > 0) {
    await phase('warm-up', WARMUP, 200, false);
    await settle(admin, 45_000);
  }
  const calmMs = await phase('calm', BASELINE_VISITORS, BASELINE_GAP_MS, false);
  const between1 = await settle(admin, 45_000);
  console.log(
    `calm phase done (${(calmMs / 1000).toFixed(1)} s of arrivals); settled: ${between1.pending} pending, ${between1.active} active`,
  );
  const loadMs = await phase('load', loadArrivals, (SECONDS * 1000) / loadArrivals, true);
  console.log(`load phase done (${(loadMs / 1000).toFixed(1)} s of arrivals); settling…`);
  const settled = await settle(admin, 60_000);
  console.log(`settled: ${settled.pending} pending, ${settled.active} active`);

  printFigures(figures('calm', calmMs), figures('load', loadMs));
  printAbuse();

  const refusedAccepts = new Map<string, number>();
  for (const r of acceptRefused) {
    const key = `${r.status} ${r.code ?? ''}`.trim();
    refusedAccepts.set(key, (refusedAccepts.get(key) ?? 0) + 1);
  }
  console.log(
    `\nstylists: ${[...accepted.values()].reduce((n, l) => n + l.length, 0)} accepts ok, refused: ${
      [...refusedAccepts].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none'
    }; ${ended.size} ended; socket disconnects during the run: ${stylistDisconnects}`,
  );
  const fiveXX = new Map<string, number>();
  for (const e of serverErrors) fiveXX.set(e, (fiveXX.get(e) ?? 0) + 1);
  console.log(`5xx answers: ${[...fiveXX].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none'}`);
  const logs = server.logs;
  const levels = (min: number, max: number) => logs.filter((l) => l.level >= min && l.level < max);
  const distinct = [
    ...new Set(levels(40, 100).map((l) => `${l.level >= 50 ? 'ERROR' : 'warn'}: ${l.msg}`)),
  ];
  console.log(
    `server log: ${levels(40, 50).length} warnings, ${levels(50, 100).length} errors${
      distinct.length ? `\n  ${distinct.slice(0, 8).join('\n  ')}` : ''
    }`,
  );

  const problems = await consistency(admin);
  if (problems.length === 0) console.log('\nconsistency: OK');
  else {
    console.log(`\nconsistency: ${problems.length} MISMATCH(ES)`);
    for (const p of problems.slice(0, 40)) console.log(`  - ${p}`);
    if (problems.length > 40) console.log(`  … and ${problems.length - 40} more`);
    process.exitCode = 1;
  }
  console.log(
    `\nload average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, ${process.platform} ${process.version}`,
  );
}

const cap = setTimeout(() => {
  console.error(`!!! bench:load stopped at its cap (${Math.round(CAP_MS / 60_000)} min)`);
  killNow();
  process.exit(1);
}, CAP_MS);
try {
  await main();
} catch (error) {
  console.error('bench:load: the flow broke —', error);
  process.exitCode = 1;
} finally {
  clearTimeout(cap);
  for (const s of sockets) s.disconnect();
  await stopServer(server);
  server = null;
}
