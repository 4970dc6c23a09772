import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listeningAddress } from './listening-address.js';

describe('listeningAddress', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('names the address and the port the server really bound', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(port).toBeGreaterThan(0);
    expect(listeningAddress(server)).toBe(`http://127.0.0.1:${port}`);
  });

  it('brackets an IPv6 address, and says so when nothing is bound', () => {
    const at = (address: AddressInfo | string | null) =>
      listeningAddress({ address: () => address });
    expect(at({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::]:3000');
    expect(at('/run/belleza.sock')).toBe('/run/belleza.sock');
    expect(at(null)).toBe('no address (not listening)');
  });
});
