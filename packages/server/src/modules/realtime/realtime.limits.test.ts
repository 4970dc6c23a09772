/**
 * Socket abuse limits (docs/product.md#rate-limits): new connections per client address, events per
 * connection (refused through the ack, then the connection is closed), and call requests over the
 * socket per address and per phone number. Real server, real socket.io clients, no sleeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import {
  SOCKET_CONNECTIONS_PER_ADDRESS,
  SOCKET_EVENTS_DISCONNECT_FACTOR,
  SOCKET_EVENTS_PER_CONNECTION,
} from '../../lib/limits.js';
import { createCallsTestApp, insertAdvisor } from '../../test/fixtures.js';
import type { TestApp } from '../../test/helpers.js';
import { ask, closeSockets, listenUrl, open } from '../../test/socket-clients.js';

describe('socket limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    closeSockets();
    await t?.close();
    t = undefined;
  });

  const start = async (config: Partial<Config> = {}): Promise<string> => {
    t = await createCallsTestApp('sqlite', { config });
    return listenUrl(t.app);
  };

  it('refuses new connections from one address over the limit; another (forwarded by a trusted proxy) still connects', async () => {
    const url = await start({ trustProxy: 1 });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < SOCKET_CONNECTIONS_PER_ADDRESS.points; i++) {
      (await open(url, from('198.51.100.7'))).disconnect();
    }
    const refused = await open(url, from('198.51.100.7')).then(
      () => null,
      (err: Error & { data?: unknown }) => err,
    );
    expect(refused?.message).toBe('RATE_LIMITED');
    const data = refused?.data as { code: string; retryAfterSeconds: number };
    expect(data.code).toBe('RATE_LIMITED');
    // Most of the minute is left to wait, not a second.
    expect(data.retryAfterSeconds).toBeGreaterThan(SOCKET_CONNECTIONS_PER_ADDRESS.duration / 2);
    await expect(open(url, from('198.51.100.8'))).resolves.toBeDefined();
  });

  it('answers events over the per-connection limit with RATE_LIMITED, and closes a flooding connection', async () => {
    const url = await start();
    const socket = await open(url);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    // Invalid payloads: each is answered (VALIDATION_ERROR) and counted.
    for (let i = 0; i < SOCKET_EVENTS_PER_CONNECTION.points; i++) {
      const answer = await ask(socket, 'call:typing', {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    }
    const over = await ask(socket, 'call:typing', {});
    expect(over).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // Just over the limit, a client is told to wait and stays connected.
    expect(await ask(socket, 'call:typing', {})).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED' },
    });
    expect(socket.connected).toBe(true);
    // Keep flooding without waiting: the server hangs up.
    for (let i = 0; i < SOCKET_EVENTS_PER_CONNECTION.points * 3; i++) socket.emit('ping');
    expect(await closed).toBe('io server disconnect');
  });

  it('hangs up on exactly the event that takes a connection the disconnect factor over, and drops its transport', async () => {
    const url = await start();
    const socket = await open(url);
    let disconnected: string | null = null;
    socket.on('disconnect', (reason) => (disconnected = reason));
    // socket.io-client closes its own transport once its last socket is disconnected; keep it
    // open, as a hostile client would, so that only the server can close it.
    (socket.io as unknown as { _destroy: () => void })._destroy = () => {};
    const transportClosed = new Promise<string>((resolve) =>
      socket.io.engine.once('close', (reason: string) => resolve(reason)),
    );
    const { points } = SOCKET_EVENTS_PER_CONNECTION;
    for (let i = 0; i < points; i++) await ask(socket, 'call:typing', {});
    // Over the limit by 1 … by points × (factor − 1) − 1: told to wait, still connected.
    const lastTolerated = points * (SOCKET_EVENTS_DISCONNECT_FACTOR - 1) - 1;
    for (let over = 1; over <= lastTolerated; over++) {
      const answer = await ask(socket, 'call:typing', {});
      expect(answer, `event ${over} over the limit`).toMatchObject({
        ok: false,
        error: { code: 'RATE_LIMITED' },
      });
    }
    expect(socket.connected).toBe(true);
    expect(disconnected).toBeNull();
    // The next one is answered and then the server hangs up.
    const answer = await ask(socket, 'call:typing', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    await expect.poll(() => disconnected).toBe('io server disconnect');
    // The server closes the transport too, not only the namespace: a flooder cannot rejoin over
    // the same connection without a new handshake (which the connection limit counts).
    expect(await transportClosed).toBe('transport close');
    expect(t!.app.realtime.io.engine.clientsCount).toBe(0);
  });

  it('limits call requests over the socket per address and per phone number', async () => {
    const url = await start({ callRequestRateLimit: 3, callRequestPhoneLimit: 2 });
    await insertAdvisor(t!.db.db, { now: t!.clock.now(), maxConcurrentCalls: 10 });
    const socket = await open(url);
    const request = (phone: string) =>
      ask(socket, 'call:request', {
        clientInfo: { name: 'Rosa', phone, email: '', subject: 'general', message: '' },
        consent: true,
      });
    expect((await request('+51 911 111 111')).ok).toBe(true);
    expect((await request('+51911111111')).ok).toBe(true);
    // Same number, typed differently: over the phone limit.
    expect(await request('(+51) 911-111-111')).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED' },
    });
    // The address has one request left (the refused one counted), then it is over too.
    expect(await request('+51 922 222 222')).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED' },
    });
  });

  it("counts one address's call and callback requests together, over HTTP and the socket alike", async () => {
    const url = await start({ callRequestRateLimit: 4 });
    await insertAdvisor(t!.db.db, { now: t!.clock.now(), maxConcurrentCalls: 10 });
    const overHttp = async (path: string, phone: string) =>
      (
        await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Rosa',
            phone,
            ...(path === '/api/calls/request' ? { subject: 'general', message: '' } : {}),
            consent: true,
          }),
        })
      ).status;
    const socket = await open(url);
    const overSocket = async (phone: string) =>
      ask(socket, 'call:request', {
        clientInfo: { name: 'Rosa', phone, email: '', subject: 'general', message: '' },
        consent: true,
      });
    expect(await overHttp('/api/calls/request', '+51 911 000 001')).toBe(201);
    expect(await overHttp('/api/callbacks', '+51 911 000 002')).toBe(201);
    expect((await overSocket('+51 911 000 003')).ok).toBe(true);
    expect((await overSocket('+51 911 000 004')).ok).toBe(true);
    // Four from this address, by whichever way: the fifth is refused on both.
    expect(await overSocket('+51 911 000 005')).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED' },
    });
    expect(await overHttp('/api/calls/request', '+51 911 000 006')).toBe(429);
    expect(await t!.db.db.selectFrom('calls').select('id').execute()).toHaveLength(3);
  });
});
