import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, LOOPBACK_VIDEO_ARGS } from './support/chromium.js';

/**
 * e2e against the BUILT app (node packages/server/dist/server.js), in Debian's Chromium with fake
 * camera/microphone. Each worker starts its own server on its own SQLite file (support/fixtures.ts);
 * specs that need an isolated routing pool start a private server.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Overridable so several runs at once (one per developer checkout or helper) keep their own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results',
  use: {
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...LOOPBACK_VIDEO_ARGS],
    },
  },
});
