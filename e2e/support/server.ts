import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..', '..');

export const ADMIN = {
  email: 'admin@e2e.test',
  password: 'admin-e2e-pass-123',
  // ADMIN_NAME: a named first admin goes straight to the panel (no name step)
  name: 'Carmen Dueña',
};

export type ServerHandle = {
  url: string;
  port: number;
  dbFile: string;
  stop: () => Promise<void>;
  /** the server's last log lines and its last warnings and errors (for explaining a failure) */
  recentLogs: () => ServerLogs;
  /**
   * Stops the process but keeps the database, so `start` can bring the same server back.
   * SIGTERM shuts down gracefully (clients are told goodbye); SIGKILL is a crash or a cut cable.
   */
  kill: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>;
  start: () => Promise<void>;
};

export type ServerLogs = { lines: string[]; warnings: string[] };

const RECENT_LINES = 60;
const RECENT_WARNINGS = 20;
/** pino's levels for warn, error and fatal */
const WARNING = /"level":(40|50|60)[,}]/;
const running = new Map<string, ServerHandle>();

/** The last log lines of the server a spec started at `url` (none for any other address). */
export function recentServerLogs(url: string): ServerLogs {
  return running.get(new URL(url).origin)?.recentLogs() ?? { lines: [], warnings: [] };
}

/** Starts the built server on its own SQLite file and resolves when it listens (no polling). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<ServerHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-e2e-'));
  const dbFile = join(dir, 'e2e.db');
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const recent: string[] = [];
  const warnings: string[] = [];

  const start = () =>
    new Promise<void>((resolveStart, reject) => {
      const proc = spawn(process.execPath, [join(root, 'packages/server/dist/server.js')], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          DATABASE_URL: `sqlite:${dbFile}`,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ADMIN_NAME: ADMIN.name,
          LOG_LEVEL: 'info',
          // Every browser and API client here is 127.0.0.1, and specs reuse one phone number and
          // the admin's account: the per-address, per-account and per-phone limits have their own
          // tests, so they are out of the way here.
          CALL_REQUEST_RATE_LIMIT: '1000',
          CALL_REQUEST_PHONE_LIMIT: '1000',
          CALL_REQUEST_OPEN_LIMIT: '1000',
          CALL_REQUEST_OPEN_PHONE_LIMIT: '1000',
          BOOKING_OPEN_LIMIT: '1000',
          BOOKING_OPEN_ADDRESS_LIMIT: '1000',
          MAIL_RECIPIENT_HOURLY_LIMIT: '1000',
          BOOKING_CHANGES_DAILY_LIMIT: '1000',
          LOGIN_RATE_LIMIT: '1000',
          LOGIN_ACCOUNT_RATE_LIMIT: '1000',
          SOCKET_CONNECTION_RATE_LIMIT: '1000',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      // A worker that goes away without stopping it (a hook that timed out, a crash) takes its
      // server along: left running, it would hold the port the next worker starts on.
      const orphaned = () => proc.kill('SIGKILL');
      process.once('exit', orphaned);
      proc.once('exit', () => process.off('exit', orphaned));
      const lines = createInterface({ input: proc.stdout });
      const errors: string[] = [];
      proc.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
      lines.on('line', (line) => {
        if (process.env.E2E_SERVER_LOGS) console.log(`[server:${port}] ${line}`);
        recent.push(line);
        if (recent.length > RECENT_LINES) recent.shift();
        if (WARNING.test(line)) warnings.push(line);
        if (warnings.length > RECENT_WARNINGS) warnings.shift();
        if (line.includes('Server listening at')) resolveStart();
      });
      proc.once('exit', (code) =>
        reject(new Error(`server exited with ${code}: ${errors.join('')}`)),
      );
    });

  const kill = (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') =>
    new Promise<void>((done) => {
      if (!child || child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill(signal);
    });

  await start();
  const handle: ServerHandle = {
    url,
    port,
    dbFile,
    start,
    kill,
    recentLogs: () => ({ lines: [...recent], warnings: [...warnings] }),
    stop: async () => {
      running.delete(url);
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.set(url, handle);
  return handle;
}

/**
 * Writes the demo data (advisors, months of calls) into a server's database. The seed writes
 * straight into the SQLite file, so the server is stopped meanwhile (one writer) and started again.
 */
/**
 * The first seeded database of this worker, kept to be copied: the demo data draws and encodes
 * its photos (AVIF and WebP at every size), which takes a minute beside the other lanes; a second
 * spec that asks for the same demo data gets a copy of the first one's file instead.
 */
let seededTemplate: string | undefined;

/** Copies a stopped server's SQLite file with its write-ahead log and shared memory, if any. */
function copySqlite(from: string, to: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(`${to}${suffix}`, { force: true });
    if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
  }
}

/**
 * Fills the server's database with the demo data (the server is stopped meanwhile and started
 * again on the seeded file). Its data is the same for every spec: relative to now, and to no
 * server's address or port.
 */
export async function seedDemoData(server: ServerHandle): Promise<void> {
  await server.kill();
  if (seededTemplate) {
    copySqlite(seededTemplate, server.dbFile);
  } else {
    const seed = spawnSync(process.execPath, [join(root, 'packages/server/dist/seed-demo.js')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `sqlite:${server.dbFile}`, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`demo seed failed: ${seed.stderr || seed.stdout}`);
    const dir = mkdtempSync(join(tmpdir(), 'belleza-e2e-demo-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    seededTemplate = join(dir, 'demo.db');
    copySqlite(server.dbFile, seededTemplate);
  }
  await server.start();
}
