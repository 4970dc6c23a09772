#!/usr/bin/env node
// Runs Playwright in a network namespace that has only loopback (`unshare -n`), so browser tests
// can never send traffic anywhere but 127.0.0.1. Falls back to the plain run (loudly) where
// namespaces are not permitted.
//
// The whole suite (no arguments) is two lanes side by side, each in a namespace of its own: the
// behind-NAT spec builds its topology (veths, a public address) in the namespace its browsers
// share, and Chromium aborts what any browser there has in flight when it hears the network
// change (net::ERR_NETWORK_CHANGED). In a namespace of its own it disturbs nobody, so it no longer
// has to wait until every other spec is done. After it, in that lane, the app behind its TLS proxy
// (the HTTPS spec, which builds namespaces of its own too), then the visitor in Firefox and on a
// phone, in a namespace of their own too (FIREFOX_NET below). Their output is printed whole when
// they end.
import { spawn, spawnSync } from 'node:child_process';

/** @param {string} a */
const quote = (a) => `'${a.replace(/'/g, "'\\''")}'`;
const given = process.argv.slice(2);
const isolated = spawnSync('unshare', ['-n', 'true']).status === 0;

if (!isolated) {
  console.warn(
    '!!! unshare -n not permitted here: running e2e in the host network namespace (loopback targets only)',
  );
  const r = spawnSync('sh', ['-c', `npx playwright test ${given.map(quote).join(' ')}`], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

/**
 * Firefox gathers no ICE candidate where loopback is the only interface and no route leads
 * anywhere (it looks for the default route's interface), so its namespace also gets one end of a
 * veth pair with a private address and the default route on it. The other end has no address:
 * what is sent there goes nowhere, and nothing can leave the namespace.
 */
const FIREFOX_NET = [
  'ip link add bev0 type veth peer name bev1',
  'ip addr add 10.77.0.1/24 dev bev0',
  'ip link set bev1 up',
  'ip link set bev0 up',
  'ip route add default dev bev0',
].join(' && ');

/**
 * One Playwright run in a fresh loopback-only namespace (with `firefoxNet`, also FIREFOX_NET);
 * `capture` keeps its output for later.
 * @param {string[]} args
 * @param {{ capture?: boolean, firefoxNet?: boolean, env?: Record<string, string> }} [options]
 * @returns {Promise<{ code: number, output: Buffer }>}
 */
function run(args, { capture = false, firefoxNet = false, env = {} } = {}) {
  const net = firefoxNet ? `ip link set lo up && ${FIREFOX_NET}` : 'ip link set lo up';
  const inner = `${net} && npx playwright test ${args.map(quote).join(' ')}`;
  return new Promise((resolve) => {
    const child = spawn('unshare', ['-n', 'sh', '-c', inner], {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // Specs that build their own network topology (behind-NAT video) may do so only in here.
      env: { ...process.env, E2E_ISOLATED_NETNS: '1', ...env },
    });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout?.on('data', (/** @type {Buffer} */ d) => out.push(d));
    child.stderr?.on('data', (/** @type {Buffer} */ d) => out.push(d));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(out) }));
  });
}

if (given.length > 0) {
  process.exit(
    (await run(given, { firefoxNet: given.some((a) => /firefox|devices/.test(a)) })).code,
  );
}

const outputDir = process.env.E2E_OUTPUT_DIR ?? '../test-results';
const [rest, [nat, https, devices]] = await Promise.all([
  run(['--project', 'video', '--project', 'app', '--project', 'idle']),
  // Beside them, one after the other, each in a namespace of its own and with its own output
  // directory (each run empties its own when it starts): the behind-NAT spec, then Firefox.
  (async () => [
    await run(['--project', 'nat', '--no-deps'], {
      capture: true,
      env: { E2E_OUTPUT_DIR: `${outputDir}-nat` },
    }),
    await run(['--project', 'https', '--no-deps'], {
      capture: true,
      env: { E2E_OUTPUT_DIR: `${outputDir}-https` },
    }),
    await run(['--project', 'devices'], {
      capture: true,
      firefoxNet: true,
      env: { E2E_OUTPUT_DIR: `${outputDir}-devices` },
    }),
  ])(),
]);
console.log('\n=== the behind-NAT spec, run beside the others in a namespace of its own:');
process.stdout.write(nat.output);
console.log('\n=== the app behind its TLS proxy, after it, in a namespace of its own:');
process.stdout.write(https.output);
console.log('\n=== the visitor in Firefox and on a phone, after it, in a namespace of their own:');
process.stdout.write(devices.output);
process.exit([rest, nat, https, devices].find((r) => r.code !== 0)?.code ?? 0);
