/**
 * Test harness: a fresh app on a fresh migrated database per call. SQLite uses a temp file;
 * PostgreSQL (when `dialect: 'postgres'`) a schema of its own in the `test` database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/kysely.js';
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
    if (process.env.CI === 'true') throw new Error(`PostgreSQL required under CI=true but unreachable: ${String(err)}`);
    console.warn(`\n!!! PostgreSQL at ${PG_URL} unreachable: PostgreSQL suites SKIPPED (${String(err)})\n`);
    pgReachable = false;
  } finally {
    await client.end().catch(() => undefined);
  }
  return pgReachable;
}

/** The dialects a suite runs on: always SQLite, PostgreSQL when reachable. */
export async function dialects(): Promise<Dialect[]> {
  return (await postgresAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestDatabase = DatabaseHandle & { url: string; schema?: string; drop: () => Promise<void> };

export async function createTestDatabase(dialect: Dialect = 'sqlite'): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'belleza-test-'));
    const url = `sqlite:${join(dir, 'test.db')}`;
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
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase(PG_URL, { schema, poolSize: 30 });
  return {
    ...handle,
    url: PG_URL,
    schema,
    drop: async () => {
      await handle.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', SWEEPER: 'off', DATABASE_URL: 'sqlite::memory:' }),
    webDist: '/nonexistent',
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
  options: { dialect?: Dialect; config?: Partial<Config>; db?: TestDatabase; clock?: ManualClock } & Omit<
    BuildOptions,
    'database' | 'clock' | 'notifier'
  > = {},
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
