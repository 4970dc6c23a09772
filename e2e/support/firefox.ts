/**
 * Debian's Firefox ESR as a visitor's browser, driven over WebDriver BiDi by puppeteer-core (no
 * browser download): headless, a fake camera and microphone allowed without a prompt, WebRTC on
 * loopback candidates (the tests' only network), and nothing fetched in the background.
 */
import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const PREFS: Record<string, unknown> = {
  // Fake devices, no permission prompt (as Chromium's --use-fake-*-for-media-stream).
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  // ICE on 127.0.0.1 (as Chromium's --allow-loopback-in-peer-connection).
  'media.peerconnection.ice.loopback': true,
  'media.peerconnection.ice.default_address_only': false,
  // Real host addresses, not mDNS names: nothing answers multicast in a loopback-only namespace.
  'media.peerconnection.ice.obfuscate_host_addresses': false,
  // Quiet: no updates, telemetry, captive-portal or connectivity checks, safe-browsing lists.
  'app.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'intl.accept_languages': 'es-PE, es',
};

/**
 * The environment without libfaketime: Firefox hangs at start under it (a suite run at `TEST_AT`,
 * scripts/test.mjs), so it keeps the machine's clock while the server and Chromium play the other
 * hour. What its visitor does reads the server's times (slots, the call's state), not her clock.
 */
function realClockEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  if (env.LD_PRELOAD?.includes('faketime')) delete env.LD_PRELOAD;
  for (const key of Object.keys(env)) if (key.startsWith('FAKETIME')) delete env[key];
  return env;
}

export async function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: PREFS,
    env: { ...realClockEnv(), TZ: 'America/Lima' },
  });
}

/** The page's first frame whose address contains `part` (the video page's, in the call screen). */
export function frameOf(page: Page, part: string): Frame | undefined {
  return page.frames().find((f) => f.url().includes(part));
}

/** What the messages the page printed to its console say (errors and warnings), as they come. */
export function consoleProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${String(e)}`));
  return seen;
}

export type { Browser as FirefoxBrowser, Page as FirefoxPage } from 'puppeteer-core';
