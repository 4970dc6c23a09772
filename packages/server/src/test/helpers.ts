/**
 * Test harness: a fresh app on a fresh migrated database per call. SQLite uses a temp file (a copy
 * of one migrated once for the whole run);
 * PostgreSQL (when `dialect: 'postgres'`) a schema of its own in the `test` database. Migrating a
 * PostgreSQL schema takes about a second, so a test file reuses its finished schemas: dropping one
 * that is at the latest migration empties its tables and keeps it for the file's next database,
 * and the last ones are dropped when the file ends (`dropSpareSchemas`, in the setup file).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrationNames, openDatabase, type DatabaseHandle, type Dialect } from '../db/kysely.js';
import { ManualClock } from '../lib/clock.js';
import { RecordingNotifier } from '../lib/notifier.js';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: boolean | undefined;
/** Whether the PostgreSQL suites run: reachable, or required (CI=true makes absence a failure). */
export async function postgresAvailable(): Promise<boolean> {
  if (pgReachable !== undefined) return pgReachable;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    pgReachable = true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(`PostgreSQL required under CI=true but unreachable: ${String(err)}`);
    console.warn(
      `\n!!! PostgreSQL at ${PG_URL} unreachable: PostgreSQL suites SKIPPED (${String(err)})\n`,
    );
    pgReachable = false;
  } finally {
    await client.end().catch(() => undefined);
  }
  return pgReachable;
}

/**
 * The dialects a suite runs on: always SQLite, PostgreSQL when reachable, unless
 * TEST_SQLITE_ONLY=true (the mutation runs: the same TypeScript on a second database doubles their
 * time and kills no other mutant).
 */
export async function dialects(): Promise<Dialect[]> {
  if (process.env.TEST_SQLITE_ONLY === 'true') return ['sqlite'];
  return (await postgresAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestDatabase = DatabaseHandle & {
  url: string;
  schema?: string;
  drop: () => Promise<void>;
};

/** Emptied schemas at the latest migration, waiting for this test file's next database. */
const spareSchemas: string[] = [];
/** Every schema this test file made and has not dropped (spare ones, and any a test never closed). */
const liveSchemas = new Set<string>();

async function withPgClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Keeps a schema for the next database when it is at the latest migration (one a test left half
 * migrated, or changed by hand, is dropped): its tables are emptied, the migrations' own kept.
 */
async function spareOrDrop(schema: string): Promise<void> {
  await withPgClient(async (client) => {
    try {
      const done = await client.query<{ name: string }>(
        `select name from ${schema}.kysely_migration`,
      );
      const tables = await client.query<{ tablename: string }>(
        `select tablename from pg_tables where schemaname = $1 and tablename not like 'kysely\\_%'`,
        [schema],
      );
      const recorded = new Set(done.rows.map((r) => r.name));
      const latest =
        recorded.size === migrationNames.length && migrationNames.every((n) => recorded.has(n));
      if (latest && tables.rows.length > 0) {
        const list = tables.rows.map((r) => `${schema}."${r.tablename}"`).join(', ');
        await client.query(`truncate table ${list} restart identity cascade`);
        spareSchemas.push(schema);
        return;
      }
    } catch {
      // Not migrated at all (no bookkeeping table): dropped below.
    }
    await client.query(`drop schema if exists ${schema} cascade`);
    liveSchemas.delete(schema);
  });
}

/**
 * Drops every schema this test file made and did not drop: the ones kept for reuse, and any whose
 * test never closed its app (a failed test). The setup file runs it after each file.
 */
export async function dropSpareSchemas(): Promise<void> {
  spareSchemas.splice(0);
  const schemas = [...liveSchemas];
  liveSchemas.clear();
  if (schemas.length === 0) return;
  await withPgClient(async (client) => {
    // An app left open may still hold a lock: give up on that schema rather than hang the file.
    await client.query(`set lock_timeout = '5s'`);
    for (const schema of schemas)
      await client.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
  });
}

/**
 * A database for one test. On SQLite it is at the latest migration, and on PostgreSQL it may be
 * (a schema an earlier test of the same file left, migrated, every table empty), unless
 * `unmigrated` asks for a brand-new one, as migration tests do.
 */
export async function createTestDatabase(
  dialect: Dialect = 'sqlite',
  options: { unmigrated?: boolean } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'belleza-test-'));
    const file = join(dir, 'test.db');
    // A copy of the file the global setup migrated (test/global-setup.ts): the app's own migration
    // then finds nothing to do.
    if (!options.unmigrated) copyFileSync(inject('sqliteTemplate'), file);
    const url = `sqlite:${file}`;
    const handle = openDatabase(url);
    return {
      ...handle,
      url,
      drop: async () => {
        await handle.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  let schema = options.unmigrated ? undefined : spareSchemas.pop();
  if (!schema) {
    const fresh = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await withPgClient((client) => client.query(`create schema ${fresh}`));
    liveSchemas.add(fresh);
    schema = fresh;
  }
  const handle = openDatabase(PG_URL, { schema, poolSize: 30 });
  let dropped = false;
  return {
    ...handle,
    url: PG_URL,
    schema,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await handle.close().catch(() => undefined);
      await spareOrDrop(schema);
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', SWEEPER: 'off', DATABASE_URL: 'sqlite::memory:' }),
    webDist: '/nonexistent',
    // What one person may leave open (calls waiting, bookings to come), the mails to one address
    // and the moves of one booking have their own tests; the rest make many of each.
    callRequestOpenLimit: 100_000,
    callRequestOpenPhoneLimit: 100_000,
    visitorGoneEndMs: 120_000,
    bookingOpenLimit: 100_000,
    bookingOpenAddressLimit: 100_000,
    mailRecipientHourlyLimit: 100_000,
    bookingChangesDailyLimit: 100_000,
    ...overrides,
  };
}

export type TestApp = {
  app: App;
  db: TestDatabase;
  clock: ManualClock;
  notifier: RecordingNotifier;
  close: () => Promise<void>;
};

/** A fresh app on a fresh database. `db` may be passed to restart an app on the same data. */
export async function createTestApp(
  options: {
    dialect?: Dialect;
    config?: Partial<Config>;
    db?: TestDatabase;
    clock?: ManualClock;
  } & Omit<BuildOptions, 'database' | 'clock' | 'notifier'> = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase(options.dialect ?? 'sqlite'));
  const clock = options.clock ?? new ManualClock();
  const notifier = new RecordingNotifier();
  const app = await buildApp(testConfig(options.config), {
    database: db,
    clock,
    notifier,
    ...(options.instanceId ? { instanceId: options.instanceId } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    notifier,
    close: async () => {
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the suites needing Redis run: reachable, or required (CI=true makes absence a failure). */
export async function redisAvailable(suite: string): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(
        `Redis required under CI=true but unreachable at ${REDIS_URL}: ${String(err)}`,
      );
    console.warn(`\n!!! Redis at ${REDIS_URL} unreachable: ${suite} SKIPPED (${String(err)})\n`);
    return false;
  } finally {
    client.disconnect();
  }
}
