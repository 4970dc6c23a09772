/**
 * Join time: from the stylist's click on 'Aceptar llamada' to the first decoded remote video frame
 * on the visitor's side and on the stylist's side, over BENCH_CONSULTATIONS (10) consultations in a
 * row through the real screens: built server (packages/server/dist, SQLite temp file), Debian's
 * Chromium with the fake camera, one visitor and one stylist context at a time.
 *
 * Floor measured in the same run, in the same browser, interleaved with the consultations (one
 * floor repetition before each consultation, so both see the same machine load): two pages, two
 * bare RTCPeerConnections, signalling relayed by this process. See `floorOnce` for what it holds.
 *
 * The first decoded frame is read the same way on both: e2e's installRtcProbe (getStats polled
 * every 50 ms, `framesDecoded > 0`). Percentiles interpolate linearly between ranks (with n = 10,
 * p95 lies between the two slowest). One warm-up consultation and floor repetition run first and
 * are printed but not counted (BENCH_WARMUP=0 to skip).
 *
 *   npm run bench:join            (builds first; BENCH_CONSULTATIONS, BENCH_PORT to vary,
 *                                  BENCH_TRACE=1 prints every recorded step, not just the main ones;
 *                                  BENCH_SMOKE=1: one consultation and one floor, no warm-up)
 *
 * Runs itself in a network namespace with only loopback (`unshare -n`), so nothing leaves the
 * machine; where that is not permitted it says so loudly and runs on the host's loopback. It stops
 * by itself after 10 minutes at most, and always stops the server and the browser and removes its
 * temp files. Timings never fail it: it exits non-zero only when the flow itself breaks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
  type Request,
} from '@playwright/test';
import { Api } from '../e2e/support/api.js';
import { startServer, type ServerHandle } from '../e2e/support/server.js';
import {
  ADVISOR_FRAME,
  requestConsultation,
  signInAvailable,
  VISITOR_FRAME,
} from '../e2e/support/screens.js';
import { CHROMIUM_PATH, LOOPBACK_VIDEO_ARGS } from '../e2e/support/chromium.js';
import { installRtcProbe } from '../e2e/support/video.js';
import { setting, SMOKE } from './support/smoke.js';

const CONSULTATIONS = setting('BENCH_CONSULTATIONS', 10, 1);
const WARMUP = process.env.BENCH_WARMUP === '0' || SMOKE ? 0 : 1;
const PORT = Number(process.env.BENCH_PORT ?? 4820);
const TRACE_ALL = process.env.BENCH_TRACE === '1';
/** Writes every consultation's and floor repetition's steps there (JSON), for a closer look. */
const TRACE_JSON = process.env.BENCH_TRACE_JSON;
/** How long the popup rings before the click (0: at once, as e2e's call-flow; a person takes ~1–3 s). */
const RING_MS = Number(process.env.BENCH_RING_MS ?? 0);
/** The whole bench, build excluded; the outer process kills the inner one a little later. */
const CAP_MS = 10 * 60_000;
/** One step of a consultation (a screen, a frame) that takes longer than this breaks the flow. */
const STEP_MS = 30_000;
const INNER_ENV = 'BELLEZA_JOIN_BENCH_INNER';

// ------------------------------------------------------------------ outer: the network namespace

/** Re-runs this script inside `unshare -n` (loopback only) and waits for it, with a backstop. */
function runInNamespace(): void {
  const self = [...process.execArgv, process.argv[1] ?? ''];
  const probe = spawnSync('unshare', ['-n', 'true']);
  let child: ChildProcess;
  if (probe.status === 0) {
    child = spawn(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', process.execPath, ...self],
      { stdio: 'inherit', env: { ...process.env, [INNER_ENV]: 'netns' } },
    );
  } else {
    console.warn(
      '!!! unshare -n not permitted here: bench:join runs in the HOST network namespace ' +
        `(server and browser on 127.0.0.1 only, port ${PORT})`,
    );
    child = spawn(process.execPath, self, {
      stdio: 'inherit',
      env: { ...process.env, [INNER_ENV]: 'host' },
    });
  }
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  // The inner process caps itself; this only catches one that hangs while cleaning up.
  const backstop = setTimeout(() => {
    console.error('!!! bench:join did not stop by itself: killing it');
    child.kill('SIGKILL');
  }, CAP_MS + 60_000);
  child.on('exit', (code, signal) => {
    clearTimeout(backstop);
    process.exit(code ?? (signal ? 1 : 0));
  });
}

// ------------------------------------------------------------------ in the pages

/** `ms`: a long task's duration (its `t` is when it started). */
type Mark = { t: number; what: string; ms?: number };
type TracedWindow = { __joinTrace?: Mark[] };
type ProbeWindow = { __rtcProbe?: { firstFrameAt: number | null } };

/**
 * Init script of every frame (pages and video iframes): records, in epoch ms, the steps between the
 * click and the first frame — document loads, clicks, postMessage traffic between page and video
 * frame, getUserMedia, Socket.IO events on the wire (with their acks), and each peer connection's
 * descriptions, candidates and states. Read back by `readTrace`; the product knows nothing of it.
 */
const TRACE = () => {
  const w = window as unknown as TracedWindow;
  if (w.__joinTrace) return;
  const marks: Mark[] = [];
  w.__joinTrace = marks;
  const now = () => performance.timeOrigin + performance.now();
  const mark = (what: string, t = now()) => {
    marks.push({ t, what });
  };
  mark('doc:start', performance.timeOrigin);
  // Main-thread tasks over 50 ms; a same-origin video frame shares its page's thread, so the top
  // frame's observer sees both and the frame's own would count them twice.
  if (window === window.top && PerformanceObserver.supportedEntryTypes.includes('longtask'))
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        marks.push({ t: performance.timeOrigin + e.startTime, what: 'long task', ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('DOMContentLoaded', () => mark('doc:domcontentloaded'));
  window.addEventListener('load', () => mark('doc:load'));
  document.addEventListener(
    'click',
    (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      const label = button?.textContent?.trim().slice(0, 40);
      if (label) mark(`click ${label}`, performance.timeOrigin + e.timeStamp);
    },
    true,
  );
  window.addEventListener(
    'message',
    (e: MessageEvent) => {
      const d = e.data as { type?: unknown; action?: unknown } | null;
      if (typeof d?.type !== 'string' || !d.type.startsWith('daily-video-call')) return;
      const from = d.type === 'daily-video-call' ? 'from video page' : 'control to video page';
      mark(`postMessage ${from}: ${String(d.action)}`);
    },
    true,
  );

  const media = navigator.mediaDevices as MediaDevices | undefined;
  if (media?.getUserMedia) {
    const getUserMedia = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      mark('getUserMedia called');
      const stream = await getUserMedia(constraints);
      mark('getUserMedia resolved');
      return stream;
    };
  }

  // Socket.IO on the wire: `42<ack id>["event",…]` an event, `43<ack id>[…]` its answer.
  const acks = new Map<string, string>();
  const wire = (direction: 'sent' | 'received', data: unknown) => {
    if (typeof data !== 'string') return;
    if (direction === 'received' && data.startsWith('40')) return mark('socket.io connected');
    const event = /^42(\d*)\["([^"]+)"/.exec(data);
    if (event) {
      const [, id, name = '?'] = event;
      const kind =
        name !== 'rtc:signal'
          ? ''
          : data.includes('"type":"offer"')
            ? ' (offer)'
            : data.includes('"type":"answer"')
              ? ' (answer)'
              : ' (candidate)';
      if (id) acks.set(`${direction}${id}`, name);
      return mark(`socket ${direction} ${name}${kind}`);
    }
    const ack = /^43(\d+)/.exec(data);
    if (ack) {
      const asked = direction === 'received' ? 'sent' : 'received';
      mark(`socket ${direction} ack of ${acks.get(`${asked}${ack[1] ?? ''}`) ?? '?'}`);
    }
  };
  const NativeWebSocket = window.WebSocket;
  class TracedWebSocket extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      mark('websocket opening');
      this.addEventListener('open', () => mark('websocket open'));
      this.addEventListener('message', (e: MessageEvent) => wire('received', e.data));
    }
    override send(data: Parameters<WebSocket['send']>[0]): void {
      wire('sent', data);
      super.send(data);
    }
  }
  window.WebSocket = TracedWebSocket;

  const Native = window.RTCPeerConnection as typeof RTCPeerConnection | undefined;
  if (!Native) return;
  const Traced = function (config?: RTCConfiguration) {
    const pc = new Native(config);
    mark('pc created');
    let candidates = 0;
    pc.addEventListener('icecandidate', (e) => {
      if (e.candidate && candidates++ === 0) mark('pc first local candidate');
      if (!e.candidate) mark('pc gathering complete');
    });
    pc.addEventListener('iceconnectionstatechange', () => mark(`pc ice ${pc.iceConnectionState}`));
    pc.addEventListener('connectionstatechange', () => mark(`pc state ${pc.connectionState}`));
    pc.addEventListener('track', (e) => mark(`pc track ${e.track.kind}`));
    const setLocal = pc.setLocalDescription.bind(pc);
    pc.setLocalDescription = async (d?: RTCLocalSessionDescriptionInit) => {
      await setLocal(d);
      mark(`pc local ${pc.localDescription?.type ?? '?'} set`);
    };
    const setRemote = pc.setRemoteDescription.bind(pc);
    pc.setRemoteDescription = async (d: RTCSessionDescriptionInit) => {
      await setRemote(d);
      mark(`pc remote ${d.type} set`);
    };
    return pc;
  } as unknown as typeof RTCPeerConnection;
  Traced.prototype = Native.prototype;
  Object.assign(Traced, { generateCertificate: Native.generateCertificate.bind(Native) });
  window.RTCPeerConnection = Traced;
};

type FloorMessage = {
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit;
};
type FloorWindow = {
  __floorSend?: (message: FloorMessage) => Promise<void>;
  __floorReceive?: (message: FloorMessage) => void;
  __floorStart?: (offerer: boolean) => void;
};

/**
 * One side of the floor, installed in a loaded blank page. `__floorStart` asks for the camera and
 * microphone (the product's constraints), makes a bare RTCPeerConnection with no ICE servers (the
 * product's default), adds both tracks; the offerer offers at once, the other answers; candidates
 * are trickled. Signals go through `__floorSend`, a binding to the bench process, which hands them
 * to the other page; they are applied in arrival order.
 */
const FLOOR_PAGE = () => {
  const w = window as unknown as FloorWindow;
  let pc: RTCPeerConnection | null = null;
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (ready = resolve));
  let queue = started;
  const send = (message: FloorMessage) => void w.__floorSend?.(message);
  w.__floorReceive = (message) => {
    queue = queue.then(async () => {
      if (!pc) return;
      if (message.description) {
        await pc.setRemoteDescription(message.description);
        if (message.description.type === 'offer') {
          await pc.setLocalDescription();
          if (pc.localDescription) send({ description: pc.localDescription.toJSON() });
        }
      } else if (message.candidate) {
        await pc.addIceCandidate(message.candidate);
      }
    });
  };
  w.__floorStart = (offerer) => {
    void (async () => {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: { echoCancellation: true, noiseSuppression: true },
      });
      const connection = new RTCPeerConnection();
      pc = connection;
      for (const track of stream.getTracks()) connection.addTrack(track, stream);
      connection.onicecandidate = ({ candidate }) => {
        if (candidate) send({ candidate: candidate.toJSON() });
      };
      ready();
      if (offerer) {
        await connection.setLocalDescription();
        if (connection.localDescription)
          send({ description: connection.localDescription.toJSON() });
      }
    })();
  };
};

// ------------------------------------------------------------------ bench process

type Sample = {
  /** click → first decoded remote frame, ms */
  visitor: number;
  advisor: number;
  /** steps relative to the click, per source ('stylist page', 'visitor video page', …) */
  steps: Map<string, number>;
  /** node's time before asking Playwright to click, minus the page's click event (ms, negative) */
  clickLag: number;
  /** main-thread time in long tasks between the click and that side's first frame, ms */
  busyStylist: number;
  busyVisitor: number;
};
type FloorSample = {
  /** start → first decoded remote frame, ms */
  offerer: number;
  answerer: number;
  steps: Map<string, number>;
  /** main-thread time in long tasks of both pages between the start and their first frames, ms */
  busy: number;
};

/** Time spent in long tasks that started between `from` and `to`. */
const longTasks = (marks: Mark[], from: number, to: number) =>
  marks
    .filter((m) => m.what === 'long task' && m.t >= from && m.t < to)
    .reduce((sum, m) => sum + (m.ms ?? 0), 0);

/** Each step's first occurrence, in ms from `t0`, keyed by where it happened. */
function stepsOf(sources: [string, Mark[]][], t0: number): Map<string, number> {
  const steps = new Map<string, number>();
  for (const [source, marks] of sources)
    for (const m of [...marks].sort((x, y) => x.t - y.t)) {
      const key = `${source}: ${m.what}`;
      if (!steps.has(key)) steps.set(key, m.t - t0);
    }
  return steps;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `read` to give a value, polling every 100 ms; the flow is broken after STEP_MS. */
async function until<T>(what: string, read: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${STEP_MS / 1000} s`);
    await sleep(100);
  }
}

const firstFrameAt = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as ProbeWindow).__rtcProbe?.firstFrameAt ?? null);

const readTrace = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as TracedWindow).__joinTrace ?? []);

async function videoFrame(page: Page, selector: string): Promise<Frame> {
  const handle = await page.locator(selector).elementHandle({ timeout: STEP_MS });
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`${selector} has no document`);
  return frame;
}

/** Records when each API call and each script/style of a context started and ended (epoch ms). */
function recordRequests(context: BrowserContext, into: Mark[]): void {
  const name = (request: Request) => {
    const url = new URL(request.url());
    const path = url.pathname.replace(/\/[a-z]+_[0-9a-f]{32}/g, '/:id');
    const type = url.searchParams.get('userType');
    return `${request.method()} ${path}${type ? `?userType=${type}` : ''}`;
  };
  context.on('requestfinished', (request: Request) => {
    const kind = request.resourceType();
    if (!['fetch', 'xhr', 'script', 'stylesheet', 'document'].includes(kind)) return;
    const timing = request.timing();
    into.push({ t: timing.startTime, what: `request ${name(request)} sent` });
    if (timing.responseEnd >= 0)
      into.push({
        t: timing.startTime + timing.responseEnd,
        what: `request ${name(request)} done`,
      });
  });
}

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    permissions: ['camera', 'microphone'],
  });
  // tsx (esbuild, keepNames) wraps named inner functions in `__name(…)`, which the functions
  // serialized into pages below would not find there.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await installRtcProbe(context);
  await context.addInitScript(TRACE);
  return context;
}

/** One consultation through the real screens, as e2e's call-flow spec does it. */
async function consultation(
  browser: Browser,
  server: ServerHandle,
  admin: Api,
  n: number,
): Promise<Sample> {
  const email = `join-bench-${n}-${Date.now().toString(36)}@bench.test`;
  const password = 'join-bench-pass-123';
  // A fresh stylist each time: no login rate limit, no presence left over from the last one.
  const stylistAccount = await admin.createAdvisor({ name: 'Camila Estilista', email, password });
  const stylistRequests: Mark[] = [];
  const visitorRequests: Mark[] = [];
  const stylistContext = await newContext(browser, server.url);
  const visitorContext = await newContext(browser, server.url);
  recordRequests(stylistContext, stylistRequests);
  recordRequests(visitorContext, visitorRequests);
  try {
    const stylist = await stylistContext.newPage();
    const visitor = await visitorContext.newPage();
    for (const page of [stylist, visitor]) page.setDefaultTimeout(STEP_MS);

    await signInAvailable(stylist, email, password);
    await requestConsultation(visitor, {
      name: 'María Pérez',
      phone: '+51 999 111 222',
      message: 'Quiero un corte bob',
    });

    const popup = stylist.getByRole('alertdialog', { name: 'Llamada entrante' });
    await popup.getByText('María Pérez').waitFor();
    if (RING_MS > 0) await sleep(RING_MS);
    const clickAsked = Date.now();
    await popup.getByRole('button', { name: 'Aceptar llamada' }).click();

    const stylistVideo = await videoFrame(stylist, ADVISOR_FRAME);
    const visitorVideo = await videoFrame(visitor, VISITOR_FRAME);
    const [advisorFirst, visitorFirst] = await Promise.all([
      until("the stylist's first remote frame", () => firstFrameAt(stylistVideo)),
      until("the visitor's first remote frame", () => firstFrameAt(visitorVideo)),
    ]);

    const sources: [string, Mark[]][] = [
      ['stylist page', await readTrace(stylist.mainFrame())],
      ['stylist video page', await readTrace(stylistVideo)],
      ['stylist network', stylistRequests],
      ['visitor page', await readTrace(visitor.mainFrame())],
      ['visitor video page', await readTrace(visitorVideo)],
      ['visitor network', visitorRequests],
    ];
    const clickAt =
      sources[0]?.[1].find((m) => m.what.startsWith('click Aceptar llamada'))?.t ?? clickAsked;
    const steps = stepsOf(sources, clickAt);
    steps.set('stylist video page: FIRST REMOTE FRAME', advisorFirst - clickAt);
    steps.set('visitor video page: FIRST REMOTE FRAME', visitorFirst - clickAt);

    // The stylist ends the call, so the next consultation starts clean.
    await stylist.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.getByRole('button', { name: 'Finalizar para ambos' }).click();
    await visitor.getByText('Consulta finalizada', { exact: true }).waitFor();
    return {
      visitor: visitorFirst - clickAt,
      advisor: advisorFirst - clickAt,
      steps,
      clickLag: clickAsked - clickAt,
      busyStylist: longTasks(sources[0]?.[1] ?? [], clickAt, advisorFirst),
      busyVisitor: longTasks(sources[3]?.[1] ?? [], clickAt, visitorFirst),
    };
  } finally {
    await visitorContext.close();
    await stylistContext.close();
    await admin.setAdvisorStatus(stylistAccount.advisorId, 'offline').catch(() => undefined);
  }
}

/**
 * The floor, once. Two fresh contexts of the same browser, each with one loaded blank page of the
 * app's origin (so the same permissions and secure context) and the same init scripts as the real
 * screens. The clock starts right before both pages are told to start; it includes: getUserMedia
 * (fake camera and microphone, product constraints) on both sides at once, creating the peer
 * connections, offer/answer and trickled host candidates relayed through this process
 * (Playwright binding → `evaluate` in the other page, about what a Socket.IO relay on loopback
 * costs), ICE and DTLS on loopback, the first video frame encoded, sent and decoded, and the
 * probe's 50 ms polling. It holds no page load, no HTTP request, no server and no React.
 */
async function floorOnce(browser: Browser, baseURL: string): Promise<FloorSample> {
  const contexts = [await newContext(browser, baseURL), await newContext(browser, baseURL)];
  try {
    const pages: Page[] = [];
    for (const context of contexts) {
      await context.route(`${baseURL}/__join-bench-floor`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>floor</title>' }),
      );
      const page = await context.newPage();
      await page.goto(`${baseURL}/__join-bench-floor`);
      await page.evaluate(FLOOR_PAGE);
      pages.push(page);
    }
    const [a, b] = pages as [Page, Page];
    const relay = (to: Page) => async (message: FloorMessage) => {
      await to.evaluate((m) => (window as unknown as FloorWindow).__floorReceive?.(m), message);
    };
    await a.exposeFunction('__floorSend', relay(b));
    await b.exposeFunction('__floorSend', relay(a));
    const start = Date.now();
    await Promise.all([
      a.evaluate(() => (window as unknown as FloorWindow).__floorStart?.(true)),
      b.evaluate(() => (window as unknown as FloorWindow).__floorStart?.(false)),
    ]);
    const [offerer, answerer] = await Promise.all([
      until('first frame on the floor (offerer)', () => firstFrameAt(a.mainFrame())),
      until('first frame on the floor (answerer)', () => firstFrameAt(b.mainFrame())),
    ]);
    const steps = stepsOf(
      [
        ['offerer', await readTrace(a.mainFrame())],
        ['answerer', await readTrace(b.mainFrame())],
      ],
      start,
    );
    steps.set('offerer: FIRST REMOTE FRAME', offerer - start);
    steps.set('answerer: FIRST REMOTE FRAME', answerer - start);
    const busy =
      longTasks(await readTrace(a.mainFrame()), start, offerer) +
      longTasks(await readTrace(b.mainFrame()), start, answerer);
    return { offerer: offerer - start, answerer: answerer - start, steps, busy };
  } finally {
    for (const context of contexts) await context.close();
  }
}

// ------------------------------------------------------------------ figures

/** Linear interpolation between closest ranks (numpy's default). */
function pct(values: number[], p: number): number {
  const s = [...values].sort((x, y) => x - y);
  if (s.length === 0) return Number.NaN;
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return s[lo]! + (s[hi]! - s[lo]!) * (rank - lo);
}
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)}`).padStart(7);
const ratio = (n: number) => `${n.toFixed(2)}×`.padStart(7);

function printFigures(samples: Sample[], floor: FloorSample[]): void {
  const floorBoth = floor.map((f) => Math.max(f.offerer, f.answerer));
  const f50 = pct(floorBoth, 50);
  const f95 = pct(floorBoth, 95);
  const header = `${''.padEnd(36)}${['p50', 'p95', 'min', 'max', 'p50/fl', 'p95/fl'].map((h) => h.padStart(7)).join('')}   target p50 ≤ 1.5×, p95 ≤ 2.5×`;
  const row = (label: string, xs: number[], judge: boolean) => {
    const r50 = pct(xs, 50) / f50;
    const r95 = pct(xs, 95) / f95;
    const verdict = judge
      ? `   p50 ${r50 <= 1.5 ? 'met' : 'NOT met'}, p95 ${r95 <= 2.5 ? 'met' : 'NOT met'}`
      : '';
    return `${label.padEnd(36)}${ms(pct(xs, 50))}${ms(pct(xs, 95))}${ms(Math.min(...xs))}${ms(Math.max(...xs))}${judge ? `${ratio(r50)}${ratio(r95)}${verdict}` : ''}`;
  };
  console.log(`\nms, n=${samples.length} consultations, n=${floor.length} floor repetitions`);
  console.log(header);
  console.log(
    row(
      "'Aceptar' → frame, visitor",
      samples.map((s) => s.visitor),
      true,
    ),
  );
  console.log(
    row(
      "'Aceptar' → frame, stylist",
      samples.map((s) => s.advisor),
      true,
    ),
  );
  console.log(
    row(
      "'Aceptar' → frame on both sides",
      samples.map((s) => Math.max(s.visitor, s.advisor)),
      true,
    ),
  );
  console.log(
    row(
      'floor: offerer',
      floor.map((f) => f.offerer),
      false,
    ),
  );
  console.log(
    row(
      'floor: answerer',
      floor.map((f) => f.answerer),
      false,
    ),
  );
  console.log(row('floor: both sides (the "fl" above)', floorBoth, false));
  console.log(
    `main thread in long tasks until the first frame, p50: stylist ${Math.round(
      pct(
        samples.map((s) => s.busyStylist),
        50,
      ),
    )} ms, visitor ${Math.round(
      pct(
        samples.map((s) => s.busyVisitor),
        50,
      ),
    )} ms, floor (both pages) ${Math.round(
      pct(
        floor.map((f) => f.busy),
        50,
      ),
    )} ms`,
  );
  console.log(
    `(the click is the page's own 'click' event; Playwright asked for it ${Math.round(
      -pct(
        samples.map((s) => s.clickLag),
        50,
      ),
    )} ms earlier, p50)`,
  );
}

/** Steps that say nothing about the join (heartbeats, stats, every further candidate). */
const NOISE = /ping|pong|stats|candidate\)$|gathering|doc:domcontentloaded/;

/** Where the time goes: each recorded step's p50/p95 over the runs, in order. */
function printSteps(title: string, runs: { steps: Map<string, number> }[], from: number): void {
  const keys = new Set(runs.flatMap((r) => [...r.steps.keys()]));
  const rows = [...keys]
    .map((key) => {
      const xs = runs.flatMap((r) => {
        const v = r.steps.get(key);
        return v === undefined ? [] : [v];
      });
      return { key, p50: pct(xs, 50), p95: pct(xs, 95), n: xs.length };
    })
    .filter((r) => TRACE_ALL || (r.p50 >= from && !NOISE.test(r.key)))
    .sort((x, y) => x.p50 - y.p50);
  console.log(`\n${title}${TRACE_ALL ? '' : ' (BENCH_TRACE=1 for every step)'}`);
  console.log(`${''.padEnd(78)}${['p50', 'p95', 'n'].map((h) => h.padStart(7)).join('')}`);
  for (const r of rows)
    console.log(
      `  ${r.key.slice(0, 76).padEnd(76)}${ms(r.p50)}${ms(r.p95)}${String(r.n).padStart(7)}`,
    );
}

/** What the standby pages had done by the click (whatever can happen before it should). */
function printStandby(samples: Sample[]): void {
  const milestones = [
    'stylist network: request GET /daily_video_call.html?userType=advisor sent',
    'stylist video page: doc:load',
    'stylist video page: socket.io connected',
    'visitor network: request GET /daily_video_call.html?userType=client sent',
    'visitor video page: doc:load',
    'visitor video page: socket.io connected',
  ];
  console.log('\nstandby video pages, p50 ms from the click (negative: before it)');
  for (const key of milestones) {
    const xs = samples.flatMap((s) => {
      const v = s.steps.get(key);
      return v === undefined ? [] : [v];
    });
    const before = xs.filter((x) => x < 0).length;
    console.log(
      `  ${key.padEnd(76)}${ms(pct(xs, 50))}   before the click in ${before}/${xs.length}`,
    );
  }
  const stylistOffered = samples.filter((s) =>
    s.steps.has('stylist video page: socket sent rtc:signal (offer)'),
  ).length;
  console.log(
    `  the stylist's page offered in ${stylistOffered}/${samples.length} consultations (the one that joins the room second offers)`,
  );
}

// ------------------------------------------------------------------ inner: the bench

async function bench(): Promise<void> {
  const where =
    process.env[INNER_ENV] === 'netns' ? 'network namespace with only loopback' : 'HOST loopback';
  console.log(
    `bench:join — ${CONSULTATIONS} consultations through the real screens + floor, ${where}, ` +
      `click ${RING_MS} ms after the popup shows; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  let server: ServerHandle | null = null;
  let browser: Browser | null = null;
  let capped = false;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  };
  const cap = setTimeout(() => {
    capped = true;
    console.error(`!!! bench:join stopped at its ${CAP_MS / 60_000}-minute cap`);
    void cleanup().finally(() => process.exit(1));
  }, CAP_MS);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));

  try {
    server = await startServer(PORT, {
      CALL_REQUEST_RATE_LIMIT: '1000',
      CALL_REQUEST_PHONE_LIMIT: '1000',
      CALL_REQUEST_GLOBAL_LIMIT: '1000',
      CALL_REQUEST_OPEN_LIMIT: '1000',
      CALL_REQUEST_OPEN_PHONE_LIMIT: '1000',
    });
    const admin = await Api.login(server.url);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...LOOPBACK_VIDEO_ARGS],
    });

    const samples: Sample[] = [];
    const floor: FloorSample[] = [];
    for (let i = 0; i < WARMUP + CONSULTATIONS; i++) {
      const f = await floorOnce(browser, server.url);
      const s = await consultation(browser, server, admin, i);
      const warm = i < WARMUP;
      if (!warm) {
        floor.push(f);
        samples.push(s);
      }
      console.log(
        `  ${warm ? 'warm-up' : `#${i - WARMUP + 1}`.padEnd(7)}  floor ${Math.round(f.offerer)}/${Math.round(f.answerer)} ms` +
          `   'Aceptar' → frame: visitor ${Math.round(s.visitor)} ms, stylist ${Math.round(s.advisor)} ms` +
          `   (load ${loadavg()[0]?.toFixed(2)})`,
      );
    }
    printFigures(samples, floor);
    printStandby(samples);
    printSteps('consultation: steps after the click, ms from the click', samples, -50);
    printSteps('floor: steps, ms from the start', floor, -50);
    if (TRACE_JSON) {
      const plain = (runs: { steps: Map<string, number> }[]) =>
        runs.map((r) => Object.fromEntries(r.steps));
      writeFileSync(
        TRACE_JSON,
        JSON.stringify({ consultations: plain(samples), floor: plain(floor) }, null, 1),
      );
      console.log(`\nevery step written to ${TRACE_JSON}`);
    }
    console.log(
      `\nload average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, ${process.platform} ${process.version}, Chromium ${browser.version()}`,
    );
  } catch (error) {
    if (!capped) {
      console.error('bench:join: the flow broke —', error);
      process.exitCode = 1;
    }
  } finally {
    clearTimeout(cap);
    await cleanup();
  }
}

if (process.env[INNER_ENV]) await bench();
else runInNamespace();
