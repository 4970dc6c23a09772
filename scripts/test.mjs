#!/usr/bin/env node
// `npm test`: every check — typecheck, lint, unused code and structure (no import cycles, no
// issue/SPEC citations) side by side, then unit + integration (Vitest), the fault suites, build,
// the benchmarks' smoke runs, e2e (Playwright).
// Outside CI a missing Chromium skips e2e with one loud line; with CI=true it is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Stand-ins for the real world (a loaded machine, any hour of the salon's day), off by default:
//   TEST_CPU_HOG=1  a busy loop pinned to one core runs for the whole suite (a loaded machine);
//   TEST_AT=2026-11-26T20:00:00-05:00  every process runs at that instant and on from it
//                   (libfaketime: apt-get install -y faketime), e.g. 03:00 or 20:00 in Lima.
const extraEnv = {};
if (process.env.TEST_AT) {
  const at = new Date(process.env.TEST_AT);
  const lib = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
  if (Number.isNaN(at.getTime()) || !existsSync(lib)) {
    console.error(
      `!!! TEST_AT needs an ISO instant and libfaketime (${lib}): apt-get install -y faketime`,
    );
    process.exit(1);
  }
  const stamp = at.toISOString().replace('T', ' ').slice(0, 19);
  Object.assign(extraEnv, {
    LD_PRELOAD: lib,
    FAKETIME: `@${stamp}`,
    FAKETIME_DONT_RESET: '1',
    TZ: 'UTC',
  });
  console.log(`=== every process starts at ${stamp} UTC (${process.env.TEST_AT})`);
}
let hog = null;
if (process.env.TEST_CPU_HOG === '1') {
  const pin = spawnSync('taskset', ['--version']).status === 0;
  const loop = [process.execPath, '-e', 'for (;;) {}'];
  hog = pin
    ? spawn('taskset', ['-c', '0', ...loop], { stdio: 'ignore' })
    : spawn(loop[0], loop.slice(1), { stdio: 'ignore' });
  console.log(`=== CPU hog running (pid ${hog.pid}${pin ? ', pinned to core 0' : ''})`);
  // The hog must not keep this script alive once the last check is done: 'exit' kills it.
  hog.unref();
  const stop = () => hog?.kill('SIGKILL');
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
}

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv, ...env },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== ${name} FAILED after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ${name} ok (${secs}s)`);
}

/** Runs one check with its output held, printed whole when it finishes (not interleaved). */
function held({ name, cmd, args }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...extraEnv },
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(out));
      console.log(code === 0 ? `=== ${name} ok (${secs}s)` : `=== ${name} FAILED after ${secs}s`);
      resolve(code ?? 1);
    });
  });
}

/**
 * Checks that read the sources and write nothing, in lanes side by side: one lane per core, each
 * running its checks one after the other (every check runs, so one failure does not hide
 * another); the run stops after all of them if any failed.
 */
async function lanes(...lanesOfSteps) {
  const started = Date.now();
  const names = lanesOfSteps.map((lane) => lane.map((s) => s.name).join(' → '));
  console.log(`\n=== ${names.join('  |  ')}, side by side`);
  const results = await Promise.all(
    lanesOfSteps.map(async (lane) => {
      const codes = [];
      for (const s of lane) codes.push(await held(s));
      return codes;
    }),
  );
  const failed = results.flat().find((code) => code !== 0);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (failed !== undefined) process.exit(failed);
  console.log(`=== static checks ok (${secs}s)`);
}

// `npm run typecheck` and `npm run lint` in their parts, in two lanes of about the same CPU time
// (CPU seconds on a clean clone: typecheck server 37, web 40; lint web 58, the rest 54; knip and
// structure 4 each): about 100 s of CPU per core. All six side by side (217 s on a clean clone)
// only made them take turns on the two cores, each type-aware part holding 1 to 2.5 GB.
await lanes(
  [
    { name: 'typecheck (server)', cmd: 'npm', args: ['run', 'typecheck:server'] },
    { name: 'lint (web)', cmd: 'npm', args: ['run', 'lint:web'] },
    { name: 'structure', cmd: 'npm', args: ['run', 'check:structure'] },
  ],
  [
    { name: 'typecheck (web, e2e, bench)', cmd: 'npm', args: ['run', 'typecheck:web'] },
    { name: 'lint (the rest)', cmd: 'npm', args: ['run', 'lint:rest'] },
    { name: 'unused code', cmd: 'npx', args: ['knip', '--no-progress'] },
  ],
);
// Most suites wait on PostgreSQL, Redis and sockets more than on a core: two workers. The fault
// suites restart Redis and kill processes under running apps, so they run after, by themselves.
const FAULTS = 'packages/server/src/faults';
const SLOWEST = ['--reporter=default', '--reporter=./scripts/vitest-slowest-files.mjs'];
step('unit+integration', 'npx', [
  'vitest',
  'run',
  '--maxWorkers=2',
  ...SLOWEST,
  '--exclude',
  '**/faults/**',
]);
step('fault tests', 'npx', ['vitest', 'run', '--maxWorkers=1', '--isolate', FAULTS]);
step('build', 'npm', ['run', 'build']);
if (existsSync(chromium)) {
  // Every benchmark in its smoke mode (a handful of iterations, figures printed, never judged): a
  // product change that breaks a benchmark fails here, not months later. (Three of them drive
  // Chromium, hence inside this branch.)
  step('benchmarks (smoke)', 'npm', ['run', 'bench:smoke']);
  step('e2e', 'npm', ['test', '-w', '@belleza/e2e']);
} else if (ci) {
  console.error(`\n!!! Chromium not found at ${chromium}: e2e cannot run under CI=true`);
  process.exit(1);
} else {
  console.warn(
    `\n!!! Chromium not found at ${chromium}: e2e SKIPPED (install it: apt-get install -y chromium)\n`,
  );
}
console.log('\nAll checks passed.');
