/**
 * What on-device segmentation costs on this machine (docs/architecture.md#on-device-vision): the
 * person segmenter the app ships (MediaPipe Tasks, its SIMD runtime and the model from the built
 * app's `dist/vision/`), in Debian's headless Chromium, on 640×480 frames drawn in the page (a
 * moving figure over a moving background), in VIDEO mode as the privacy blur would run it.
 *
 * Baseline measured in the same run: drawing the frames alone. Then the segmenter on each frame
 * with its mask read back, then the same plus the blur's compositing (the frame blurred, the
 * person drawn over it through the mask). For each: frames per second and the CPU the browser's
 * processes used (cores: CPU seconds per wall second, from /proc), and the main thread's busy share
 * (DevTools' TaskDuration). The privacy blur is offered where the last figure holds
 * BLUR_FLOOR_FPS (the contract's, the one the web page measures itself against).
 *
 *   npm run bench:segmentation          (needs `npm run build`; BENCH_SECONDS=10 per pass)
 */
import { readFileSync, mkdtempSync, rmSync, readdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BLUR_FLOOR_FPS } from '@belleza/contract';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, QUIET_ARGS } from '../e2e/support/chromium.js';
import { setting } from './support/smoke.js';

const SECONDS = setting('BENCH_SECONDS', 10, 1);
const STILLS = setting('BENCH_STILLS', 10, 1);
const PORT = Number(process.env.BENCH_PORT ?? 4596);
const root = resolve(import.meta.dirname, '..');
const vision = join(root, 'packages/web/dist/vision');
const tasks = join(root, 'node_modules/@mediapipe/tasks-vision');
if (!existsSync(join(vision, 'selfie_segmenter.tflite')))
  throw new Error('no packages/web/dist/vision: run `npm run build` first');

const PAGE = `<!doctype html><meta charset="utf-8"><canvas id="c" width="640" height="480"></canvas>
<canvas id="o" width="640" height="480"></canvas>
<script type="module">
import { ImageSegmenter, FaceLandmarker } from '/tasks/vision_bundle.mjs';
const c = document.getElementById('c'), ctx = c.getContext('2d', { willReadFrequently: true });
const out = document.getElementById('o').getContext('2d');
const mask = new OffscreenCanvas(640, 480), mctx = mask.getContext('2d');
function draw(t) {
  const g = ctx.createLinearGradient(0, 0, 640, 480);
  g.addColorStop(0, 'hsl(' + (t / 20 % 360) + ' 60% 60%)'); g.addColorStop(1, '#203040');
  ctx.fillStyle = g; ctx.fillRect(0, 0, 640, 480);
  for (let i = 0; i < 40; i++) { ctx.fillStyle = i % 2 ? '#eee' : '#333'; ctx.fillRect((i * 53 + t / 10) % 640, (i * 37) % 480, 20, 20); }
  const x = 320 + 60 * Math.sin(t / 700);
  ctx.fillStyle = '#3a2418'; ctx.beginPath(); ctx.ellipse(x, 170, 95, 110, 0, 0, 7); ctx.fill();
  ctx.fillStyle = '#d6aa8c'; ctx.beginPath(); ctx.ellipse(x, 190, 70, 90, 0, 0, 7); ctx.fill();
  ctx.fillStyle = '#2a5aa0'; ctx.fillRect(x - 150, 330, 300, 150);
}
let segmenter = null;
window.load = async () => {
  segmenter = await ImageSegmenter.createFromOptions(
    { wasmLoaderPath: '/vision/vision_wasm_internal.js', wasmBinaryPath: '/vision/vision_wasm_internal.wasm' },
    { baseOptions: { modelAssetPath: '/vision/selfie_segmenter.tflite', delegate: 'CPU' }, runningMode: 'VIDEO', outputConfidenceMasks: true, outputCategoryMask: false });
};
const fileset = { wasmLoaderPath: '/vision/vision_wasm_internal.js', wasmBinaryPath: '/vision/vision_wasm_internal.wasm' };
window.stills = async (runs) => {
  const still = await ImageSegmenter.createFromOptions(fileset, { baseOptions: { modelAssetPath: '/vision/selfie_segmenter.tflite', delegate: 'CPU' }, runningMode: 'IMAGE', outputConfidenceMasks: true, outputCategoryMask: false });
  const mesh = await FaceLandmarker.createFromOptions(fileset, { baseOptions: { modelAssetPath: '/vision/face_landmarker.task', delegate: 'CPU' }, runningMode: 'IMAGE', numFaces: 1 });
  const blob = await (await fetch('/portrait.jpg')).blob();
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const times = { decode: [], segment: [], mesh: [] };
  let faces = 0, size = '';
  for (let i = 0; i <= runs; i++) {
    let t = performance.now();
    const image = await createImageBitmap(blob);
    const decode = performance.now() - t; size = image.width + '×' + image.height;
    t = performance.now(); const r = still.segment(image); r.confidenceMasks[0].getAsFloat32Array(); r.close();
    const segment = performance.now() - t;
    t = performance.now(); faces = mesh.detect(image).faceLandmarks.length;
    const meshMs = performance.now() - t;
    image.close();
    if (i === 0) continue; // warm-up
    times.decode.push(decode); times.segment.push(segment); times.mesh.push(meshMs);
  }
  return { size, faces, decode: median(times.decode), segment: median(times.segment), mesh: median(times.mesh) };
};
const maskImage = new ImageData(640, 480);
window.run = (mode, seconds) => new Promise((done) => {
  const end = performance.now() + seconds * 1000; let frames = 0, last = 0;
  const step = () => {
    const t = performance.now();
    if (t >= end) return done(frames);
    draw(t);
    if (mode !== 'draw') {
      const now = Math.max(last + 1, Math.round(t)); last = now;
      const r = segmenter.segmentForVideo(c, now);
      const m = r.confidenceMasks[0].getAsFloat32Array();
      if (mode === 'blur') {
        const d = maskImage.data;
        for (let i = 0; i < m.length; i++) d[i * 4 + 3] = m[i] * 255;
        mctx.putImageData(maskImage, 0, 0);
        out.filter = 'blur(12px)'; out.drawImage(c, 0, 0); out.filter = 'none';
        mctx.globalCompositeOperation = 'source-in'; mctx.drawImage(c, 0, 0); mctx.globalCompositeOperation = 'source-over';
        out.drawImage(mask, 0, 0);
      }
      r.close();
    }
    frames++;
    setTimeout(step, 0);
  };
  step();
});
</script>`;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};
const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const file = path.startsWith('/vision/')
    ? join(vision, path.slice(8))
    : path.startsWith('/tasks/')
      ? join(tasks, path.slice(7))
      : null;
  if (path === '/portrait.jpg') {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    return res.end(readFileSync(join(root, 'e2e/fixtures/portrait.jpg')));
  }
  if (path === '/') {
    res.writeHead(200, {
      'content-type': 'text/html',
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
    });
    return res.end(PAGE);
  }
  if (!file || file.includes('..') || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, {
    'content-type': types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
  });
  res.end(readFileSync(file));
});
await new Promise<void>((ok) => server.listen(PORT, '127.0.0.1', ok));

/** CPU seconds used so far by every process whose command line names `marker`. */
function cpuSeconds(marker: string): number {
  const tick = 100;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const profile = mkdtempSync(join(tmpdir(), 'bench-segmentation-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  args: [...QUIET_ARGS],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')
      ?.value ?? 0;
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.evaluate(() => (window as unknown as { load: () => Promise<void> }).load());
  // One warm-up pass (the runtime compiles, XNNPACK sets up).
  await page.evaluate(() =>
    (window as unknown as { run: (m: string, s: number) => Promise<number> }).run('segment', 1),
  );
  const rows: { pass: string; fps: number; cores: number; mainThread: number }[] = [];
  for (const pass of ['draw', 'segment', 'blur'] as const) {
    const cpu0 = cpuSeconds(profile);
    const busy0 = await busy();
    const t0 = performance.now();
    const frames = await page.evaluate(
      ([mode, seconds]) =>
        (window as unknown as { run: (m: string, s: number) => Promise<number> }).run(
          mode,
          seconds,
        ),
      [pass, SECONDS] as const,
    );
    const wall = (performance.now() - t0) / 1000;
    rows.push({
      pass,
      fps: frames / wall,
      cores: (cpuSeconds(profile) - cpu0) / wall,
      mainThread: ((await busy()) - busy0) / wall,
    });
  }
  console.log(`segmentation at 640×480, ${SECONDS} s per pass, Chromium headless, no GPU`);
  console.log('pass                               fps    CPU (cores)   main thread busy');
  const names = {
    draw: 'baseline: frames drawn only',
    segment: 'segmenter + mask read back',
    blur: 'segmenter + blur compositing',
  };
  for (const r of rows)
    console.log(
      `${names[r.pass as keyof typeof names].padEnd(34)} ${r.fps.toFixed(1).padStart(6)}   ${r.cores.toFixed(2).padStart(10)}   ${(r.mainThread * 100).toFixed(0).padStart(8)} %`,
    );
  const blur = rows.find((r) => r.pass === 'blur');
  console.log(
    `privacy blur floor ${BLUR_FLOOR_FPS} fps: ${blur && blur.fps >= BLUR_FLOOR_FPS ? 'met' : 'NOT met'} on this machine`,
  );
  if (!blur || blur.fps <= 0) process.exitCode = 1;

  const still = await page.evaluate(
    (runs) =>
      (
        window as unknown as {
          stills: (
            n: number,
          ) => Promise<{
            size: string;
            faces: number;
            decode: number;
            segment: number;
            mesh: number;
          }>;
        }
      ).stills(runs),
    STILLS,
  );
  console.log(`\nhair mask's models on a still (${still.size} portrait), median of ${STILLS} runs`);
  console.log(`baseline: still decoded only        ${still.decode.toFixed(1).padStart(7)} ms`);
  console.log(`person segmenter                    ${still.segment.toFixed(1).padStart(7)} ms`);
  console.log(
    `face mesh (${still.faces} face found)            ${still.mesh.toFixed(1).padStart(7)} ms`,
  );
  if (still.faces !== 1) process.exitCode = 1;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  server.close();
}
