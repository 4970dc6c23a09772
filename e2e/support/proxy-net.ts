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
import { ip, namespaces, requireIsolatedNetns, run } from './netns-kit.js';

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

/**
 * Builds the topology in the current network namespace, which must be a private one (run.mjs sets
 * E2E_ISOLATED_NETNS=1 when Playwright runs under `unshare -n`): addresses, routes and forwarding
 * are never changed in the machine's own namespace.
 */
export function createProxyNet(): ProxyNet {
  requireIsolatedNetns('HTTPS');
  const spaces = namespaces(PREFIX);
  const destroy = () => spaces.destroy();

  try {
    ip('link', 'set', 'lo', 'up');
    ip('addr', 'replace', `${PUBLIC_IP}/32`, 'dev', 'lo');
    ip('addr', 'replace', `${STRANGER_IP}/32`, 'dev', 'lo');
    run('sysctl', ['-qw', 'net.ipv4.ip_forward=1']);

    const side = (name: ProxySide, n: number) => {
      const netns = spaces.add(name);
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
      return { address, chromium: spaces.chromiumIn(netns) };
    };
    const sides = { visitor: side('visitor', 1), stylist: side('stylist', 2) };
    return { publicIp: PUBLIC_IP, strangerIp: STRANGER_IP, sides, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}
