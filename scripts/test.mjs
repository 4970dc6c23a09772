#!/usr/bin/env node
// `npm test`: every check in order — typecheck, lint, unit + integration (Vitest), build, e2e (Playwright).
// Outside CI a missing Chromium skips e2e with one loud line; with CI=true it is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== ${name} FAILED after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ${name} ok (${secs}s)`);
}

step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);
step('unit+integration', 'npx', ['vitest', 'run']);
step('build', 'npm', ['run', 'build']);
if (existsSync(chromium)) {
  step('e2e', 'npm', ['test', '-w', '@belleza/e2e']);
} else if (ci) {
  console.error(`\n!!! Chromium not found at ${chromium}: e2e cannot run under CI=true`);
  process.exit(1);
} else {
  console.warn(`\n!!! Chromium not found at ${chromium}: e2e SKIPPED (install it: apt-get install -y chromium)\n`);
}
console.log('\nAll checks passed.');
