/**
 * The client's address (docs/product.md#rate-limits): forwarded headers (`X-Forwarded-For`) are
 * believed only from proxies the operator named with TRUST_PROXY — a hop count or a list of
 * addresses/CIDRs — so a client cannot pick its own address to dodge the rate limits. Fastify
 * (HTTP) and the Socket.IO handshake use the same rule.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** false: no proxy (the socket's peer is the client); n: the n nearest hops are our proxies; list: these are. */
export type TrustProxy = false | number | string[];

export type TrustFunction = (address: string, hop: number) => boolean;

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's keywords. */
export function isProxyEntry(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** The predicate Fastify's `trustProxy` and proxy-addr take; false when nothing is trusted. */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client address of a raw request (the Socket.IO handshake) under the same rule as Fastify's `req.ip`. */
export function clientAddressOf(req: IncomingMessage, trust: TrustFunction | false): string {
  if (trust === false) return req.socket.remoteAddress ?? '';
  return proxyAddr(req, trust);
}
