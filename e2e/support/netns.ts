/**
 * A small Internet made of Linux network namespaces, for the behind-NAT video spec:
 *
 *   visitor ns 192.168.10.2 ─ lan │ router ns (MASQUERADE --random-fully) │ wan 198.51.100.2 ─┐
 *                                                                                            ├─ this ns: 203.0.113.10
 *   advisor ns 192.168.20.2 ─ lan │ router ns (MASQUERADE --random-fully) │ wan 198.51.100.6 ─┘   (app server, coturn)
 *
 * "This ns" is the one the test runs in: e2e/run.mjs puts Playwright in a namespace of its own
 * (`unshare -n`), so every address and route here exists only inside it and nothing can leave the
 * machine. It has no default route and does not forward, so the two private networks have no
 * route to each other: their browsers meet only through the app server and the TURN server on the
 * public address. Each router masquerades with random ports per flow, so mappings behave like a
 * carrier's symmetric NAT.
 *
 * Each browser runs inside its client namespace through a wrapper executable (`ip netns exec NS
 * chromium "$@"`) that Playwright launches as the browser. `destroy` removes the namespaces (their
 * veths go with them) and the wrappers; namespaces left by a run that was killed are removed by the
 * next one.
 */
import { ip, namespaces, requireIsolatedNetns, run } from './netns-kit.js';

export const PUBLIC_IP = '203.0.113.10';

export type Side = 'visitor' | 'advisor';

export type NatSide = {
  /** the namespace the side's browser runs in */
  netns: string;
  /** the side's private address */
  address: string;
  /** an executable to launch as Chromium: the real one, inside this side's namespace */
  chromium: string;
  /** takes the router's LAN link down (the side loses its network) … */
  cut: () => void;
  /** … and brings it back */
  restore: () => void;
};

export type NatTopology = { publicIp: string; sides: Record<Side, NatSide>; destroy: () => void };

const PREFIX = 'bev-nat';

const inNs = (netns: string, command: string, ...args: string[]) =>
  run('ip', ['netns', 'exec', netns, command, ...args]);

/**
 * Builds the topology in the current network namespace, which must be a private one (run.mjs sets
 * E2E_ISOLATED_NETNS=1 when Playwright runs under `unshare -n`): addresses and routes are never
 * added to the machine's own namespace.
 */
export function createNatTopology(): NatTopology {
  requireIsolatedNetns('behind-NAT');
  const spaces = namespaces(PREFIX);
  const destroy = () => spaces.destroy();

  try {
    ip('link', 'set', 'lo', 'up');
    ip('addr', 'replace', `${PUBLIC_IP}/32`, 'dev', 'lo');
    run('sysctl', ['-qw', 'net.ipv4.ip_forward=0']);

    const side = (name: Side, n: number): NatSide => {
      const router = spaces.add(`${name}-router`);
      const client = spaces.add(name);
      for (const netns of [router, client]) ip('-n', netns, 'link', 'set', 'lo', 'up');
      // The router's uplink: 198.51.100.(4n-3) here, .(4n-2) on the router.
      const uplink = `nat-${name.slice(0, 1)}`;
      const here = `198.51.100.${4 * n - 3}`;
      const wan = `198.51.100.${4 * n - 2}`;
      ip('link', 'add', uplink, 'type', 'veth', 'peer', 'name', 'wan', 'netns', router);
      ip('addr', 'add', `${here}/30`, 'dev', uplink);
      ip('link', 'set', uplink, 'up');
      ip('-n', router, 'addr', 'add', `${wan}/30`, 'dev', 'wan');
      ip('-n', router, 'link', 'set', 'wan', 'up');
      ip('-n', router, 'route', 'add', 'default', 'via', here);
      // The private network behind it: 192.168.(10n).0/24.
      const gateway = `192.168.${10 * n}.1`;
      const address = `192.168.${10 * n}.2`;
      ip(
        '-n',
        router,
        'link',
        'add',
        'lan',
        'type',
        'veth',
        'peer',
        'name',
        'eth0',
        'netns',
        client,
      );
      ip('-n', router, 'addr', 'add', `${gateway}/24`, 'dev', 'lan');
      ip('-n', router, 'link', 'set', 'lan', 'up');
      ip('-n', client, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', client, 'link', 'set', 'eth0', 'up');
      ip('-n', client, 'route', 'add', 'default', 'via', gateway);
      inNs(router, 'sysctl', '-qw', 'net.ipv4.ip_forward=1');
      inNs(
        router,
        'iptables',
        '-t',
        'nat',
        '-A',
        'POSTROUTING',
        '-o',
        'wan',
        '-j',
        'MASQUERADE',
        '--random-fully',
      );

      return {
        netns: client,
        address,
        chromium: spaces.chromiumIn(client),
        cut: () => ip('-n', router, 'link', 'set', 'lan', 'down'),
        restore: () => ip('-n', router, 'link', 'set', 'lan', 'up'),
      };
    };
    const sides = { visitor: side('visitor', 1), advisor: side('advisor', 2) };
    return { publicIp: PUBLIC_IP, sides, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}
