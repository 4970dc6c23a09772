/**
 * Backups of the SQLite database and their restore (`npm run backup`, `npm run restore FILE`).
 * Every byte the product keeps, uploaded photos included, lives in the database file, so a
 * backup is that one file. See README.md#backups and docs/decisions.md#backups-and-restore.
 */
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { migrationNames } from '../db/kysely.js';
import type { Clock } from '../lib/clock.js';

export type BackupErrorCode =
  | 'POSTGRES'
  | 'MEMORY'
  | 'NO_DATABASE'
  | 'NO_FILE'
  | 'BACKUP_EXISTS'
  | 'NOT_A_DATABASE'
  | 'NOT_BELLEZA'
  | 'NEWER_VERSION'
  | 'CORRUPT'
  | 'SAME_FILE'
  | 'IN_USE';

/** A refusal with a message meant for the operator who ran the command (no stack trace). */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const PG_DUMP_HINT =
  'back it up with pg_dump -Fc and restore with pg_restore (photos are in the database too; see README.md#backups)';

/** The SQLite file a DATABASE_URL names, read as openDatabase reads it (relative to the cwd). */
export function sqliteFileOf(databaseUrl: string): string {
  if (/^postgres(ql)?:/.test(databaseUrl))
    throw new BackupError('POSTGRES', `DATABASE_URL is a PostgreSQL database: ${PG_DUMP_HINT}.`);
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (file === ':memory:')
    throw new BackupError(
      'MEMORY',
      'DATABASE_URL is an in-memory database: there is nothing to back up.',
    );
  return resolve(file);
}

/** `2026-12-03T18-40-00Z`: UTC, sortable as text, no colons (valid in every file system). */
export function fileStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/**
 * Pages copied per backup step: all of them. The copy then runs in ONE read transaction, a
 * snapshot of the database as of its start; WAL lets the server keep writing meanwhile. Smaller
 * steps would let the server's writes in between them, and each write from another connection
 * restarts the copy from the first page, which under steady load might never end.
 */
const ALL_PAGES = 0x7fffffff;

export type BackupResult = {
  /** the database that was copied */
  source: string;
  /** the backup file written */
  file: string;
  bytes: number;
  durationMs: number;
};

/**
 * Copies the database, while the server may be serving it, to `<dir>/belleza-<UTC instant>.db`
 * through SQLite's online backup: a consistent copy of every committed transaction as of the
 * copy's start, never a torn file. The file appears only when complete (written as `.partial`,
 * then renamed), in rollback-journal mode so it is self-contained (no `-wal` beside it).
 */
export async function backupDatabase(options: {
  databaseUrl: string;
  dir: string;
  clock: Clock;
}): Promise<BackupResult> {
  const source = sqliteFileOf(options.databaseUrl);
  if (!existsSync(source))
    throw new BackupError(
      'NO_DATABASE',
      `No database at ${source}: check DATABASE_URL (the server creates the file on its first start).`,
    );
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `belleza-${fileStamp(options.clock.now())}.db`);
  if (existsSync(file))
    throw new BackupError('BACKUP_EXISTS', `${file} already exists: not overwritten.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });

  const started = performance.now();
  const db = new SQLite(source, { fileMustExist: true });
  try {
    // Waits for a moment the server holds no exclusive lock (WAL readers rarely need to wait).
    db.pragma('busy_timeout = 5000');
    readableOrThrow(db, source);
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  renameSync(partial, file);
  return {
    source,
    file,
    bytes: statSync(file).size,
    durationMs: performance.now() - started,
  };
}

/** A first read, so a file that is not a database fails with a clear refusal before any copy. */
function readableOrThrow(db: SQLite.Database, file: string): void {
  try {
    db.prepare('select count(*) from sqlite_schema').get();
  } catch (err) {
    if (isSqliteCode(err, 'SQLITE_NOTADB'))
      throw new BackupError('NOT_A_DATABASE', `${file} is not a SQLite database.`);
    throw err;
  }
}

function isSqliteCode(err: unknown, code: string): boolean {
  return err instanceof SQLite.SqliteError && err.code === code;
}

export type BackupCheck = {
  /** migrations the backup has recorded */
  applied: number;
  /** migrations this version has that the backup lacks: the next start applies them */
  pending: number;
};

/**
 * Whether `file` is a Belleza database this version can start on: a sound SQLite file
 * (`integrity_check`), with the migrator's bookkeeping table, that has recorded the first
 * migration and none this version does not know (a backup from a newer version).
 */
export function checkBackup(file: string): BackupCheck {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    if (isSqliteCode(err, 'SQLITE_CANTOPEN'))
      throw new BackupError('NO_FILE', `Cannot open ${file}: ${(err as Error).message}.`);
    throw err;
  }
  try {
    let integrity: string[];
    try {
      integrity = db.pragma('integrity_check', { simple: false }) as string[];
    } catch (err) {
      if (isSqliteCode(err, 'SQLITE_NOTADB') || isSqliteCode(err, 'SQLITE_CORRUPT'))
        throw new BackupError('NOT_A_DATABASE', `${file} is not a SQLite database.`);
      throw err;
    }
    const problems = integrity
      .map((row) => Object.values(row as unknown as Record<string, string>)[0])
      .filter((line) => line !== 'ok');
    if (problems.length > 0)
      throw new BackupError(
        'CORRUPT',
        `${file} is damaged (integrity_check: ${problems.slice(0, 3).join('; ')}).`,
      );
    const table = db
      .prepare(`select 1 from sqlite_schema where type = 'table' and name = 'kysely_migration'`)
      .get();
    if (!table)
      throw new BackupError(
        'NOT_BELLEZA',
        `${file} is a SQLite database but not a Belleza one (no migrations table).`,
      );
    const recorded = (
      db.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((r) => r.name);
    if (!recorded.includes(migrationNames[0] ?? ''))
      throw new BackupError(
        'NOT_BELLEZA',
        `${file} is a SQLite database but not a Belleza one (its migrations are not this product's).`,
      );
    const known = new Set(migrationNames);
    const unknown = recorded.filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new BackupError(
        'NEWER_VERSION',
        `${file} comes from a newer version (migrations ${unknown.join(', ')} are unknown here): restore it with that version or later.`,
      );
    return { applied: recorded.length, pending: migrationNames.length - recorded.length };
  } finally {
    db.close();
  }
}

/**
 * Proves nobody has the database open and folds its write-ahead log into the main file, so it
 * can be moved as one file. Leaving WAL mode needs every other connection closed: a running
 * server (or a backup in progress) keeps its connection for its whole life, so this fails at
 * once (busy timeout 0) while it runs, on this host, and the OS drops SQLite's locks when a
 * process dies, so a crashed server never leaves a stale claim behind.
 */
function claimStopped(target: string): void {
  const db = new SQLite(target, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
    } catch (err) {
      if (isSqliteCode(err, 'SQLITE_BUSY') || isSqliteCode(err, 'SQLITE_LOCKED'))
        throw new BackupError(
          'IN_USE',
          `${target} is in use (is the server running on it?): stop the server, then restore.`,
        );
      if (isSqliteCode(err, 'SQLITE_NOTADB')) return;
      throw err;
    }
    if (mode !== 'delete')
      throw new BackupError('IN_USE', `${target} is in use (journal mode stayed ${String(mode)}).`);
  } finally {
    db.close();
  }
  if (existsSync(`${target}-wal`))
    throw new BackupError('IN_USE', `${target}-wal is still there: is the server running?`);
}

export type RestoreResult = BackupCheck & {
  /** the database file now holding the backup */
  target: string;
  /** where the database it replaced was moved, or null when there was none */
  previous: string | null;
};

/**
 * Puts the backup `from` in place of the database of a STOPPED deployment. It refuses while the
 * database is open, and refuses a file that is not a Belleza database. The database it replaces
 * is renamed `<name>.before-restore-<UTC instant>`, never deleted. Migrations are not run here:
 * the next start runs them as on every start, so an older backup is brought up to date.
 */
export async function restoreDatabase(options: {
  databaseUrl: string;
  from: string;
  clock: Clock;
}): Promise<RestoreResult> {
  const target = sqliteFileOf(options.databaseUrl);
  const from = resolve(options.from);
  if (!existsSync(from)) throw new BackupError('NO_FILE', `No file at ${from}.`);
  if (existsSync(target) && realpathSync(from) === realpathSync(target))
    throw new BackupError('SAME_FILE', `${from} is the database itself: nothing to restore.`);
  const check = checkBackup(from);
  if (existsSync(target)) claimStopped(target);

  mkdirSync(dirname(target), { recursive: true });
  const restoring = join(dirname(target), `${basename(target)}.restoring`);
  rmSync(restoring, { force: true });
  // A copy through SQLite rather than of the bytes: it reads the backup as SQLite sees it (a
  // write-ahead log beside it included) and leaves the backup file untouched.
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(restoring, { progress: () => ALL_PAGES });
  } catch (err) {
    rmSync(restoring, { force: true });
    throw err;
  } finally {
    source.close();
  }

  let previous: string | null = null;
  try {
    if (existsSync(target)) {
      // Again, just before the move: the server may have been started during the copy.
      claimStopped(target);
      previous = `${target}.before-restore-${fileStamp(options.clock.now())}`;
      if (existsSync(previous))
        throw new BackupError('BACKUP_EXISTS', `${previous} already exists: not overwritten.`);
      renameSync(target, previous);
      rmSync(`${target}-shm`, { force: true });
    }
  } catch (err) {
    rmSync(restoring, { force: true });
    throw err;
  }
  renameSync(restoring, target);
  return { ...check, target, previous };
}
