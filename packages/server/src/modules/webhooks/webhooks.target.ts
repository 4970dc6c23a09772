/**
 * Where a webhook may go (docs/architecture.md#webhooks): a public https address. Private,
 * loopback, link-local, multicast and reserved addresses are refused (the server must not be made
 * to call into its own network), unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on, which also admits plain
 * http. The address is checked when the admin saves it and again for every address the name
 * resolves to when a delivery is sent, on the very address connected to (no DNS rebinding).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type TargetRefusal = 'invalid_url' | 'scheme' | 'credentials' | 'private_address' | 'port';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one the server must not call (not a public unicast address). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)\.?$/i;

/** Why `raw` may not be a webhook address, or null when it may. */
export function refuseTarget(raw: string, allowPrivate: boolean): TargetRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid_url';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'scheme';
  if (url.username !== '' || url.password !== '') return 'credentials';
  if (url.hostname === '') return 'invalid_url';
  if (url.port !== '' && Number(url.port) < 1) return 'port';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPrivateAddress(host) ? 'private_address' : null;
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return 'private_address';
  return null;
}

/** A refused resolution: the delivery fails with `refused_target` and nothing is sent. */
export class RefusedTargetError extends Error {
  constructor(address: string) {
    super(`webhook target resolves to a refused address (${address})`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * A `lookup` for http(s).request that refuses private addresses: the connection goes to the
 * address checked here, whatever the name resolves to a moment later.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true as const }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const list = Array.isArray(addresses) ? addresses : [];
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new RefusedTargetError(bad.address), '', 4);
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 4);
      return callback(null, first.address, first.family);
    });
  };
}
