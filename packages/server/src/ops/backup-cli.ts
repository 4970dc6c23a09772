// `npm run backup [DIR]` and `npm run restore FILE`: the database of DATABASE_URL, read with the
// server's own configuration. A refusal prints one line and exits 1.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { systemClock } from '../lib/clock.js';
import { BackupError, backupDatabase, restoreDatabase } from './backup.js';

const USAGE = 'usage: npm run backup [DIR]  |  npm run restore FILE';

/**
 * Paths typed by the operator are relative to where she ran npm (INIT_CWD), not to the server
 * package npm runs the script in; DATABASE_URL keeps meaning what it means to the server.
 */
const typedPath = (path: string): string => resolve(process.env.INIT_CWD ?? process.cwd(), path);

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const [command, path, ...rest] = argv;
  const config = loadConfig();
  if (command === 'backup' && rest.length === 0) {
    const dir = path ? typedPath(path) : resolve(process.env.BACKUP_DIR ?? 'backups');
    const result = await backupDatabase({
      databaseUrl: config.databaseUrl,
      dir,
      clock: systemClock,
    });
    console.log(`Backup of ${result.source}`);
    console.log(`  written to ${result.file}`);
    console.log(
      `  ${megabytes(result.bytes)} (${result.bytes} bytes) in ${(result.durationMs / 1000).toFixed(2)} s`,
    );
    return 0;
  }
  if (command === 'restore' && path && rest.length === 0) {
    const result = await restoreDatabase({
      databaseUrl: config.databaseUrl,
      from: typedPath(path),
      clock: systemClock,
    });
    console.log(`Restored ${typedPath(path)}`);
    console.log(`  into ${result.target}`);
    console.log(
      result.previous
        ? `  the database it replaced is kept as ${result.previous}`
        : '  (there was no database there before)',
    );
    console.log(
      result.pending > 0
        ? `  ${result.pending} migration(s) newer than the backup run at the next start (npm start)`
        : '  at the latest migration; start the server with npm start',
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof BackupError || err instanceof ConfigError) console.error(err.message);
    else console.error(`Failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
