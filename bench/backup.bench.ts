/**
 * Backup and restore of a SQLite database with 100,000 calls (their offers and notes, as the demo
 * generator makes them) and 1,000 chat photos: `npm run backup`'s copy (SQLite's online backup,
 * one snapshot) and `npm run restore`'s check and copy, next to two baselines measured in the
 * same run on the same file: a plain file copy (the disk's floor, safe only while nobody writes)
 * and `VACUUM INTO` (SQLite's other consistent copy, which rewrites every table and index).
 * The median of RUNS runs each; the restored database is verified by its row counts.
 *
 *   npm run bench:backup                 (BENCH_CALLS=20000 for a quicker pass; BENCH_SMOKE=1:
 *                                         1,000 calls, 20 photos, one run)
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { defaultWorkingHours } from '@belleza/contract';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/kysely.js';
import { ManualClock } from '../packages/server/src/lib/clock.js';
import { generateCalls } from '../packages/server/src/modules/demo/demo.generator.js';
import { createRng } from '../packages/server/src/modules/demo/demo.random.js';
import { backupDatabase, checkBackup, restoreDatabase } from '../packages/server/src/ops/backup.js';
import { setting, SMOKE } from './support/smoke.js';

const CALLS = setting('BENCH_CALLS', 100_000, 1_000);
const PHOTOS = setting('BENCH_PHOTOS', 1_000, 20);
/** bytes of one stored chat photo: about what a re-encoded phone photo weighs */
const PHOTO_BYTES = 60_000;
const ADVISORS = 20;
const MONTHS = 12;
const RUNS = SMOKE ? 1 : 5;
const CHUNK = 10_000;

type Row = Record<string, string | number | Buffer | null>;

const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

/** Median duration of `fn` over RUNS runs, after one warm-up run (page cache, statement caches). */
async function timeRuns(fn: (run: number) => Promise<unknown>): Promise<number> {
  await fn(-1);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return median(times);
}

function insertRows(raw: SQLite.Database, table: string, rows: Row[], batch: number): void {
  const first = rows[0];
  if (!first) return;
  const cols = Object.keys(first);
  const tuple = `(${cols.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += batch) {
    const part = rows.slice(i, i + batch);
    raw
      .prepare(
        `insert into ${table} (${cols.join(',')}) values ${Array(part.length).fill(tuple).join(',')}`,
      )
      .run(part.flatMap((r) => cols.map((c) => r[c] ?? null)));
  }
}

/** The history in one transaction of multi-row INSERTs, straight into the migrated file. */
function load(file: string, now: Date): { calls: number; offers: number; photos: number } {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const at = new Date(now.getTime() - 400 * 24 * 3600_000).toISOString();
  const refs = Array.from({ length: ADVISORS }, (_, i) => ({ id: `adv_bench_${i}`, weight: 1 }));
  raw.exec('begin');
  insertRows(
    raw,
    'advisors',
    refs.map((r, i) => ({
      id: r.id,
      name: `Asesora ${i}`,
      email: `asesora${i}@bench.test`,
      password_hash: 'x',
      working_hours: JSON.stringify(defaultWorkingHours),
      created_at: at,
      updated_at: at,
    })),
    100,
  );
  const rng = createRng(7);
  let offers = 0;
  const callIds: string[] = [];
  for (let start = 0; start < CALLS; start += CHUNK) {
    const chunk = generateCalls(Math.min(CHUNK, CALLS - start), refs, MONTHS, rng, {
      now,
      startIndex: start,
      regularClients: 5_000,
    });
    insertRows(raw, 'calls', chunk.calls, 500);
    insertRows(raw, 'call_offers', chunk.offers, 1000);
    insertRows(raw, 'call_notes', chunk.notes, 1000);
    offers += chunk.offers.length;
    if (callIds.length < PHOTOS) callIds.push(...chunk.calls.map((c) => c.id));
  }
  const photos = Array.from({ length: Math.min(PHOTOS, callIds.length) }, (_, i) => ({
    id: `img_bench_${i}`,
    call_id: callIds[i] ?? '',
    uploader_type: 'client',
    uploader_id: 'cli_bench',
    kind: 'photo',
    content_type: 'image/jpeg',
    width: 1280,
    height: 960,
    size_bytes: PHOTO_BYTES,
    // Random bytes compress as little as a JPEG does.
    data: randomBytes(PHOTO_BYTES),
    created_at: at,
  }));
  insertRows(raw, 'call_images', photos, 50);
  raw.exec('commit');
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  return { calls: CALLS, offers, photos: photos.length };
}

function counts(file: string): { calls: number; offers: number; photos: number } {
  const db = new SQLite(file, { readonly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { calls: count('calls'), offers: count('call_offers'), photos: count('call_images') };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-bench-backup-'));
  const file = join(dir, 'belleza.db');
  const url = `sqlite:${file}`;
  try {
    const handle = openDatabase(url);
    await migrateToLatest(handle.db);
    await handle.close();
    const loadStarted = performance.now();
    const loaded = load(file, new Date());
    const size = statSync(file).size;
    console.log(
      `backup bench: ${fmt(loaded.calls)} calls, ${fmt(loaded.offers)} offers, ${fmt(loaded.photos)} photos of ${fmt(PHOTO_BYTES)} bytes; ` +
        `database ${mb(size)} (loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s); ` +
        `median of ${RUNS} runs; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );

    // The server's own connection stays open throughout, as during a real backup.
    const server = openDatabase(url);
    const row = (name: string, msValue: number, bytes: number) =>
      console.log(
        `  ${name.padEnd(58)}${msValue.toFixed(0).padStart(7)} ms ${mb(bytes).padStart(10)}`,
      );

    const copies = join(dir, 'copies');
    const copy = join(dir, 'copy.db');
    const copyMs = await timeRuns(() => {
      copyFileSync(file, copy);
      return Promise.resolve();
    });
    row('baseline: file copy (not consistent under writes)', copyMs, statSync(copy).size);

    const vacuumed = join(dir, 'vacuum.db');
    const vacuumMs = await timeRuns(() => {
      rmSync(vacuumed, { force: true });
      const db = new SQLite(file);
      try {
        db.prepare('vacuum into ?').run(vacuumed);
      } finally {
        db.close();
      }
      return Promise.resolve();
    });
    row('baseline: VACUUM INTO', vacuumMs, statSync(vacuumed).size);

    const clock = new ManualClock('2026-12-03T18:40:00.000Z');
    let lastBackup = '';
    const backupMs = await timeRuns(async () => {
      clock.advance(1000);
      lastBackup = (await backupDatabase({ databaseUrl: url, dir: copies, clock })).file;
    });
    row('npm run backup (online backup API, one snapshot)', backupMs, statSync(lastBackup).size);
    await server.close();

    let restored = '';
    const restoreMs = await timeRuns(async (run) => {
      restored = join(dir, `restore-${run + 1}`, 'belleza.db');
      await restoreDatabase({ databaseUrl: `sqlite:${restored}`, from: lastBackup, clock });
    });
    const checkMs = await timeRuns(() => Promise.resolve(checkBackup(lastBackup)));
    const got = counts(restored);
    row(
      'npm run restore (integrity_check + migrations check + copy)',
      restoreMs,
      statSync(restored).size,
    );
    row(
      '  of which the check alone (integrity_check, migrations)',
      checkMs,
      statSync(lastBackup).size,
    );
    const ok =
      got.calls === loaded.calls && got.offers === loaded.offers && got.photos === loaded.photos;
    console.log(
      `  restored: ${fmt(got.calls)} calls, ${fmt(got.offers)} offers, ${fmt(got.photos)} photos — ${ok ? 'all rows there' : 'ROWS MISSING'}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
