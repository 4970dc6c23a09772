/**
 * Backups and restore on real SQLite files: the backup command (its own process, as an operator
 * runs it) while the app serves consultations and photos, the restore into a fresh directory,
 * and the restore's refusals (a running server, a file that is no Belleza database).
 */
import type { Db } from '../db/kysely.js';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWorkingHours } from '@belleza/contract';
import SQLite from 'better-sqlite3';
import { Migrator, type Migration } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { migrationNames, openDatabase } from '../db/kysely.js';
import * as initial from '../db/migrations/2026-11-22-001-initial.js';
import * as reportIndexes from '../db/migrations/2026-11-22-002-report-indexes.js';
import { ManualClock } from '../lib/clock.js';
import { api, insertAdvisor, requestCall, type TestAdvisor } from '../test/fixtures.js';
import { createTestApp, type TestApp, type TestDatabase } from '../test/helpers.js';
import { BackupError, backupDatabase, restoreDatabase, type BackupErrorCode } from './backup.js';

const here = dirname(fileURLToPath(import.meta.url));
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

type CliRun = { code: number | null; stdout: string; stderr: string };

/** The CLI in a process of its own, as `npm run backup` / `npm run restore` start it. */
function runCli(args: string[], databaseUrl: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsxCli, '--conditions=source', join(here, 'backup-cli.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A database handle on `file` that a test app may be built on (the test removes the files). */
function databaseOn(file: string): TestDatabase {
  const url = `sqlite:${file}`;
  const handle = openDatabase(url);
  return { ...handle, url, drop: () => handle.close().catch(() => undefined) };
}

/** A migrated database file (a copy of the run's template) at `file`. */
function migratedFile(file: string): string {
  copyFileSync(inject('sqliteTemplate'), file);
  return file;
}

async function refusal(run: Promise<unknown>): Promise<BackupErrorCode> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  return (err as BackupError).code;
}

const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** A photo of its own colour, so two uploads never store the same bytes. */
const photoNumber = (n: number): Promise<Buffer> =>
  sharp({
    create: {
      width: 96,
      height: 64,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 101) % 256, b: (n * 53) % 256 },
    },
  })
    .jpeg()
    .toBuffer();

/** An advisor's stored portrait renditions, in a stable order. */
const portraitRows = (db: Db, advisorId: string) =>
  db
    .selectFrom('advisor_photos')
    .select(['size', 'format', 'data'])
    .where('advisor_id', '=', advisorId)
    .orderBy('size')
    .orderBy('format')
    .execute();

describe('backup and restore (SQLite files)', () => {
  let dir: string;
  const apps: TestApp[] = [];
  const handles: TestDatabase[] = [];
  const clock = new ManualClock('2026-12-03T18:40:00.000Z');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'belleza-backup-'));
  });

  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    for (const h of handles.splice(0)) await h.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function appOn(file: string): Promise<TestApp> {
    const db = databaseOn(file);
    handles.push(db);
    const t = await createTestApp({
      db,
      config: {
        callRequestRateLimit: 100_000,
        callRequestPhoneLimit: 100_000,
        callRequestGlobalLimit: 100_000,
      },
    });
    apps.push(t);
    return t;
  }

  // In this process the copy starts the moment it is asked for, with the last commits still in the
  // write-ahead log (a copy of the main file alone would miss them) and requests in flight; the
  // command in its own process copies while the app goes on writing.
  it.each(['in the server process', 'as a command of its own'] as const)(
    'a backup taken under write load (%s) holds every row committed before it, photos byte for byte, and nothing committed after it',
    async (how) => {
      const live = join(dir, 'live', 'belleza.db');
      mkdirSync(dirname(live));
      const t = await appOn(migratedFile(live));
      const eva = await insertAdvisor(t.db.db, {
        name: 'Eva',
        maxConcurrentCalls: 10,
        now: t.clock.now(),
      });
      const portrait = await photoNumber(0);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/advisors/${eva.id}/photo`,
        headers: { ...eva.headers, 'content-type': 'image/jpeg' },
        payload: portrait,
      });
      expect(put.statusCode).toBe(200);

      type Phase = 'before' | 'during' | 'after';
      type Consultation = {
        callId: string;
        clientKey: string;
        imageId: string;
        photo: string;
        started: Phase;
        finished: Phase;
      };
      let phase: Phase = 'before';
      let counter = 0;
      const done: Consultation[] = [];
      let enoughBefore: () => void = () => undefined;
      const warmedUp = new Promise<void>((resolve) => (enoughBefore = resolve));

      /** A visitor asks, Eva accepts, the visitor sends a photo (read back), Eva ends the call. */
      async function consultation(advisor: TestAdvisor): Promise<void> {
        const n = ++counter;
        const started = phase;
        const call = await requestCall(t.app, { name: `Clienta ${n}`, phone: `+51 900 000 ${n}` });
        expect(call.advisorId).toBe(advisor.id);
        const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
          token: advisor.token,
        });
        expect(accepted.status).toBe(200);
        const upload = await t.app.inject({
          method: 'POST',
          url: `/api/calls/${call.callId}/images`,
          remoteAddress: `10.9.${n >> 8}.${n & 255}`,
          headers: { 'x-client-key': call.clientKey, 'content-type': 'image/jpeg' },
          payload: await photoNumber(n),
        });
        expect(upload.statusCode).toBe(201);
        const imageId = (JSON.parse(upload.body) as { data: { id: string } }).data.id;
        const served = await t.app.inject({
          method: 'GET',
          url: `/api/calls/${call.callId}/images/${imageId}`,
          headers: { 'x-client-key': call.clientKey },
        });
        expect(served.statusCode).toBe(200);
        const ended = await api(t.app, 'POST', `/api/calls/${call.callId}/end`, {
          token: advisor.token,
        });
        expect(ended.status).toBe(200);
        done.push({
          callId: call.callId,
          clientKey: call.clientKey,
          imageId,
          photo: sha(served.rawPayload),
          started,
          finished: phase,
        });
        if (done.filter((c) => c.finished === 'before').length >= 6) enoughBefore();
      }

      /** Two visitors at a time, until each has had one consultation begun after the backup. */
      const worker = async (): Promise<void> => {
        let afterOnes = 0;
        while (afterOnes < 1) {
          if (phase === 'after') afterOnes += 1;
          await consultation(eva);
        }
      };
      const load = Promise.all([worker(), worker()]);
      await warmedUp;

      phase = 'during';
      const backupDir = join(dir, 'backups');
      let backupFile: string;
      if (how === 'in the server process') {
        backupFile = (
          await backupDatabase({ databaseUrl: `sqlite:${live}`, dir: backupDir, clock })
        ).file;
        phase = 'after';
        await load;
      } else {
        const run = await runCli(['backup', backupDir], `sqlite:${live}`);
        phase = 'after';
        await load;
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        const [backupName, ...others] = readdirSync(backupDir);
        expect(others).toEqual([]);
        expect(backupName).toMatch(/^belleza-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db$/);
        backupFile = join(backupDir, backupName ?? '');
        expect(run.stdout).toContain(backupFile);
        expect(run.stdout).toMatch(/\d+\.\d MB \(\d+ bytes\) in \d+\.\d\d s/);
        // The load went on while the backup ran (it is no quiet-moment copy).
        expect(done.filter((c) => c.finished === 'during').length).toBeGreaterThan(0);
      }

      const before = done.filter((c) => c.finished === 'before');
      const after = done.filter((c) => c.started === 'after');
      expect(after.length).toBeGreaterThanOrEqual(2);
      const livePortrait = await portraitRows(t.db.db, eva.id);
      expect(livePortrait.length).toBeGreaterThan(0);
      for (const app of apps.splice(0)) await app.close();

      // Restored into a fresh directory, as on a new machine.
      const restoredFile = join(dir, 'fresh', 'data', 'belleza.db');
      const restored = await restoreDatabase({
        databaseUrl: `sqlite:${restoredFile}`,
        from: backupFile,
        clock,
      });
      expect(restored).toEqual({
        target: restoredFile,
        previous: null,
        applied: migrationNames.length,
        pending: 0,
      });
      const r = await appOn(restoredFile);
      const calls = new Map(
        (await r.db.db.selectFrom('calls').select(['id', 'status']).execute()).map((c) => [
          c.id,
          c.status,
        ]),
      );
      for (const c of before) {
        expect(calls.get(c.callId), c.callId).toBe('completed');
        const served = await r.app.inject({
          method: 'GET',
          url: `/api/calls/${c.callId}/images/${c.imageId}`,
          headers: { 'x-client-key': c.clientKey },
        });
        expect(served.statusCode).toBe(200);
        expect(sha(served.rawPayload)).toBe(c.photo);
      }
      for (const c of after) expect(calls.has(c.callId), c.callId).toBe(false);
      const restoredPortrait = await portraitRows(r.db.db, eva.id);
      expect(restoredPortrait.map((p) => [p.size, p.format, sha(p.data)])).toEqual(
        livePortrait.map((p) => [p.size, p.format, sha(p.data)]),
      );
      // One snapshot: a call the backup caught mid-way is whole (an accepted call has its accepted
      // offer; a photo has its call), never half a transaction.
      const accepted = await r.db.db
        .selectFrom('calls')
        .leftJoin('call_offers', (j) =>
          j
            .onRef('call_offers.call_id', '=', 'calls.id')
            .on('call_offers.outcome', '=', 'accepted'),
        )
        .select(['calls.id', 'call_offers.id as offerId'])
        .where('calls.accepted_at', 'is not', null)
        .execute();
      expect(accepted.filter((a) => a.offerId === null)).toEqual([]);
      const orphanPhotos = await r.db.db
        .selectFrom('call_images')
        .leftJoin('calls', 'calls.id', 'call_images.call_id')
        .select('call_images.id')
        .where('calls.id', 'is', null)
        .execute();
      expect(orphanPhotos).toEqual([]);
    },
  );

  it('names the file from the clock and never overwrites one; refuses PostgreSQL, pointing to pg_dump', async () => {
    const live = migratedFile(join(dir, 'belleza.db'));
    const backups = join(dir, 'nested', 'backups');
    const first = await backupDatabase({ databaseUrl: `sqlite:${live}`, dir: backups, clock });
    expect(first.file).toBe(join(backups, 'belleza-2026-12-03T18-40-00Z.db'));
    expect(first.bytes).toBe(readFileSync(first.file).length);
    expect(existsSync(`${first.file}-wal`)).toBe(false);
    expect(readdirSync(backups)).toEqual(['belleza-2026-12-03T18-40-00Z.db']);
    expect(
      await refusal(backupDatabase({ databaseUrl: `sqlite:${live}`, dir: backups, clock })),
    ).toBe('BACKUP_EXISTS');
    expect(
      await refusal(backupDatabase({ databaseUrl: `sqlite:${join(dir, 'none.db')}`, dir, clock })),
    ).toBe('NO_DATABASE');

    const pg = await runCli(['backup', backups], 'postgres://belleza@127.0.0.1:5432/belleza');
    expect(pg.code).toBe(1);
    expect(pg.stdout).toBe('');
    expect(pg.stderr).toContain('pg_dump -Fc');
    expect(pg.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to restore while a server holds the database, and leaves it serving', async () => {
    const live = migratedFile(join(dir, 'belleza.db'));
    const backup = await backupDatabase({ databaseUrl: `sqlite:${live}`, dir, clock });
    const t = await appOn(live);
    await insertAdvisor(t.db.db, { name: 'Eva', now: t.clock.now() });

    expect(
      await refusal(restoreDatabase({ databaseUrl: `sqlite:${live}`, from: backup.file, clock })),
    ).toBe('IN_USE');
    // From another process too, as an operator would run it beside the server.
    const cli = await runCli(['restore', backup.file], `sqlite:${live}`);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('is in use');
    expect(cli.stderr).not.toMatch(/\n\s+at /);

    expect(
      readdirSync(dir).filter((f) => f.includes('before-restore') || f.includes('restoring')),
    ).toEqual([]);
    const call = await requestCall(t.app);
    expect(call.status).toBe('pending');
  });

  it('refuses a file that is not a database, and a SQLite file of another product', async () => {
    const live = migratedFile(join(dir, 'belleza.db'));
    const liveBytes = sha(readFileSync(live));
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database '.repeat(200));
    const foreign = join(dir, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table invoices (id integer primary key, total real)');
    other.close();
    const newer = migratedFile(join(dir, 'newer.db'));
    const future = new SQLite(newer);
    future
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('2099-01-01-999-from-the-future', new Date().toISOString());
    future.close();

    const url = `sqlite:${live}`;
    expect(await refusal(restoreDatabase({ databaseUrl: url, from: junk, clock }))).toBe(
      'NOT_A_DATABASE',
    );
    expect(await refusal(restoreDatabase({ databaseUrl: url, from: foreign, clock }))).toBe(
      'NOT_BELLEZA',
    );
    expect(await refusal(restoreDatabase({ databaseUrl: url, from: newer, clock }))).toBe(
      'NEWER_VERSION',
    );
    expect(
      await refusal(restoreDatabase({ databaseUrl: url, from: join(dir, 'nothing.db'), clock })),
    ).toBe('NO_FILE');
    expect(await refusal(restoreDatabase({ databaseUrl: url, from: live, clock }))).toBe(
      'SAME_FILE',
    );
    expect(sha(readFileSync(live))).toBe(liveBytes);
    expect(readdirSync(dir).sort()).toEqual(['belleza.db', 'foreign.db', 'junk.db', 'newer.db']);

    const cli = await runCli(['restore', junk], url);
    expect(cli.code).toBe(1);
    expect(cli.stderr.trim()).toBe(`${junk} is not a SQLite database.`);
  });

  it('keeps the database it replaces aside, and an older backup is migrated up at the next start', async () => {
    // A backup from an early version: only the first two migrations.
    const old = join(dir, 'old-version.db');
    const early = openDatabase(`sqlite:${old}`);
    const firstTwo: Record<string, Migration> = {
      [migrationNames[0] ?? '']: initial,
      [migrationNames[1] ?? '']: reportIndexes,
    };
    const migrated = await new Migrator({
      db: early.db,
      provider: { getMigrations: () => Promise.resolve(firstTwo) },
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    await early.close();
    const raw = new SQLite(old);
    raw
      .prepare(
        `insert into advisors (id, name, email, password_hash, is_admin, working_hours, created_at, updated_at)
         values (?, ?, ?, 'x', 1, ?, ?, ?)`,
      )
      .run(
        'adv_from_backup',
        'Rosa del respaldo',
        'rosa@backup.test',
        JSON.stringify(defaultWorkingHours),
        '2026-11-22T10:00:00.000Z',
        '2026-11-22T10:00:00.000Z',
      );
    raw.close();

    const live = join(dir, 'data', 'belleza.db');
    mkdirSync(dirname(live));
    const current = databaseOn(migratedFile(live));
    await insertAdvisor(current.db, { name: 'Lola de antes' });
    await current.close();

    const result = await restoreDatabase({ databaseUrl: `sqlite:${live}`, from: old, clock });
    const aside = `${live}.before-restore-2026-12-03T18-40-00Z`;
    expect(result).toEqual({
      target: live,
      previous: aside,
      applied: 2,
      pending: migrationNames.length - 2,
    });
    expect(readdirSync(dirname(live)).sort()).toEqual([
      'belleza.db',
      'belleza.db.before-restore-2026-12-03T18-40-00Z',
    ]);
    const kept = new SQLite(aside, { readonly: true });
    expect(kept.prepare('select name from advisors').all()).toEqual([{ name: 'Lola de antes' }]);
    kept.close();

    // The next start: migrations run on the restored file as on every start.
    const t = await appOn(live);
    const names = (
      await t.db.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()
    ).map((r) => (r as { name: string }).name);
    expect(names.sort()).toEqual([...migrationNames].sort());
    const advisors = await t.db.db.selectFrom('advisors').select(['id', 'name']).execute();
    expect(advisors).toEqual([{ id: 'adv_from_backup', name: 'Rosa del respaldo' }]);
  });
});
