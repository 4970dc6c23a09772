/**
 * Distinct addresses for the HTTPS spec, made of Linux network namespaces:
 *
 *   visitor ns 10.70.1.2 ─ veth ─ 10.70.1.1 ┐
 *                                           ├─ this ns: 203.0.113.20 (the site's public address:
 *   stylist ns 10.70.2.2 ─ veth ─ 10.70.2.1 ┘   the TLS proxy on :443, the salon's shop on another
 *                                               port), 198.51.100.77 (a stranger on the Internet),
 *                                               127.0.0.1 (the app, and the proxy's side of it)
 *
 * "This ns" is the one the test runs in: e2e/run.mjs puts Playwright in a namespace of its own
 * (`unshare -n`), so every address and route here exists only inside it and nothing can leave the
 * machine. It forwards between the two client networks, so the browsers' media goes straight from
 * one to the other; only this namespace's own addresses are served.
 *
 * Each browser runs inside its namespace through a wrapper executable (`ip netns exec NS chromium
 * "$@"`) that Playwright launches as the browser. `destroy` removes the namespaces (their veths go
 * with them) and the wrappers; namespaces left by a run that was killed are removed by the next one.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ProxySide = 'visitor' | 'stylist';

export type ProxyNet = {
  /** where the site's names resolve for every browser */
  publicIp: string;
  /** a client that is not the proxy, reaching the app directly (bind to it) */
  strangerIp: string;
  sides: Record<ProxySide, { address: string; chromium: string }>;
  destroy: () => void;
};

const PREFIX = 'bev-tls';
const PUBLIC_IP = '203.0.113.20';
const STRANGER_IP = '198.51.100.77';

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr.trim() || String(error)}`);
  }
}
const ip = (...args: string[]) => run('ip', args);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Namespaces of earlier runs whose process is gone (a run killed before its cleanup). */
function removeStale(): void {
  for (const line of ip('netns', 'list').split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const owner = new RegExp(`^${PREFIX}(\\d+)-`).exec(name);
    if (owner && !alive(Number(owner[1]))) ip('netns', 'delete', name);
  }
}

/**
 * Builds the topology in the current network namespace, which must be a private one (run.mjs sets
 * E2E_ISOLATED_NETNS=1 when Playwright runs under `unshare -n`): addresses, routes and forwarding
 * are never changed in the machine's own namespace.
 */
export function createProxyNet(): ProxyNet {
  if (process.env.E2E_ISOLATED_NETNS !== '1')
    throw new Error(
      'the HTTPS spec needs e2e/run.mjs (Playwright in its own network namespace, as root): ' +
        'it will not add addresses or routes to this machine’s network',
    );
  removeStale();
  const dir = mkdtempSync(join(tmpdir(), 'belleza-tls-netns-'));
  const made: string[] = [];
  const destroy = () => {
    for (const netns of made.splice(0).reverse()) {
      try {
        ip('netns', 'delete', netns);
      } catch (error) {
        console.warn(`[netns] ${String(error)}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    ip('link', 'set', 'lo', 'up');
    ip('addr', 'replace', `${PUBLIC_IP}/32`, 'dev', 'lo');
    ip('addr', 'replace', `${STRANGER_IP}/32`, 'dev', 'lo');
    run('sysctl', ['-qw', 'net.ipv4.ip_forward=1']);

    const side = (name: ProxySide, n: number) => {
      const netns = `${PREFIX}${process.pid}-${name}`;
      ip('netns', 'add', netns);
      made.push(netns);
      ip('-n', netns, 'link', 'set', 'lo', 'up');
      const here = `10.70.${n}.1`;
      const address = `10.70.${n}.2`;
      const link = `tls-${name.slice(0, 1)}`;
      ip('link', 'add', link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', netns);
      ip('addr', 'add', `${here}/24`, 'dev', link);
      ip('link', 'set', link, 'up');
      ip('-n', netns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', netns, 'link', 'set', 'eth0', 'up');
      ip('-n', netns, 'route', 'add', 'default', 'via', here);
      const chromium = join(dir, `chromium-${name}`);
      writeFileSync(
        chromium,
        `#!/bin/sh\nexec ip netns exec ${netns} ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} "$@"\n`,
      );
      chmodSync(chromium, 0o755);
      return { address, chromium };
    };
    const sides = { visitor: side('visitor', 1), stylist: side('stylist', 2) };
    return { publicIp: PUBLIC_IP, strangerIp: STRANGER_IP, sides, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}
