/**
 * Report and call-list latency on a big history: 1,000,000 calls over 12 months and 50 advisors,
 * on SQLite (temp file) and on PostgreSQL (a throwaway database) when it is reachable.
 * Prints the median of RUNS requests per endpoint next to a baseline measured in the same run.
 *
 *   npm run bench:reports                 (BENCH_CALLS=200000 for a quicker pass;
 *                                          BENCH_SMOKE=1: 2,000 calls, one run each)
 *
 * It exits non-zero when an endpoint answers anything but 200 or a database cannot be loaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { defaultWorkingHours } from '@belleza/contract';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type Dialect,
} from '../packages/server/src/db/kysely.js';
import { limaDateOf, limaDayBoundsUtc } from '../packages/server/src/db/sql-fns.js';
import type { AdvisorsTable } from '../packages/server/src/db/schema.js';
import { hashSecret, newSecret } from '../packages/server/src/lib/ids.js';
import {
  generateCalls,
  type GeneratedCalls,
} from '../packages/server/src/modules/demo/demo.generator.js';
import { createRng } from '../packages/server/src/modules/demo/demo.random.js';
import {
  createReportsService,
  limaMonthKeys,
  limaMonthStartUtc,
} from '../packages/server/src/modules/reports/reports.service.js';
import { ManualClock } from '../packages/server/src/lib/clock.js';
import { warmReports } from '../packages/server/src/bootstrap/warm-reports.js';
import { setting, SMOKE } from './support/smoke.js';
import {
  callPartials,
  clientAggregate,
  fingerprints,
  offerPartials,
} from '../packages/server/src/modules/reports/reports.repository.js';

const CALLS = setting('BENCH_CALLS', 1_000_000, 2_000);
const ADVISORS = 50;
const MONTHS = 12;
const RUNS = SMOKE ? 1 : 7;
/** Keep the SQLite file and PostgreSQL database afterwards (to look at query plans). */
const KEEP = process.env.BENCH_KEEP === '1';
const CHUNK = 10_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const now = new Date();

type Row = Record<string, string | number | null>;

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1).padStart(8)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function timeRuns(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: statement caches, page cache
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

function advisorRows(): AdvisorsTable[] {
  const at = new Date(now.getTime() - 400 * 24 * 3600_000).toISOString();
  return Array.from({ length: ADVISORS + 1 }, (_, i) => ({
    id: i === ADVISORS ? 'adv_bench_admin' : `adv_bench_${i}`,
    name: i === ADVISORS ? 'Bench Admin' : `Asesora ${i}`,
    email: i === ADVISORS ? 'admin@bench.test' : `asesora${i}@bench.test`,
    password_hash: 'x',
    status: i % 3 === 0 ? 'available' : 'offline',
    status_reason: null,
    is_admin: i === ADVISORS ? 1 : 0,
    show_on_landing: 0,
    title: 'Estilista',
    phone: '',
    bio: '',
    timezone: 'America/Lima',
    expertise: '[]',
    auto_accept_calls: 0,
    max_concurrent_calls: 2,
    working_hours: JSON.stringify(defaultWorkingHours),
    missed_offers_in_row: 0,
    last_call_ended_at: null,
    suspended_at: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  }));
}

/**
 * Streams the history chunk by chunk, so a million calls never sit in memory at once. Each chunk
 * covers the next slice of time, so rows land in request order as the live service writes them.
 */
async function loadHistory(
  load: (chunk: GeneratedCalls) => Promise<void>,
): Promise<{ calls: number; offers: number }> {
  const rng = createRng(42);
  const refs = Array.from({ length: ADVISORS }, (_, i) => ({
    id: `adv_bench_${i}`,
    weight: 1 + (i % 5) / 4,
  }));
  const spanStart = new Date(limaMonthStartUtc(limaMonthKeys(now, MONTHS)[0] ?? '')).getTime();
  const spanEnd = now.getTime() - 3600_000;
  const slices = Math.ceil(CALLS / CHUNK);
  let offers = 0;
  for (let i = 0; i < slices; i++) {
    const start = i * CHUNK;
    const slice = {
      start: new Date(spanStart + ((spanEnd - spanStart) * i) / slices),
      end: new Date(spanStart + ((spanEnd - spanStart) * (i + 1)) / slices),
    };
    const chunk = generateCalls(Math.min(CHUNK, CALLS - start), refs, MONTHS, rng, {
      now,
      startIndex: start,
      regularClients: 20_000,
      slice,
    });
    offers += chunk.offers.length;
    await load(chunk);
    if (i % 20 === 19) process.stdout.write(`  … ${fmt(start + CHUNK)} calls\n`);
  }
  return { calls: CALLS, offers };
}

/** SQLite: one transaction, one prepared multi-row INSERT per table reused for every full batch. */
async function loadSqlite(file: string) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const statements = new Map<string, SQLite.Statement>();
  const insert = (table: string, rows: Row[], batch: number) => {
    const first = rows[0];
    if (!first) return;
    const cols = Object.keys(first);
    const stmtFor = (n: number) => {
      const key = `${table}:${n}`;
      let stmt = statements.get(key);
      if (!stmt) {
        const tuple = `(${cols.map(() => '?').join(',')})`;
        stmt = raw.prepare(
          `insert into ${table} (${cols.join(',')}) values ${Array(n).fill(tuple).join(',')}`,
        );
        statements.set(key, stmt);
      }
      return stmt;
    };
    for (let i = 0; i < rows.length; i += batch) {
      const part = rows.slice(i, i + batch);
      stmtFor(part.length).run(part.flatMap((r) => cols.map((c) => r[c] ?? null)));
    }
  };
  raw.exec('begin');
  insert('advisors', advisorRows(), 100);
  const counts = await loadHistory((chunk) => {
    insert('calls', chunk.calls, 500);
    insert('call_offers', chunk.offers, 1000);
    return Promise.resolve();
  });
  raw.exec('commit');
  raw.close();
  return counts;
}

/**
 * PostgreSQL: 10,000 rows per INSERT … SELECT FROM unnest(one array per column). Each array is
 * cast to its column's type as the catalogue gives it, so a column added by a migration loads
 * without touching this file.
 */
async function loadPostgres(handle: DatabaseHandle) {
  const { rows: columns } = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
  }>`
    select table_name, column_name, udt_name from information_schema.columns
     where table_schema = current_schema() and table_name in ('advisors', 'calls', 'call_offers')`.execute(
    handle.db,
  );
  const typeOf = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.udt_name]));
  const insert = async (table: 'advisors' | 'calls' | 'call_offers', rows: Row[]) => {
    const first = rows[0];
    if (!first) return;
    const cols = Object.keys(first);
    const arrays = cols.map((c) => {
      const type = typeOf.get(`${table}.${c}`);
      if (!type) throw new Error(`bench row has ${table}.${c}, which the schema lacks`);
      return sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(type)}[]`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(
      handle.db,
    );
  };
  await insert('advisors', advisorRows());
  const counts = await loadHistory(async (chunk) => {
    await insert('calls', chunk.calls);
    await insert('call_offers', chunk.offers);
  });
  // What autovacuum does soon after a bulk load: planner statistics and the visibility map
  // (index-only scans).
  await sql`vacuum analyze advisors, calls, call_offers`.execute(handle.db);
  return counts;
}

async function measure(
  label: string,
  dialect: Dialect,
  handle: DatabaseHandle,
  databaseUrl: string,
) {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', SWEEPER: 'off', DATABASE_URL: databaseUrl }),
    webDist: '/nonexistent',
  };
  const app = await buildApp(config, { database: handle });
  await app.ready();
  const token = newSecret();
  await handle.db
    .insertInto('advisor_sessions')
    .values({
      id: 'ses_bench',
      advisor_id: 'adv_bench_admin',
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3600_000).toISOString(),
      last_used_at: now.toISOString(),
      revoked_at: null,
    })
    .execute();
  const headers = { authorization: `Bearer ${token}` };
  const endDate = limaDateOf(now);
  const startDate = limaDateOf(new Date(now.getTime() - 90 * 24 * 3600_000));

  const baseline = await timeRuns(() => sql`select count(*) from calls`.execute(handle.db));
  // Other work on the machine skews timings; the 1-minute load average says how much.
  console.log(`\n${label}, load average ${(loadavg()[0] ?? 0).toFixed(1)}`);
  console.log(`  ${'baseline: select count(*) from calls'.padEnd(72)}${ms(baseline)}`);

  // A process's first report, on a connection of its own (as a process that starts has): once on
  // a database no report ran on (no rollups yet, as right after the upgrade that adds them),
  // then as every later start finds it (the rollups another process kept).
  const firstReport = async () => {
    const own = openDatabase(databaseUrl, { poolSize: 4 });
    try {
      const t = performance.now();
      await createReportsService({ db: own.db, dialect, clock: new ManualClock(now) }).getReport(6);
      return performance.now() - t;
    } finally {
      await own.close();
    }
  };
  await sql`delete from report_rollups`.execute(handle.db);
  const veryFirst = await firstReport();
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) starts.push(await firstReport());
  // What the server's entry does before it listens (bootstrap/warm-reports.ts): the admin's first
  // request after a start then finds the report in memory.
  const warmedFirst = async () => {
    const own = openDatabase(databaseUrl, { poolSize: 4 });
    try {
      const reports = createReportsService({ db: own.db, dialect, clock: new ManualClock(now) });
      const warmedIn = await warmReports({ reports, log: { info: () => {}, warn: console.warn } });
      if (warmedIn === null) throw new Error('warm-up failed');
      const t = performance.now();
      await reports.getReport(6);
      return { warmedIn, first: performance.now() - t };
    } finally {
      await own.close();
    }
  };
  const warmed: { warmedIn: number; first: number }[] = [];
  for (let i = 0; i < RUNS; i++) warmed.push(await warmedFirst());
  console.log(
    `  ${"a process's first report, no rollups yet (once per database)".padEnd(72)}${ms(veryFirst)}`,
  );
  console.log(
    `  ${"a process's first report, rollups kept (every later start)".padEnd(72)}${ms(median(starts))}`,
  );
  console.log(
    `  ${'  the same after the start-up warm-up (its time before listening)'.padEnd(72)}${ms(median(warmed.map((w) => w.first)))}   (warm-up ${ms(median(warmed.map((w) => w.warmedIn)))})`,
  );

  const endpoints = [
    '/api/reports',
    '/api/calls/stats',
    `/api/calls?status=completed&startDate=${startDate}&endDate=${endDate}&page=3&limit=50`,
  ];
  for (const url of endpoints) {
    const probe = await app.inject({ method: 'GET', url, headers });
    const name = `GET ${url}`.padEnd(72);
    if (probe.statusCode !== 200) {
      console.error(`  ${name}  !!! HTTP ${probe.statusCode}: ${probe.body.slice(0, 200)}`);
      process.exitCode = 1;
      continue;
    }
    const t = await timeRuns(() => app.inject({ method: 'GET', url, headers }));
    console.log(
      `  ${name}${ms(t)}   (${(t / baseline).toFixed(1)}× baseline, ${fmt(probe.body.length)} bytes)`,
    );
  }

  // Where the report's time goes, and its three paths: typical (days before today cached, today
  // live), once a minute (cached days re-checked, returning clients recomputed), and cold.
  const keys = limaMonthKeys(now, 6);
  const monthRange = (k: string) => ({
    start: limaMonthStartUtc(k),
    end: limaMonthStartUtc(
      limaMonthKeys(new Date(new Date(limaMonthStartUtc(k)).getTime() + 40 * 86400_000), 1)[0] ??
        '',
    ),
  });
  const current = monthRange(keys[5] ?? '');
  const todayStart = limaDayBoundsUtc(limaDateOf(now)).start;
  const today = { start: todayStart, end: current.end };
  const beforeToday = { start: current.start, end: todayStart };
  const window = { start: monthRange(keys[0] ?? '').start, end: current.end };
  const minuteClock = new ManualClock(now);
  const minuteService = createReportsService({ db: handle.db, dialect, clock: minuteClock });
  await minuteService.getReport(6);
  const parts: [string, () => Promise<unknown>][] = [
    [
      "part: today's calls + offers (read live on every report)",
      () =>
        Promise.all([
          callPartials(handle.db, dialect, today),
          offerPartials(handle.db, dialect, today),
        ]),
    ],
    [
      'part: this month before today, calls + offers (cached)',
      () =>
        Promise.all([
          callPartials(handle.db, dialect, beforeToday),
          offerPartials(handle.db, dialect, beforeToday),
        ]),
    ],
    [
      'part: fingerprints of the 6 cached segments',
      () => fingerprints(handle.db, [...keys.slice(0, 5).map(monthRange), beforeToday]),
    ],
    [
      'part: returning clients over the window (GROUP BY client)',
      () => clientAggregate(handle.db, window),
    ],
    ['service getReport(6), typical (as the GET above)', () => app.container.reports.getReport(6)],
    [
      'background re-check + returning clients (no request waits on it)',
      async () => {
        minuteClock.advance(61_000);
        await minuteService.getReport(6);
        await minuteService.settled();
      },
    ],
    [
      'service getReport(6), new service on the same connection',
      () =>
        createReportsService({ db: handle.db, dialect, clock: new ManualClock(now) }).getReport(6),
    ],
  ];
  for (const [name, fn] of parts) console.log(`    ${name.padEnd(70)}${ms(await timeRuns(fn))}`);
  // The request that finds the minute re-check due: timed alone, the background work awaited after.
  const starting: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    minuteClock.advance(61_000);
    const t = performance.now();
    await minuteService.getReport(6);
    starting.push(performance.now() - t);
    await minuteService.settled();
  }
  console.log(
    `    ${'service getReport(6), the request that starts the re-check'.padEnd(70)}${ms(median(starting))}`,
  );
  await app.close();
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function main() {
  console.log(
    `reports bench: ${fmt(CALLS)} calls over ${MONTHS} months, ${ADVISORS} advisors; median of ${RUNS} runs`,
  );

  const dir = mkdtempSync(join(tmpdir(), 'belleza-bench-'));
  const file = join(dir, 'bench.db');
  try {
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db);
    const t = performance.now();
    const counts = await loadSqlite(file);
    const secs = ((performance.now() - t) / 1000).toFixed(1);
    await measure(
      `SQLite (${fmt(counts.calls)} calls, ${fmt(counts.offers)} offers; loaded in ${secs} s)`,
      'sqlite',
      handle,
      `sqlite:${file}`,
    );
    await handle.close();
  } finally {
    if (KEEP) console.log(`  kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  if (!(await postgresReachable())) {
    console.log(`\n!!! PostgreSQL at ${PG_URL} unreachable: skipped`);
    if (process.env.CI === 'true') process.exitCode = 1;
    return;
  }
  // A database of its own rather than a schema: Kysely's migrator looks for its lock table in every
  // schema of the database, so a bench schema would disturb test suites running at the same time.
  const database = `belleza_bench_${Date.now().toString(36)}`;
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  await adminQuery(`create database ${database}`);
  try {
    const handle = openDatabase(url.toString(), { poolSize: 4 });
    await migrateToLatest(handle.db);
    const t = performance.now();
    const counts = await loadPostgres(handle);
    const secs = ((performance.now() - t) / 1000).toFixed(1);
    await measure(
      `PostgreSQL (${fmt(counts.calls)} calls, ${fmt(counts.offers)} offers; loaded in ${secs} s)`,
      'postgres',
      handle,
      url.toString(),
    );
    await handle.close();
  } finally {
    if (KEEP) console.log(`  kept database ${database}`);
    else await adminQuery(`drop database if exists ${database} with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
