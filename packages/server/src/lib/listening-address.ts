import type { AddressInfo } from 'node:net';

/**
 * Where a listening server really is: `http://host:port` of its bound socket (IPv6 in brackets),
 * or a pipe's path. PUBLIC_URL says where users come in (often through a proxy); this is what the
 * start-up log adds to it.
 */
export function listeningAddress(server: { address(): AddressInfo | string | null }): string {
  const address = server.address();
  if (address === null) return 'no address (not listening)';
  if (typeof address === 'string') return address;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
