import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  PostgresIntrospector,
  SqliteDialect,
  sql,
  type Dialect as KyselyDialect,
  type Driver,
  type Migration,
  type SchemaMetadata,
  type SqliteDialectConfig,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import * as initial from './migrations/2026-11-22-001-initial.js';
import * as reportIndexes from './migrations/2026-11-22-002-report-indexes.js';
import * as statsIndexes from './migrations/2026-11-23-003-stats-indexes.js';
import * as auditActionIndex from './migrations/2026-11-23-004-audit-action-index.js';
import * as callMediaStats from './migrations/2026-11-24-005-call-media-stats.js';
import * as callEndWarnings from './migrations/2026-11-24-007-call-end-warnings.js';
import * as dropSmsAndRegistration from './migrations/2026-11-24-008-drop-sms-and-registration.js';
import * as dailySummaryMails from './migrations/2026-11-25-009-daily-summary-mails.js';
import * as advisorOnLanding from './migrations/2026-11-26-010-advisor-on-landing.js';
import * as callMessages from './migrations/2026-11-26-011-call-messages.js';
import * as callImages from './migrations/2026-11-26-012-call-images.js';
import * as callSummaries from './migrations/2026-11-26-013-call-summaries.js';
import * as screenShareSetting from './migrations/2026-11-26-014-screen-share-setting.js';
import * as imageKind from './migrations/2026-11-26-015-image-kind.js';
import * as appointments from './migrations/2026-11-26-016-appointments.js';
import * as advisorPhotos from './migrations/2026-11-26-017-advisor-photos.js';
import * as requesterCaps from './migrations/2026-11-28-018-requester-caps.js';
import * as advisorSuspension from './migrations/2026-11-28-019-advisor-suspension.js';
import * as passwordResets from './migrations/2026-11-28-020-password-resets.js';
import * as hashedLinkKeys from './migrations/2026-12-01-021-hashed-link-keys.js';
import * as emailConfirmations from './migrations/2026-12-01-022-email-confirmations.js';
import * as visitorPresence from './migrations/2026-12-02-023-visitor-presence.js';
import * as salonCatalogue from './migrations/2026-12-02-025-salon-catalogue.js';
import * as salonProfile from './migrations/2026-12-02-026-salon-profile.js';
import * as colourChart from './migrations/2026-12-04-027-colour-chart.js';
import * as reportRollups from './migrations/2026-12-04-028-report-rollups.js';
import * as callIntakes from './migrations/2026-12-04-029-call-intakes.js';
import * as serviceBookings from './migrations/2026-12-06-030-service-bookings.js';
import * as webhooks from './migrations/2026-12-06-031-webhooks.js';
import * as returningClients from './migrations/2026-12-06-032-returning-clients.js';
import * as whatsapp from './migrations/2026-12-08-033-whatsapp.js';
import * as deskBookings from './migrations/2026-12-08-035-desk-bookings.js';
import * as serviceOutcomes from './migrations/2026-12-08-034-service-outcomes.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
  /** PostgreSQL only: the schema the app lives in, when not the default search path */
  schema?: string;
};

/** Migrations in order; a new one is appended here (no filesystem scanning, so builds stay simple). */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-report-indexes': reportIndexes,
  '2026-11-23-003-stats-indexes': statsIndexes,
  '2026-11-23-004-audit-action-index': auditActionIndex,
  '2026-11-24-005-call-media-stats': callMediaStats,
  '2026-11-24-007-call-end-warnings': callEndWarnings,
  '2026-11-24-008-drop-sms-and-registration': dropSmsAndRegistration,
  '2026-11-25-009-daily-summary-mails': dailySummaryMails,
  '2026-11-26-010-advisor-on-landing': advisorOnLanding,
  '2026-11-26-011-call-messages': callMessages,
  '2026-11-26-012-call-images': callImages,
  '2026-11-26-013-call-summaries': callSummaries,
  '2026-11-26-014-screen-share-setting': screenShareSetting,
  '2026-11-26-015-image-kind': imageKind,
  '2026-11-26-016-appointments': appointments,
  '2026-11-26-017-advisor-photos': advisorPhotos,
  '2026-11-28-018-requester-caps': requesterCaps,
  '2026-11-28-019-advisor-suspension': advisorSuspension,
  '2026-11-28-020-password-resets': passwordResets,
  '2026-12-01-021-hashed-link-keys': hashedLinkKeys,
  '2026-12-01-022-email-confirmations': emailConfirmations,
  '2026-12-02-023-visitor-presence': visitorPresence,
  '2026-12-02-025-salon-catalogue': salonCatalogue,
  '2026-12-02-026-salon-profile': salonProfile,
  '2026-12-04-027-colour-chart': colourChart,
  '2026-12-04-028-report-rollups': reportRollups,
  '2026-12-04-029-call-intakes': callIntakes,
  '2026-12-06-030-service-bookings': serviceBookings,
  '2026-12-06-031-webhooks': webhooks,
  '2026-12-06-032-returning-clients': returningClients,
  '2026-12-08-033-whatsapp': whatsapp,
  '2026-12-08-035-desk-bookings': deskBookings,
  '2026-12-08-034-service-outcomes': serviceOutcomes,
};

export type DatabaseOptions = {
  /** PostgreSQL only: schema to use (tests isolate themselves in a schema each). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * PostgreSQL: an idle pooled connection that dies (server restart, pg_terminate_backend, network)
   * is reported here. Without a listener pg's pool re-throws it and the whole process exits.
   */
  onConnectionError?: (err: Error) => void;
  /** SQLite: a query that waited CONNECTION_WAIT_WARN_MS for the one connection (see below). */
  onLongWait?: (wait: LongWait) => void;
};

/**
 * SQLite has one connection, which Kysely hands out behind a mutex; every query takes well under a
 * millisecond, so a wait of seconds means a holder that does not let go (a transaction awaiting
 * something slow, or a query on the outer `db` instead of its `trx`, which waits forever). Such a
 * wait is reported, with how many queries wait behind it and how long the holder has held on.
 */
export const CONNECTION_WAIT_WARN_MS = 5_000;
export type LongWait = { waitedMs: number; waiting: number; heldMs: number };

class WatchedSqliteDialect extends SqliteDialect {
  readonly #onLongWait: (wait: LongWait) => void;

  constructor(config: SqliteDialectConfig, onLongWait: (wait: LongWait) => void) {
    super(config);
    this.#onLongWait = onLongWait;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    let heldSince = 0;
    let waiting = 0;
    driver.acquireConnection = async () => {
      const since = Date.now();
      waiting += 1;
      const timer = setTimeout(
        () =>
          this.#onLongWait({
            waitedMs: Date.now() - since,
            waiting,
            heldMs: Date.now() - heldSince,
          }),
        CONNECTION_WAIT_WARN_MS,
      );
      timer.unref();
      try {
        const connection = await acquire();
        heldSince = Date.now();
        return connection;
      } finally {
        waiting -= 1;
        clearTimeout(timer);
      }
    };
    return driver;
  }
}

const defaultConnectionError = (err: Error): void => {
  console.warn(`database connection lost: ${err.message}`);
};

const defaultLongWait = (wait: LongWait): void => {
  console.warn(`a query waited ${wait.waitedMs} ms for the SQLite connection`, wait);
};

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres:') || url.startsWith('postgresql:')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // The pool drops the dead client and opens a new one on the next query. The pool's listener
    // covers idle clients; a client checked out at that moment (mid-transaction) emits on itself,
    // and its query fails on its own (answered 503 by the error handler).
    const onError = (err: Error) => (options.onConnectionError ?? defaultConnectionError)(err);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const dialect = new PostgresDialect({ pool });
    const db = new Kysely<Database>({ dialect });
    if (options.schema) migrationViews.set(db, scopedMigrationDb(dialect, options.schema));
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      ...(options.schema ? { schema: options.schema } : {}),
    };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new WatchedSqliteDialect({ database: sqlite }, options.onLongWait ?? defaultLongWait),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * What the migrator sees of a PostgreSQL database that lives in one schema: only that schema's
 * tables. Kysely's own introspector reads every column of every schema to learn whether its two
 * bookkeeping tables exist, which grows with the database and fails ("schema … does not exist")
 * when another schema is dropped meanwhile, as test schemas are.
 */
class SchemaIntrospector extends PostgresIntrospector {
  // Still a PostgresIntrospector: migrations tell PostgreSQL from SQLite by it.
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {
    super(db);
  }

  override async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(
      this.db,
    );
    return rows;
  }

  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; isView: boolean }>`
      select c.relname as name, c.relkind = 'v' as "isView"
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map((r) => ({ ...r, schema: this.schema, columns: [] }));
  }

  override async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** The same pool and SQL as `dialect`, introspected within `schema` (never destroyed: shares the pool). */
function scopedMigrationDb(dialect: PostgresDialect, schema: string): Db {
  const scoped: KyselyDialect = {
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => new SchemaIntrospector(db, schema),
  };
  return new Kysely<Database>({ dialect: scoped });
}

/** The database the migrator uses in place of a handle's own (PostgreSQL in a schema). */
const migrationViews = new WeakMap<Db, Db>();

/** The names of every migration, in order (what a database at the latest has recorded). */
export const migrationNames: readonly string[] = Object.keys(migrations);

/** The app's migrator on `db` (the upgrade-path test also moves it to an earlier version). */
export function createMigrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db: migrationViews.get(db) ?? db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // In a schema of its own, the bookkeeping tables are looked for there only (Kysely otherwise
    // looks in every schema, and another schema's tables make it skip creating its own).
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
