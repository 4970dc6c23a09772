#!/usr/bin/env node
// Runs Playwright in a network namespace that has only loopback (`unshare -n`), so browser tests
// can never send traffic anywhere but 127.0.0.1. Falls back to the plain run (loudly) where
// namespaces are not permitted.
import { spawnSync } from 'node:child_process';

const args = process.argv
  .slice(2)
  .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
  .join(' ');
const inner = `ip link set lo up && npx playwright test ${args}`;
const probe = spawnSync('unshare', ['-n', 'true']);
let r;
if (probe.status === 0) {
  // Specs that build their own network topology (behind-NAT video) may do so only in here.
  r = spawnSync('unshare', ['-n', 'sh', '-c', inner], {
    stdio: 'inherit',
    env: { ...process.env, E2E_ISOLATED_NETNS: '1' },
  });
} else {
  console.warn(
    '!!! unshare -n not permitted here: running e2e in the host network namespace (loopback targets only)',
  );
  r = spawnSync('sh', ['-c', `npx playwright test ${args}`], { stdio: 'inherit' });
}
process.exit(r.status ?? 1);
