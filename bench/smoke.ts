// `npm run bench:smoke`: every benchmark in this folder in its smoke mode (BENCH_SMOKE=1: a
// handful of iterations, figures printed but never judged), so a product change that breaks a
// benchmark fails here. Two lanes side by side (the browser benchmarks in one, the rest in the
// other); each benchmark has a time limit; exits non-zero if any benchmark fails or overruns.
// Needs the built app (`npm run build`): web, join and load start packages/server/dist and serve
// packages/web/dist. BENCH_SMOKE_ONLY=notify,reports runs only those.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
/** Per benchmark; BENCH_SMOKE_LIMIT_S raises it on a loaded machine. */
const LIMIT_MS = Number(process.env.BENCH_SMOKE_LIMIT_S ?? 120) * 1000;
const lanes = [
  ['web', 'join', 'segmentation'],
  ['notify', 'reports', 'backup', 'scale', 'load'],
];

// Every *.bench.ts runs: one not named in a lane joins the second (give it a smoke mode, or it
// runs in full and likely overruns its limit); a lane naming a benchmark that is gone is an error.
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .sort();
const gone = lanes.flat().filter((name) => !all.includes(name));
if (gone.length) {
  console.error(`!!! bench/smoke.ts lanes name missing benchmarks: ${gone.join(', ')}`);
  process.exit(1);
}
lanes[1]?.push(...all.filter((name) => !lanes.flat().includes(name)));
const listed = lanes.flat();
for (const built of ['packages/server/dist/server.js', 'packages/web/dist/index.html']) {
  if (!existsSync(join(root, built))) {
    console.error(`!!! ${built} missing: run \`npm run build\` before \`npm run bench:smoke\``);
    process.exit(1);
  }
}
const only = process.env.BENCH_SMOKE_ONLY?.split(',').map((s) => s.trim());
const tsx = join(root, 'node_modules/.bin/tsx');

function run(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const out: Buffer[] = [];
    const child = spawn(tsx, ['--conditions=source', `${name}.bench.ts`], {
      cwd: here,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => out.push(d));
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      // The benchmark's own group: its server and browser go with it.
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0 && !overran;
      const text = Buffer.concat(out).toString();
      if (!ok) process.stdout.write(`\n--- bench:${name} output\n${text}`);
      console.log(
        ok
          ? `  ok    bench:${name} (${secs} s)`
          : `  FAIL  bench:${name} (${overran ? `stopped at its ${LIMIT_MS / 1000} s limit` : `exit ${String(code)}`}, ${secs} s)`,
      );
      resolve(ok);
    });
  });
}

const started = Date.now();
console.log(
  `bench:smoke — ${listed.filter((n) => !only || only.includes(n)).join(', ')} (BENCH_SMOKE=1)`,
);
const results = await Promise.all(
  lanes.map(async (lane) => {
    const oks: boolean[] = [];
    for (const name of lane) if (!only || only.includes(name)) oks.push(await run(name));
    return oks;
  }),
);
const failed = results.flat().filter((ok) => !ok).length;
const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  failed ? `bench:smoke FAILED: ${failed} benchmark(s) (${secs} s)` : `bench:smoke ok (${secs} s)`,
);
process.exit(failed ? 1 : 0);
