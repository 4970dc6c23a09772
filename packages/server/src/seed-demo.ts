// `npm run seed:demo`: demo advisors and six months of call history in the configured database.
import { REPORT_MONTHS } from '@belleza/contract';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/kysely.js';
import { systemClock } from './lib/clock.js';
import { seedDemo } from './modules/demo/demo.service.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const started = Date.now();
    const result = await seedDemo(database.db, database.dialect, systemClock, {
      months: REPORT_MONTHS,
    });
    if (result.status === 'skipped') {
      console.log(result.message);
      return 0;
    }
    const where = config.databaseUrl.replace(/\/\/[^@/]*@/, '//');
    console.log(
      `Demo data seeded into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
    );
    console.log(
      `  ${result.calls} calls, ${result.offers} offers, ${result.notes} notes over ${REPORT_MONTHS} months`,
    );
    console.log(`  advisors (password for all: ${result.password}):`);
    for (const a of result.advisors) {
      console.log(`    ${a.email.padEnd(42)} ${a.name} — ${a.title}${a.isAdmin ? ' [admin]' : ''}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
