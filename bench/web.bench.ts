/**
 * What a visitor downloads and how fast the landing page is, measured by Lighthouse 12 in Debian's
 * Chromium against the built app served by the real server (SQLite temp file, loopback only).
 *
 * Baseline measured in the same run: the advisor login page, the smallest page of the same app
 * (same shell, same server), so the landing page's own cost is the difference.
 *
 *   npm run bench:web            (builds first; BENCH_RUNS=3 Lighthouse runs per page, median kept)
 *   WEB_DIST=/tmp/dist BENCH_RUNS=3 npx tsx --conditions=source web.bench.ts   (a build elsewhere)
 *
 * The landing is measured with the salon's own content, as salons run it: one advisor listed in
 * its team with a profile photo (a 1200 px camera-sized upload of noise, as hard to compress as a
 * photograph gets, which the server turns into the team card's AVIF/WebP renditions), two services
 * and two published opinions.
 *
 * Prints per page: Lighthouse mobile performance and accessibility scores, the gzip size of the
 * JS and CSS the page actually requested (CSS inlined in the HTML included), paint timings and
 * transfer sizes, and each run's score, FCP and TBT (their spread tells how steady the figures are).
 * Pages: the baseline, the landing, and `/embed` as the widget shows it (framed by a bare host page
 * on another origin, as a salon's site would after the visitor's first intent).
 *
 * Then the press of the hero's call button until the request form can be typed in (its name field
 * in the open dialog), under Lighthouse's mobile throttling applied for real (DevTools: its
 * slow-4G latency and throughput, 4× CPU slowdown, its phone screen), a fresh browser context per
 * run: pressed the moment the page can be used, with no intent before it; 300 ms after the
 * pointer went over the button (a mouse on its way, a finger's touch start); and 5 s after the
 * page loaded (whatever the page does on idle), each the median of BENCH_RUNS presses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import sharp from 'sharp';
import { weekdays, type WorkingHours } from '@belleza/contract';
import { CHROMIUM_PATH, QUIET_ARGS } from '../e2e/support/chromium.js';
import { setting } from './support/smoke.js';
import { signInAvailable } from '../e2e/support/screens.js';

const RUNS = setting('BENCH_RUNS', 3, 1);

/** Lighthouse's own mobile preset (its slow 4G and phone), applied for real in the press runs. */
const { throttling, screenEmulationMetrics, userAgents } = lighthouseConstants as unknown as {
  throttling: {
    mobileSlow4G: {
      requestLatencyMs: number;
      downloadThroughputKbps: number;
      uploadThroughputKbps: number;
      cpuSlowdownMultiplier: number;
    };
  };
  screenEmulationMetrics: { mobile: { width: number; height: number; deviceScaleFactor: number } };
  userAgents: { mobile: string };
};
const PORT = Number(process.env.BENCH_PORT ?? 4590);
const root = resolve(import.meta.dirname, '..');

type PageFigures = {
  score: number;
  a11y: number;
  /**
   * gzip -9 size of the .js / .css files the page requested, plus inline CSS (what a phone
   * downloads); for JS, those requested before the load event (what the page needs to work).
   */
  jsGzKb: number;
  /** JS requested after it (the landing's idle prefetch of the consultation), fetched not run */
  jsAfterLoadGzKb: number;
  cssGzKb: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKb: number;
  scriptKb: number;
  styleKb: number;
  imageKb: number;
  requests: number;
};

function startServer(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-bench-web-'));
  const url = `http://127.0.0.1:${PORT}`;
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [join(root, 'packages/server/dist/server.js')],
      {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(PORT),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
          ADMIN_EMAIL: 'admin@bench.test',
          ADMIN_PASSWORD: 'bench-admin-pass',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const stop = () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    };
    child.once('exit', (code) =>
      fail(new Error(`server exited early (${String(code)}); run npm run build first`)),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server listening')) done({ url, stop });
    });
  });
}

/**
 * The landing as a salon runs it: advisors listed in its team (their cards arrive after the first
 * paint, so a layout shift would show in CLS). The first admin is the bench's only advisor.
 */
async function listTeam(url: string): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${url}/api/advisors/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-pass' }),
  });
  const { data } = (await login.json()) as {
    data: { token: string; advisor: { advisorId: string } };
  };
  const listed = await fetch(`${url}/api/advisors/${data.advisor.advisorId}`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${data.token}` },
    body: JSON.stringify({
      showOnLanding: true,
      title: 'Estilista',
      expertise: ['Color', 'Cortes'],
    }),
  });
  if (!listed.ok) throw new Error(`could not list the bench's advisor: ${listed.status}`);
  const upload = await sharp({
    create: {
      width: 1200,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const photo = await fetch(`${url}/api/advisors/${data.advisor.advisorId}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${data.token}` },
    body: upload,
  });
  if (!photo.ok) throw new Error(`could not give the bench's advisor a photo: ${photo.status}`);
}

/** An admin's session for arranging the bench's salon. */
async function adminToken(url: string): Promise<string> {
  const login = await fetch(`${url}/api/advisors/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-pass' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return data.token;
}

/** The salon's own catalogue on the landing: two services and two published opinions. */
async function fillCatalogue(url: string): Promise<void> {
  const token = await adminToken(url);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`could not arrange ${path}: ${res.status}`);
  };
  await post('/api/services', {
    name: 'Balayage',
    category: 'Color',
    description: 'Mechas a mano alzada con matiz y tratamiento.',
    durationMinutes: 180,
    price: 320,
  });
  await post('/api/services', {
    name: 'Corte y peinado',
    category: 'Cortes',
    description: 'Lavado, corte a tu medida y secado.',
    durationMinutes: 60,
    price: 80,
  });
  await post('/api/testimonials', {
    firstName: 'Lucía',
    rating: 5,
    comment: 'Me ayudaron a elegir el tono sin salir de casa.',
    published: true,
  });
  await post('/api/testimonials', {
    firstName: 'Andrea',
    rating: 4,
    comment: 'Rápido y muy claro, reservé mi cita al terminar.',
    published: true,
  });
}

/**
 * A salon's own site for `/embed`: a bare page on another origin (the next port) that frames the
 * consultation as the widget does once the visitor shows intent. The app must list the origin.
 */
async function startHostPage(appUrl: string): Promise<{ url: string; stop: () => void }> {
  const port = PORT + 1;
  const url = `http://127.0.0.1:${port}`;
  const token = await adminToken(appUrl);
  const auth = { authorization: `Bearer ${token}` };
  const settings = (await (await fetch(`${appUrl}/api/settings`, { headers: auth })).json()) as {
    data: { embed: Record<string, unknown> } & Record<string, unknown>;
  };
  const saved = await fetch(`${appUrl}/api/settings`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...settings.data,
      embed: { ...settings.data.embed, allowedOrigins: [url] },
    }),
  });
  if (!saved.ok) throw new Error(`could not allow the host page's origin: ${saved.status}`);
  const frame = `${appUrl}/embed?host=${encodeURIComponent(url)}&lang=es`;
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Salón Rosa</title></head><body><h1>Salón Rosa</h1><p>Cortes, color y peinados en Miraflores.</p><iframe title="Consulta en vivo" src="${frame}" style="position:fixed;inset:0;width:100%;height:100%;border:0;background:transparent"></iframe></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url, stop: () => server.close() };
}

/** Median of the runs that produced the figure (Lighthouse leaves a metric out now and then). */
const median = (xs: number[]): number => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

type ResourceItem = {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  /** ms from the navigation's start */
  networkRequestTime?: number;
};

const gzipSizes = new Map<string, number>();
const reported = new Set<string>();

/**
 * gzip size of a file the page loaded, fetched again from the server (decompressed by fetch) and
 * compressed at level 9: independent of whether the server sent br, gz or identity.
 */
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const res = await fetch(url);
  const size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  gzipSizes.set(url, size);
  return size;
}

async function gzipKb(items: ResourceItem[], extension: string): Promise<number> {
  const urls = [
    ...new Set(
      items
        .map((i) => i.url ?? '')
        .filter((u) => new URL(u, 'http://x').pathname.endsWith(extension)),
    ),
  ];
  const sizes = await Promise.all(urls.map(gzipSize));
  return sizes.reduce((a, b) => a + b, 0) / 1024;
}

/** gzip size of the CSS inlined in the page's HTML (`<style>`), which no request shows. */
async function inlineCssGzKb(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  return css ? gzipSync(Buffer.from(css), { level: 9 }).length / 1024 : 0;
}

async function measure(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items =
    (lhr.audits['network-requests']?.details as { items?: ResourceItem[] } | undefined)?.items ??
    [];
  // The load event (observed, not simulated): what is asked for after it is not the first load.
  const loadMs =
    (lhr.audits.metrics?.details as { items?: { observedLoad?: number }[] } | undefined)?.items?.[0]
      ?.observedLoad ?? Number.POSITIVE_INFINITY;
  const beforeLoad = items.filter((i) => (i.networkRequestTime ?? 0) <= loadMs);
  const afterLoad = items.filter((i) => (i.networkRequestTime ?? 0) > loadMs);
  const kb = (type: string) =>
    items
      .filter((i) => i.resourceType === type)
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024;
  const failing = Object.values(lhr.audits).filter(
    (a) =>
      a.score === 0 &&
      lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
  );
  for (const a of failing) {
    const key = `${url} ${a.id}`;
    if (!reported.has(key)) {
      console.log(`  a11y failure on ${url}: ${a.id} — ${a.title}`);
      const nodes = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items;
      for (const n of nodes ?? []) console.log(`    ${n.node?.snippet ?? '?'}`);
    }
    reported.add(key);
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    jsGzKb: await gzipKb(beforeLoad, '.js'),
    jsAfterLoadGzKb: await gzipKb(afterLoad, '.js'),
    cssGzKb: (await gzipKb(items, '.css')) + (await inlineCssGzKb(url)),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    totalKb: audit('total-byte-weight') / 1024,
    scriptKb: kb('Script'),
    styleKb: kb('Stylesheet'),
    imageKb: kb('Image'),
    requests: items.length,
  };
}

async function measureMedian(url: string, port: number): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(url, port));
  const each = (k: keyof PageFigures) => runs.map((r) => Math.round(r[k])).join('/');
  console.log(`  ${url}: perf ${each('score')}, FCP ${each('fcpMs')} ms, TBT ${each('tbtMs')} ms`);
  const pick = (k: keyof PageFigures) => median(runs.map((r) => r[k]));
  return {
    score: pick('score'),
    a11y: pick('a11y'),
    jsGzKb: pick('jsGzKb'),
    jsAfterLoadGzKb: pick('jsAfterLoadGzKb'),
    cssGzKb: pick('cssGzKb'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    totalKb: pick('totalKb'),
    scriptKb: pick('scriptKb'),
    styleKb: pick('styleKb'),
    imageKb: pick('imageKb'),
    requests: pick('requests'),
  };
}

// ------------------------------------------------------------------ press → form

type Press = 'at once' | 'intent' | 'idle';
const PRESSES: { press: Press; label: string }[] = [
  { press: 'at once', label: 'pressed as soon as usable, no intent before' },
  { press: 'intent', label: 'pointer over the button 300 ms before' },
  { press: 'idle', label: 'pressed 5 s after load, no intent before' },
];

/**
 * One press of the hero's 'Consulta gratuita en vivo' in a fresh context under Lighthouse's mobile
 * preset, applied for real: ms from the click to the first frame in which the dialog's first field
 * is there, visible and enabled (the request form while a stylist is online).
 */
async function pressToForm(browser: Browser, url: string, press: Press): Promise<number> {
  const screen = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
  });
  // tsx (esbuild, keepNames) wraps named inner functions in `__name(…)`, which the function
  // serialized into the page below would not find there.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const preset = throttling.mobileSlow4G;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: preset.requestLatencyMs,
      downloadThroughput: (preset.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (preset.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: preset.cpuSlowdownMultiplier });
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const button = page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true });
    // Usable: the prerendered page is inert until its script has taken it over.
    await page.locator('#root:not([inert])').waitFor({ state: 'attached', timeout: 60_000 });
    if (press === 'idle') {
      await page.waitForLoadState('load', { timeout: 60_000 });
      await page.waitForTimeout(5000);
    }
    if (press === 'intent') {
      await button.hover();
      await page.waitForTimeout(300);
    }
    return await button.evaluate(
      (el) =>
        new Promise<number>((resolve, reject) => {
          const start = performance.now();
          (el as HTMLElement).click();
          const check = () => {
            const field = document.querySelector('[role="dialog"] input');
            if (field instanceof HTMLInputElement && !field.disabled && field.offsetParent)
              resolve(performance.now() - start);
            else if (performance.now() - start > 60_000) reject(new Error('no form within 60 s'));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
  } finally {
    await context.close();
  }
}

const ALL_DAY: WorkingHours = Object.fromEntries(
  weekdays.map((day) => [day, { start: '00:00', end: '23:59', enabled: true }]),
) as WorkingHours;

/** In Lima's last minute of the day (outside every working day) waits for the next one. */
async function pastTheDaysLastMinute(): Promise<void> {
  const limaClock = () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Lima',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
  while (limaClock() === '23:59') await new Promise((done) => setTimeout(done, 1000));
}

/** A stylist online (so the call button opens the request form), then BENCH_RUNS presses of each kind. */
async function measurePresses(url: string): Promise<Map<Press, number[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...QUIET_ARGS] });
  try {
    const token = await adminToken(url);
    const email = 'estilista@bench.test';
    const password = 'bench-stylist-pass';
    const created = await fetch(`${url}/api/advisors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      // Her hours are every day, all day (hours end by 23:59), so the salon is open whenever the
      // bench runs: outside them the button offers a call-back instead of the request form.
      body: JSON.stringify({ name: 'Camila Estilista', email, password, workingHours: ALL_DAY }),
    });
    if (!created.ok) throw new Error(`could not create the bench's stylist: ${created.status}`);
    await pastTheDaysLastMinute();
    const stylist = await (await browser.newContext({ baseURL: url })).newPage();
    await signInAvailable(stylist, email, password);
    const times = new Map<Press, number[]>();
    for (let i = 0; i < RUNS; i++)
      for (const { press } of PRESSES)
        times.set(press, [...(times.get(press) ?? []), await pressToForm(browser, url, press)]);
    return times;
  } finally {
    await browser.close();
  }
}

function row(name: string, f: PageFigures): string {
  const n = (v: number, d = 0) => v.toFixed(d).padStart(7);
  return `${name.padEnd(24)}${n(f.score)}${n(f.a11y)}${n(f.jsGzKb, 1)}${n(f.cssGzKb, 1)}${n(f.fcpMs)}${n(f.lcpMs)}${n(f.tbtMs)}${n(f.cls, 3)}${n(
    f.totalKb,
    1,
  )}${n(f.scriptKb, 1)}${n(f.styleKb, 1)}${n(f.imageKb, 1)}${n(f.requests)}`;
}

const server = await startServer();
const host = await startHostPage(server.url).catch((error: unknown) => {
  server.stop();
  throw error;
});
// The server must not outlive a failed browser launch (it would hold the port for the next run).
const chrome = await chromeLauncher
  .launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...QUIET_ARGS],
  })
  .catch((error: unknown) => {
    host.stop();
    server.stop();
    throw error;
  });
let chromeKilled = false;
try {
  console.log(
    `bench:web — Lighthouse ${RUNS} run(s) per page, median; mobile emulation with Lighthouse's default throttling; load ${loadavg()[0]?.toFixed(2)}`,
  );
  await listTeam(server.url);
  await fillCatalogue(server.url);
  const baseline = await measureMedian(`${server.url}/advisor/login`, chrome.port);
  const landing = await measureMedian(`${server.url}/`, chrome.port);
  const embed = await measureMedian(host.url, chrome.port);
  console.log(
    `${'page'.padEnd(24)}${[
      'perf',
      'a11y',
      'js gz',
      'css gz',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'tot KB',
      'js KB',
      'css KB',
      'img KB',
      'reqs',
    ]
      .map((h) => h.padStart(7))
      .join('')}`,
  );
  console.log(row('baseline /advisor/login', baseline));
  console.log(row('landing /', landing));
  console.log(row('/embed (framed)', embed));
  console.log(
    `landing first-load JS ${landing.jsGzKb.toFixed(1)} KB gzip (requested before the load event; budget ≤ 15), then ${landing.jsAfterLoadGzKb.toFixed(1)} KB fetched after load (the consultation's idle prefetch, not run); CSS ${landing.cssGzKb.toFixed(1)} KB gzip (inline); perf ${landing.score} (target ≥ 95), a11y ${landing.a11y} (target ≥ 95)`,
  );
  console.log(
    `/embed JS ${embed.jsGzKb.toFixed(1)} KB gzip (loaded by widget.js on the visitor's first intent); perf ${embed.score}, a11y ${embed.a11y}`,
  );
  console.log(
    `landing − baseline: ${(landing.totalKb - baseline.totalKb).toFixed(1)} KB transferred, ${(
      landing.scriptKb - baseline.scriptKb
    ).toFixed(1)} KB of it script`,
  );
  chrome.kill();
  chromeKilled = true;

  // Under libfaketime (`npm test` at another hour: TEST_AT) the landing's script did not finish
  // in DevTools' throttled context (its root stayed inert for a minute) while the e2e landing
  // specs pass under the same clock: not diagnosed (docs/decisions.md, "bench:web under a faked
  // clock"), so the presses are measured on the real clock only.
  if (process.env.FAKETIME !== undefined) {
    console.log('\npress → request form: not measured under a faked clock (FAKETIME is set)');
  } else {
    const presses = await measurePresses(server.url);
    const t = throttling.mobileSlow4G;
    console.log(
      `\npress on 'Consulta gratuita en vivo' → request form usable, ms, median of ${RUNS} (a fresh context each; DevTools throttling ${t.requestLatencyMs} ms latency, ${(
        t.downloadThroughputKbps / 1024
      ).toFixed(
        2,
      )} Mbit/s down, ${t.cpuSlowdownMultiplier}× CPU; load ${loadavg()[0]?.toFixed(2)})`,
    );
    for (const { press, label } of PRESSES) {
      const xs = presses.get(press) ?? [];
      console.log(
        `  ${label.padEnd(48)}${String(Math.round(median(xs))).padStart(7)}   (${xs.map((x) => Math.round(x)).join('/')})`,
      );
    }
  }
} finally {
  if (!chromeKilled) chrome.kill();
  host.stop();
  server.stop();
}
