// Entry point: reads config, builds the app, listens, and closes gracefully on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap/first-admin.js';
import { ConfigError, loadConfig } from './config.js';
import { listeningAddress } from './lib/listening-address.js';
import { warmReports } from './bootstrap/warm-reports.js';
import { noTurnWarning } from './modules/video/turn/startup-warning.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  await ensureFirstAdmin(app.container);
  const turnWarning = noTurnWarning(config, await app.container.video.currentProvider());
  if (turnWarning) app.log.warn(turnWarning);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await warmReports({ reports: app.container.reports, log: app.log });
  await app.listen({ port: config.port, host: config.host });
  // PUBLIC_URL is where users come in (often a proxy); this is where this process really listens.
  app.log.info(
    `Belleza en Vivo on ${config.publicUrl} (listening on ${listeningAddress(app.server)})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
