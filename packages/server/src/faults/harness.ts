/**
 * Fault-injection harness: the real built server (`dist/server.js`) as a child process on a real
 * database, driven over HTTP and socket.io like a browser would, so a test can `kill -9` it, cut
 * its PostgreSQL connections or take its Redis away. Every wait is a bounded poll of a real
 * condition or an event/log line. Test-only; not imported by production code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  connect as connectTcp,
  createServer,
  type Server,
  type Socket as TcpSocket,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { ServerToClientEvents } from '@belleza/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
/** The built server; FAULTS_SERVER_JS runs the faults against another build (e.g. a patched copy). */
const SERVER_JS = process.env.FAULTS_SERVER_JS ?? join(ROOT, 'packages/server/dist/server.js');

/** The environment without libfaketime (TEST_AT): for stand-ins of outside services. */
export function realClockEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.LD_PRELOAD;
  delete env.FAKETIME;
  delete env.FAKETIME_DONT_RESET;
  return env;
}

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN = { email: 'admin@faults.test', password: 'faults-admin-pass-123' };
export const ADVISOR_PASSWORD = 'faults-advisor-pass-123';

/** Waits until `check` answers something other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: string | undefined;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err instanceof Error ? err.message : JSON.stringify(err);
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${last})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A promise that rejects after `ms` unless `p` settles first. */
export function within<T>(what: string, p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The first port of [from, to] nobody listens on (each test file uses its own range). */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Children still alive when the test process exits are killed (a failed test leaves none). */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export const randomName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Databases

export type FaultDatabase = {
  dialect: 'sqlite' | 'postgres';
  /** DATABASE_URL for the server */
  url: string;
  /** PostgreSQL: the schema and the application_name every app connection carries */
  schema?: string;
  drop: () => Promise<void>;
};

/** A temp SQLite file. */
export function sqliteDatabase(): FaultDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-faults-'));
  return {
    dialect: 'sqlite',
    url: `sqlite:${join(dir, 'faults.db')}`,
    drop: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export async function pgQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether PostgreSQL answers (the PostgreSQL cases are skipped, loudly, when it does not). */
export async function postgresReachable(): Promise<boolean> {
  try {
    await pgQuery('select 1');
    return true;
  } catch (err) {
    if (process.env.CI === 'true') throw err;
    console.warn(`!!! PostgreSQL at ${PG_URL} unreachable: fault cases on PostgreSQL SKIPPED`);
    return false;
  }
}

/**
 * A fresh schema in the test database. The server is pointed at it through the URL itself
 * (`options=-c search_path=…`), and its connections carry `application_name=<schema>` so a test
 * can find (and terminate) exactly the app's connections.
 */
export async function postgresDatabase(): Promise<FaultDatabase> {
  const schema = randomName('fault');
  // Kysely's migrator takes a migration table in ANY schema of the database for its own (its
  // existence check ignores search_path), then fails on "relation kysely_migration_lock does not
  // exist" while another suite's schema is around; so the tables exist up front, as in
  // test/fixtures.ts createIsolatedDatabase.
  await pgQuery(
    `create schema ${schema};
     create table ${schema}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
     create table ${schema}.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0);
     insert into ${schema}.kysely_migration_lock (id, is_locked) values ('migration_lock', 0);`,
  );
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  return {
    dialect: 'postgres',
    url: url.toString(),
    schema,
    drop: async () => {
      await terminateConnections(schema).catch(() => undefined);
      await pgQuery(`drop schema if exists ${schema} cascade`);
    },
  };
}

/** Terminates every connection whose application_name is `appName`; answers how many. */
export async function terminateConnections(appName: string): Promise<number> {
  const rows = await pgQuery<{ killed: boolean }>(
    `select pg_terminate_backend(pid) as killed from pg_stat_activity
      where application_name = $1 and pid <> pg_backend_pid()`,
    [appName],
  );
  return rows.filter((r) => r.killed).length;
}

/**
 * Holds an exclusive lock on one of the app's tables (from a connection that is not the app's),
 * so the app's queries on it wait: requests that are certainly in flight. `release` rolls back.
 */
export async function lockTable(
  schema: string,
  table: string,
): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${schema}.${table} in access exclusive mode`);
  return {
    release: async () => {
      await client.query('rollback').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** How many of the app's connections wait for a lock. */
export async function waitingOnLock(appName: string): Promise<number> {
  const rows = await pgQuery<{ n: string }>(
    `select count(*) as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
    [appName],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function connectionCount(appName: string): Promise<number> {
  const rows = await pgQuery<{ n: string }>(
    `select count(*) as n from pg_stat_activity where application_name = $1`,
    [appName],
  );
  return Number(rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The server process

export type LogLine = {
  level?: number;
  msg?: string;
  req?: { method?: string; url?: string };
} & Record<string, unknown>;

export class ServerProcess {
  readonly url: string;
  /** every JSON log line of every run, oldest first */
  readonly logs: LogLine[] = [];
  readonly stderr: string[] = [];
  private child: ChildProcess | undefined;
  private listeners = new Set<(line: LogLine) => void>();

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the last run ended: its exit code, or null while running or when killed by a signal. */
  get exitCode(): number | null {
    return this.child?.exitCode ?? null;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the server and resolves once it listens (its "Server listening at" log line). */
  start(timeoutMs = 20_000): Promise<void> {
    if (this.running) throw new Error('already running');
    const proc = track(
      spawn(process.execPath, [SERVER_JS], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(this.port),
          HOST: '127.0.0.1',
          PUBLIC_URL: this.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'info',
          WEB_DIST: '/nonexistent',
          // Every request comes from 127.0.0.1 with one phone number: the limits have their own tests.
          CALL_REQUEST_PHONE_LIMIT: '1000',
          CALL_REQUEST_RATE_LIMIT: '1000',
          CALL_REQUEST_OPEN_LIMIT: '1000',
          CALL_REQUEST_OPEN_PHONE_LIMIT: '1000',
          ...this.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    this.child = proc;
    createInterface({ input: proc.stdout! }).on('line', (text) => {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { msg: text };
      }
      this.logs.push(line);
      for (const l of this.listeners) l(line);
    });
    proc.stderr!.on('data', (d: Buffer) => this.stderr.push(d.toString()));
    return within(
      `server on ${this.port} to listen`,
      new Promise<void>((ready, failed) => {
        const onExit = (code: number | null) =>
          failed(new Error(`server exited with ${code}: ${this.stderr.join('')}`));
        proc.once('exit', onExit);
        this.waitForLog((l) => l.msg?.startsWith('Server listening at') === true, timeoutMs)
          .then(() => {
            proc.off('exit', onExit);
            ready();
          })
          .catch(failed);
      }),
      timeoutMs,
    );
  }

  /** The next log line (from now on) that passes `match`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> {
    let listener: ((line: LogLine) => void) | undefined;
    return within(
      'a server log line',
      new Promise<LogLine>((found) => {
        listener = (line) => {
          if (match(line)) found(line);
        };
        this.listeners.add(listener);
      }),
      timeoutMs,
    ).finally(() => {
      if (listener) this.listeners.delete(listener);
    });
  }

  /** `kill -9`: no shutdown hook runs. Resolves once the process is gone. */
  kill9(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** Graceful stop (SIGTERM), `kill -9` if it does not exit within `timeoutMs`. */
  async stop(timeoutMs = 5000): Promise<void> {
    await within('server to stop', this.signal('SIGTERM'), timeoutMs).catch(() => this.kill9());
  }

  private signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((done) => {
      child.once('exit', () => done());
      child.kill(sig);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The proxy in front of several instances

/**
 * A TCP proxy in front of app instances, as a load balancer without sticky sessions would be: each
 * new connection goes to the first upstream that accepts it (the next one when it refuses), and an
 * upstream that closes a connection closes it for the client too.
 */
export class FailoverProxy {
  readonly url: string;
  private server: Server | undefined;
  private readonly open = new Set<TcpSocket>();

  constructor(
    readonly port: number,
    private readonly upstreams: number[],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  start(): Promise<void> {
    const server = createServer((client) => {
      this.open.add(client);
      client.once('close', () => this.open.delete(client));
      client.on('error', () => client.destroy());
      client.pause();
      const tryFrom = (i: number) => {
        if (i >= this.upstreams.length) {
          client.destroy();
          return;
        }
        const upstream = connectTcp(this.upstreams[i]!, '127.0.0.1');
        let connected = false;
        upstream.once('error', () => {
          if (!connected) tryFrom(i + 1);
        });
        upstream.once('connect', () => {
          connected = true;
          this.open.add(upstream);
          upstream.once('close', () => {
            this.open.delete(upstream);
            client.destroy();
          });
          client.once('close', () => upstream.destroy());
          upstream.on('error', () => upstream.destroy());
          client.pipe(upstream);
          upstream.pipe(client);
          client.resume();
        });
      };
      tryFrom(0);
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const s of this.open) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// A Redis of the test's own (never the shared one)

export class RedisProcess {
  readonly url: string;
  private child: ChildProcess | undefined;

  constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  /** Starts `redis-server` without persistence; resolves once it accepts connections. */
  start(): Promise<void> {
    const proc = track(
      spawn(
        'redis-server',
        ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        // Redis stands in for an outside service: it runs on the real clock even when the suite
        // runs under libfaketime (TEST_AT), like the shared Redis and PostgreSQL do.
        { stdio: ['ignore', 'pipe', 'pipe'], env: realClockEnv() },
      ),
    );
    this.child = proc;
    const out: string[] = [];
    return within(
      `redis-server on ${this.port}`,
      new Promise<void>((ready, failed) => {
        createInterface({ input: proc.stdout! }).on('line', (line) => {
          out.push(line);
          if (line.includes('Ready to accept connections')) ready();
        });
        proc.once('exit', (code) =>
          failed(new Error(`redis-server exited ${code}: ${out.join('\n')}`)),
        );
      }),
      10_000,
    );
  }

  /** `kill -9`; resolves once it is gone. */
  kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  }

  /** CLIENT LIST through a short-lived connection: every client's fields. */
  async clients(): Promise<Record<string, string>[]> {
    const redis = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await redis.connect();
      const list = (await redis.client('LIST')) as string;
      return list
        .split('\n')
        .filter(Boolean)
        .map((line) =>
          Object.fromEntries(
            line.split(' ').map((kv) => {
              const i = kv.indexOf('=');
              return [kv.slice(0, i), kv.slice(i + 1)];
            }),
          ),
        );
    } finally {
      redis.disconnect();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP and sockets

export type Answer<T = unknown> = {
  status: number;
  body: { success: true; data: T } | { success: false; error: { code: string; message: string } };
  ms: number;
};

/** One request bounded to `timeoutMs` (a hang rejects with TimeoutError). */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = Date.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
  });
  const body = (await res.json()) as Answer<T>['body'];
  return { status: res.status, body, ms: Date.now() - started };
}

/** Like `call`, but answers the data and throws on anything but success. */
export async function data<T>(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<T> {
  const a = await call<T>(baseUrl, method, path, opts);
  if (!a.body.success)
    throw new Error(
      `${method} ${path} → ${a.status} ${a.body.error.code}: ${a.body.error.message}`,
    );
  return a.body.data;
}

export async function login(baseUrl: string, email: string, password: string) {
  return data<{ token: string; advisor: { advisorId: string } }>(
    baseUrl,
    'POST',
    '/api/advisors/login',
    { body: { email, password } },
  );
}

export type AdvisorSession = { advisorId: string; token: string; email: string };

/** The admin creates an advisor, who signs in. */
export async function createAdvisor(
  baseUrl: string,
  adminToken: string,
  name: string,
): Promise<AdvisorSession> {
  const email = `${randomName(name.toLowerCase())}@faults.test`;
  await data(baseUrl, 'POST', '/api/advisors', {
    token: adminToken,
    body: { name, email, password: ADVISOR_PASSWORD },
  });
  const session = await login(baseUrl, email, ADVISOR_PASSWORD);
  return { advisorId: session.advisor.advisorId, token: session.token, email };
}

export type AdvisorSocket = Socket<ServerToClientEvents>;

const sockets = new Set<Socket>();

/**
 * The dashboard's socket: token in the handshake, then `advisor:connect` (which makes the advisor
 * online for routing). `before` attaches listeners ahead of the first event.
 */
export async function connectAdvisor(
  baseUrl: string,
  advisor: AdvisorSession,
  before?: (s: AdvisorSocket) => void,
): Promise<AdvisorSocket> {
  const socket: AdvisorSocket = io(baseUrl, {
    auth: { token: advisor.token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    autoConnect: false,
  });
  sockets.add(socket);
  before?.(socket);
  await within(
    'the socket to connect',
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
      socket.connect();
    }),
    5000,
  );
  const ack = await within(
    'advisor:connect',
    (
      socket.timeout(5000) as unknown as {
        emitWithAck(e: string, p: unknown): Promise<{ ok: boolean; error?: { code: string } }>;
      }
    ).emitWithAck('advisor:connect', { advisorId: advisor.advisorId, token: advisor.token }),
    5000,
  );
  if (!ack.ok) throw new Error(`advisor:connect → ${ack.error?.code ?? '?'}`);
  return socket;
}

/** Every `call:new` a socket receives, by call id. */
export function recordOffers(socket: AdvisorSocket): Set<string> {
  const seen = new Set<string>();
  socket.on('call:new', (c) => seen.add(c.callId));
  socket.on('call:new:urgent', (c) => seen.add(c.callId));
  return seen;
}

export function closeSockets(): void {
  for (const s of sockets) s.disconnect();
  sockets.clear();
}

export async function setAvailable(baseUrl: string, advisor: AdvisorSession): Promise<void> {
  await data(baseUrl, 'POST', `/api/advisors/${advisor.advisorId}/status`, {
    token: advisor.token,
    body: { status: 'available' },
  });
}

export type CallRequested = { callId: string; advisorId: string | null; status: string };

export function requestCall(baseUrl: string, name: string): Promise<CallRequested> {
  return data<CallRequested>(baseUrl, 'POST', '/api/calls/request', {
    body: { name, phone: '+51 999 888 777', message: 'Prueba de fallos', consent: true },
  });
}
