/**
 * The TURN health check against a real coturn started by the test (UDP, TCP and TLS listeners),
 * plus servers that refuse the connection or never answer.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coturnAvailable,
  freePort,
  startCoturn,
  TEST_CERT_FILE,
  type Coturn,
} from './coturn.fixture.js';
import { parseTurnUrl, type TurnUrl } from './ice-url.js';
import { mintTurnCredential } from './turn-credentials.js';
import { probeTurn } from './turn-probe.js';

const SECRET = 'coturn-test-secret';
const TIMEOUT_MS = 3000;

const target = (url: string): TurnUrl => {
  const parsed = parseTurnUrl(url);
  if (!parsed) throw new Error(`bad TURN URL ${url}`);
  return parsed;
};
/** A credential as the app mints it; coturn compares its expiry with the real time. */
const credential = (secret = SECRET, expiresAt = new Date(Date.now() + 10 * 60_000)) =>
  mintTurnCredential(secret, 'status-check', expiresAt);

describe.runIf(await coturnAvailable())('TURN allocation check against coturn', () => {
  let coturn: Coturn;
  let ca: Buffer;
  beforeAll(async () => {
    coturn = await startCoturn({ secret: SECRET, tls: true });
    ca = readFileSync(TEST_CERT_FILE);
  }, 15_000);
  afterAll(async () => {
    await coturn?.close();
  });

  it('allocates over UDP with a fresh credential, then releases the allocation', async () => {
    const cred = credential();
    const result = await probeTurn({
      target: target(`turn:127.0.0.1:${coturn.port}`),
      ...cred,
      timeoutMs: TIMEOUT_MS,
    });
    expect(result).toEqual({
      ok: true,
      url: `turn:127.0.0.1:${coturn.port}`,
      allocationMs: expect.any(Number) as number,
    });
    const user = cred.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // coturn saw our user allocate, then refresh with lifetime 0 (the relay is freed at once).
    await coturn.waitForLine(
      new RegExp(`user <${user}>: incoming packet ALLOCATE processed, success`),
    );
    await coturn.waitForLine(
      new RegExp(`refreshed, realm=<belleza\\.test>, username=<${user}>, lifetime=0`),
    );
  });

  it('allocates over TCP (?transport=tcp)', async () => {
    const result = await probeTurn({
      target: target(`turn:127.0.0.1:${coturn.port}?transport=tcp`),
      ...credential(),
      timeoutMs: TIMEOUT_MS,
    });
    expect(result).toMatchObject({ ok: true });
  });

  it('allocates over TLS (turns:) when the certificate is trusted', async () => {
    const result = await probeTurn({
      target: target(`turns:127.0.0.1:${coturn.tlsPort}?transport=tcp`),
      ...credential(),
      timeoutMs: TIMEOUT_MS,
      tls: { ca },
    });
    expect(result).toMatchObject({
      ok: true,
      url: `turns:127.0.0.1:${coturn.tlsPort}?transport=tcp`,
    });
  });

  it('reports an untrusted TLS certificate as unreachable', async () => {
    const result = await probeTurn({
      target: target(`turns:127.0.0.1:${coturn.tlsPort}`),
      ...credential(),
      timeoutMs: TIMEOUT_MS,
    });
    expect(result).toMatchObject({ ok: false, outcome: 'unreachable' });
    expect(result.ok || result.detail).toMatch(/certificate/);
  });

  it.each(['', '?transport=tcp'])('reports a wrong secret as refused (%s)', async (transport) => {
    const result = await probeTurn({
      target: target(`turn:127.0.0.1:${coturn.port}${transport}`),
      ...credential('not-the-secret'),
      timeoutMs: TIMEOUT_MS,
    });
    expect(result).toMatchObject({ ok: false, outcome: 'refused' });
    expect(result.ok || result.detail).toMatch(/401/);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('reports an expired credential as refused', async () => {
    const result = await probeTurn({
      target: target(`turn:127.0.0.1:${coturn.port}`),
      ...credential(SECRET, new Date(Date.now() - 60_000)),
      timeoutMs: TIMEOUT_MS,
    });
    expect(result).toMatchObject({ ok: false, outcome: 'refused' });
  });
});

describe('TURN allocation check against servers that do not work', () => {
  let silentUdp: UdpSocket;
  let silentUdpPort = 0;
  let silentTcp: Server;
  let silentTcpPort = 0;
  const held: Socket[] = [];
  beforeAll(async () => {
    // A UDP port that swallows everything (a firewall dropping packets) ...
    silentUdp = createSocket('udp4');
    await new Promise<void>((resolve) => silentUdp.bind(0, '127.0.0.1', resolve));
    silentUdpPort = silentUdp.address().port;
    // ... and a TCP server that accepts and never says a word.
    silentTcp = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silentTcp.listen(0, '127.0.0.1', resolve));
    const address = silentTcp.address();
    silentTcpPort = address && typeof address === 'object' ? address.port : 0;
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise<void>((resolve) => silentTcp.close(() => resolve()));
    await new Promise<void>((resolve) => silentUdp.close(() => resolve()));
  });

  it('reports no answer over UDP within the timeout', async () => {
    const result = await probeTurn({
      target: target(`turn:127.0.0.1:${silentUdpPort}`),
      ...credential(),
      timeoutMs: 400,
    });
    expect(result).toEqual({
      ok: false,
      url: `turn:127.0.0.1:${silentUdpPort}`,
      outcome: 'no_answer',
      detail: `no answer from turn:127.0.0.1:${silentUdpPort} within 400 ms`,
    });
  });

  it('retransmits over UDP, as datagrams get lost', async () => {
    const seen: Buffer[] = [];
    const onMessage = (message: Buffer) => seen.push(message);
    silentUdp.on('message', onMessage);
    await probeTurn({
      target: target(`turn:127.0.0.1:${silentUdpPort}`),
      ...credential(),
      timeoutMs: 400,
    });
    silentUdp.off('message', onMessage);
    // sent at 0 and 250 ms: the same request (same transaction id) twice
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[1]?.subarray(8, 20)).toEqual(seen[0]?.subarray(8, 20));
  });

  it('reports no answer over TCP within the timeout', async () => {
    const result = await probeTurn({
      target: target(`turn:127.0.0.1:${silentTcpPort}?transport=tcp`),
      ...credential(),
      timeoutMs: 400,
    });
    expect(result).toMatchObject({ ok: false, outcome: 'no_answer' });
  });

  it.each(['', '?transport=tcp'])(
    'reports a closed port as unreachable (%s)',
    async (transport) => {
      const port = await freePort(); // nothing listens there
      const result = await probeTurn({
        target: target(`turn:127.0.0.1:${port}${transport}`),
        ...credential(),
        timeoutMs: TIMEOUT_MS,
      });
      expect(result).toMatchObject({ ok: false, outcome: 'unreachable' });
      expect(result.ok || result.detail).toMatch(/ECONNREFUSED/);
    },
  );
});
