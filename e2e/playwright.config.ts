import { defineConfig } from '@playwright/test';
import { cameraArgs } from './support/camera.js';
import { CHROMIUM_PATH, LOOPBACK_VIDEO_ARGS } from './support/chromium.js';

/**
 * The behind-NAT spec builds its topology partly in the namespace every browser of the run shares
 * (veths and the public address): Chromium hears the network change and aborts what another
 * browser has in flight (net::ERR_NETWORK_CHANGED: a sign-in or a page's first request never
 * answers). `node run.mjs` (the suite) runs it beside the others in a namespace of its own; a plain
 * `npx playwright test` in one namespace runs it alone, after every other spec (a project
 * depending on the others; by itself: `node run.mjs video-nat --no-deps`).
 */
const NAT_SPEC = /video-nat\.spec\.ts$/;

/**
 * The app behind a TLS proxy (Caddy) on names of its own, with browsers in namespaces of their
 * own: a topology like the behind-NAT spec's, so it runs like it, in a namespace of its own
 * (`node run.mjs`: after the behind-NAT spec, in its lane).
 */
const HTTPS_SPEC = /https\.spec\.ts$/;

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
  /intake\.spec\.ts$/,
  /snapshot\.spec\.ts$/,
  /colour-preview\.spec\.ts$/,
  /closeup\.spec\.ts$/,
  /privacy-blur\.spec\.ts$/,
  /appointments\.spec\.ts$/,
  /widget\.spec\.ts$/,
];

/**
 * Tests tagged @idle mostly wait (a two-minute soak of a throttled background tab): they run in a
 * lane of their own, so the waiting overlaps the work of the other two lanes instead of holding
 * one of them.
 */
const IDLE_TAG = /@idle\b/;

/**
 * Specs whose visitor is another browser (Firefox over WebDriver BiDi, puppeteer-core) or a phone
 * (Chromium as a mobile browser): the `devices` lane (run.mjs).
 */
const DEVICE_SPECS = [
  /firefox-visitor\.spec\.ts$/,
  /firefox-privacy-blur\.spec\.ts$/,
  /phone-visitor\.spec\.ts$/,
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
  // One lane of video, one of the rest, one that waits (each project caps its own).
  workers: 3,
  retries: 0,
  reporter: [['list']],
  // Every run ends with its ten slowest spec files (over 30 s), so the suite's time is in sight.
  reportSlowTests: { max: 10, threshold: 30_000 },
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
      // (/visitor\.spec/ would take the other browsers' visitor specs too)
      testIgnore: DEVICE_SPECS,
      grepInvert: IDLE_TAG,
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 25_000 },
    },
    // The rest share the other core with a video call: budgets for a busy machine, too.
    {
      name: 'app',
      testIgnore: [...VIDEO_SPECS, ...DEVICE_SPECS, NAT_SPEC, HTTPS_SPEC],
      grepInvert: IDLE_TAG,
      workers: 1,
      timeout: 90_000,
      expect: { timeout: 15_000 },
    },
    // Waiting, not computing: beside the other two lanes, with the video budgets.
    {
      name: 'idle',
      testIgnore: [NAT_SPEC, HTTPS_SPEC, ...DEVICE_SPECS],
      grep: IDLE_TAG,
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 25_000 },
    },
    // A visitor in Firefox or on a phone with a Chromium stylist: video calls, in a namespace of
    // their own that gives Firefox a route (run.mjs), after the behind-NAT spec, beside the other
    // lanes.
    {
      name: 'devices',
      testMatch: DEVICE_SPECS,
      workers: 1,
      timeout: 180_000,
      expect: { timeout: 25_000 },
    },
    {
      name: 'https',
      testMatch: HTTPS_SPEC,
      // In one namespace with every other spec (a plain `npx playwright test`), last: its topology
      // would abort the other browsers' requests. `node run.mjs` gives it a namespace of its own.
      dependencies: ['video', 'app', 'idle', 'nat'],
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 25_000 },
    },
    {
      name: 'nat',
      testMatch: NAT_SPEC,
      dependencies: ['video', 'app', 'idle'],
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 25_000 },
    },
  ],
  use: {
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    // A failed test keeps its trace: every action with the page's DOM before and after, its
    // network and console. Not its screencast: recording a frame of every page all the time took
    // about a quarter of the suite's CPU (measured on the video specs: 92 CPU-s with it, 71
    // without), thrown away for every test that passes; the failure's own screenshot stays.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...LOOPBACK_VIDEO_ARGS, ...cameraArgs()],
    },
  },
});
