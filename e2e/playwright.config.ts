import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, LOOPBACK_VIDEO_ARGS } from './support/chromium.js';

/**
 * The behind-NAT spec builds its topology partly in the namespace every browser of the run shares
 * (veths and the public address): Chromium hears the network change and aborts what another
 * browser has in flight (net::ERR_NETWORK_CHANGED: a sign-in or a page's first request never
 * answers). So it runs alone, after every other spec (a project depending on the others; to run
 * it by itself: `node run.mjs video-nat --no-deps`).
 */
const NAT_SPEC = /video-nat\.spec\.ts$/;

/** Specs whose tests wait for decoded remote video (WebRTC with fake camera frames). */
const VIDEO_SPECS = [
  /video\.spec\.ts$/,
  /call-flow\.spec\.ts$/,
  /advisor-ringing\.spec\.ts$/,
  /visitor\.spec\.ts$/,
  /call-screen-sizes\.spec\.ts$/,
  /keyboard\.spec\.ts$/,
  /chat\.spec\.ts$/,
  /screen-share\.spec\.ts$/,
  /summary\.spec\.ts$/,
  /snapshot\.spec\.ts$/,
  /appointments\.spec\.ts$/,
  /widget\.spec\.ts$/,
];

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
  // Specs that decode real video never run two at a time: on 2 cores, two WebRTC calls with fake
  // cameras starve each other (accept → first frame went from 3.5 s alone to 10–15 s). The rest
  // share the other worker.
  projects: [
    // Their budget holds on a loaded machine: a call with two or three fake cameras takes several
    // times longer to set up when one core is busy elsewhere.
    {
      name: 'video',
      testMatch: VIDEO_SPECS,
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 25_000 },
    },
    // The rest share the other core with a video call: budgets for a busy machine, too.
    {
      name: 'app',
      testIgnore: [...VIDEO_SPECS, NAT_SPEC],
      timeout: 90_000,
      expect: { timeout: 15_000 },
    },
    {
      name: 'nat',
      testMatch: NAT_SPEC,
      dependencies: ['video', 'app'],
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 25_000 },
    },
  ],
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
