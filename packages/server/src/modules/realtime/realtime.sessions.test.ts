/**
 * Revoked sessions lose their live sockets at once (docs/product.md#sessions-and-sign-in): signing
 * out closes that session's dashboards and no other; a password change by an admin, or deleting the
 * advisor, closes all of hers. Real server, real socket.io clients, no sleeps.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createCallsTestApp, insertAdvisor, insertSession } from '../../test/fixtures.js';
import type { TestApp } from '../../test/helpers.js';
import { closeSockets, listenUrl, next, open, type Client } from '../../test/socket-clients.js';

describe('sockets of revoked sessions', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createCallsTestApp('sqlite');
    url = await listenUrl(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(closeSockets);

  /** A dashboard socket signed in with `token`, resolved once the server confirmed it. */
  const dashboard = async (token: string, advisorId: string) => {
    let connected!: Promise<unknown>;
    const socket = await open(url, {
      token,
      before: (s) => {
        connected = next(s, 'advisor:connected', (p) => p.advisorId === advisorId);
      },
    });
    await connected;
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const told = next(socket, 'error');
    return { socket, closed, told };
  };
  /** A round trip: the socket is still served after everything sent before it. */
  const stillServed = async (socket: Client) => {
    const pong = new Promise<void>((resolve) => socket.once('pong', () => resolve()));
    socket.emit('ping');
    await pong;
    return socket.connected;
  };

  it('signing out closes that session’s sockets, telling them why, and leaves her other session alone', async () => {
    const advisor = await insertAdvisor(t.db.db, { now: t.clock.now(), online: false });
    const otherToken = await insertSession(t.db.db, advisor.id, t.clock.now());
    const here = await dashboard(advisor.token, advisor.id);
    const elsewhere = await dashboard(otherToken, advisor.id);

    expect(
      (await api(t.app, 'POST', '/api/advisors/logout', { token: advisor.token })).status,
    ).toBe(200);
    expect(await here.told).toEqual({ code: 'UNAUTHENTICATED', message: 'Your session has ended' });
    expect(await here.closed).toBe('io server disconnect');
    expect(await stillServed(elsewhere.socket)).toBe(true);
  });

  it('a password change by an admin closes all of her sockets; the admin’s stay', async () => {
    const admin = await insertAdvisor(t.db.db, {
      isAdmin: true,
      now: t.clock.now(),
      online: false,
    });
    const advisor = await insertAdvisor(t.db.db, { now: t.clock.now(), online: false });
    const secondToken = await insertSession(t.db.db, advisor.id, t.clock.now());
    const first = await dashboard(advisor.token, advisor.id);
    const second = await dashboard(secondToken, advisor.id);
    const admins = await dashboard(admin.token, admin.id);

    const res = await api(t.app, 'PUT', `/api/advisors/${advisor.id}`, {
      token: admin.token,
      body: { password: 'a-brand-new-password-1' },
    });
    expect(res.status).toBe(200);
    expect(await first.closed).toBe('io server disconnect');
    expect(await second.closed).toBe('io server disconnect');
    expect(await stillServed(admins.socket)).toBe(true);
    // And the old token cannot open a new one.
    await expect(open(url, { token: advisor.token })).rejects.toThrow('Not authenticated');
  });

  it('deleting an advisor closes her sockets', async () => {
    const admin = await insertAdvisor(t.db.db, {
      isAdmin: true,
      now: t.clock.now(),
      online: false,
    });
    const advisor = await insertAdvisor(t.db.db, { now: t.clock.now(), online: false });
    const hers = await dashboard(advisor.token, advisor.id);
    expect(
      (await api(t.app, 'DELETE', `/api/advisors/${advisor.id}`, { token: admin.token })).status,
    ).toBe(200);
    expect(await hers.closed).toBe('io server disconnect');
  });
});
