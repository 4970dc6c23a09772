import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { makeAdvisor } from '@/test/fixtures';
import { authStore } from './auth-store';
import { endSessionWhenRefused } from './session';
import {
  createSocket,
  emitIfConnected,
  keepReconnecting,
  startHeartbeat,
  waitForConnection,
  type AppSocket,
} from './socket';

/** The shared fake socket, its emits and connects spied on. */
function fakeSocket(connected = false) {
  const socket = new FakeSocket({ connected });
  vi.spyOn(socket, 'emit');
  vi.spyOn(socket, 'connect');
  return socket;
}
const asSocket = (s: ReturnType<typeof fakeSocket>) => s as unknown as AppSocket;

describe('socket helpers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('creates a client with the contract options, not connecting by itself', () => {
    const socket = createSocket({ auth: { token: 't' } });
    expect(socket.connected).toBe(false);
    expect(socket.io.opts.transports).toEqual(['websocket', 'polling']);
    expect(socket.io.opts.reconnectionAttempts).toBe(5);
    expect(socket.io.opts.reconnectionDelay).toBe(500);
    expect(socket.io.opts.timeout).toBe(5000);
    expect(socket.io.opts.autoConnect).toBe(false);
    socket.close();
  });

  it("only logs 'Socket not connected' when emitting while disconnected", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = fakeSocket(false);
    expect(
      emitIfConnected(asSocket(socket), 'advisor:status', { advisorId: 'a1', status: 'busy' }),
    ).toBe(false);
    expect(socket.emit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Socket not connected');
    expect(emitIfConnected(null, 'ping')).toBe(false);
  });

  it('emits when connected', () => {
    const socket = fakeSocket(true);
    expect(
      emitIfConnected(asSocket(socket), 'call:accept', { callId: 'c1', advisorId: 'a1' }),
    ).toBe(true);
    expect(socket.emit).toHaveBeenCalledWith('call:accept', { callId: 'c1', advisorId: 'a1' });
  });

  it("waits for the connection, polling every 100 ms, and times out after 10 s with 'Connection timeout'", async () => {
    const slow = fakeSocket(false);
    const failing = waitForConnection(asSocket(slow));
    expect(slow.connect).toHaveBeenCalledOnce();
    const assertion = expect(failing).rejects.toThrow('Connection timeout');
    await vi.advanceTimersByTimeAsync(10_000);
    await assertion;

    const quick = fakeSocket(false);
    const connecting = waitForConnection(asSocket(quick));
    await vi.advanceTimersByTimeAsync(300);
    quick.connected = true;
    await vi.advanceTimersByTimeAsync(100);
    await expect(connecting).resolves.toBeUndefined();
  });

  it('heartbeat: pings every 5 s while connected, reconnects 1 s after noticing a lost connection', () => {
    const socket = fakeSocket(true);
    const stop = startHeartbeat(asSocket(socket));
    vi.advanceTimersByTime(4_999);
    expect(socket.emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.emit).toHaveBeenCalledWith('ping');

    socket.connected = false;
    vi.advanceTimersByTime(5_000);
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(socket.connect).toHaveBeenCalledOnce();

    stop();
    socket.active = false;
    vi.advanceTimersByTime(20_000);
    expect(socket.connect).toHaveBeenCalledOnce();
  });

  it('starts a new round of attempts when the manager spent its five (a long server restart)', () => {
    // After `reconnect_failed` the socket is still `active`, yet nothing retries any more.
    const socket = fakeSocket(true);
    socket.active = true;
    const stop = startHeartbeat(asSocket(socket));
    socket.connected = false;
    vi.advanceTimersByTime(30_000);
    expect(socket.connect).not.toHaveBeenCalled();

    socket.giveUp();
    vi.advanceTimersByTime(6_000);
    expect(socket.connect).toHaveBeenCalledOnce();
    // That round is under way: no second connect while it lasts.
    vi.advanceTimersByTime(30_000);
    expect(socket.connect).toHaveBeenCalledOnce();
    socket.giveUp();
    vi.advanceTimersByTime(6_000);
    expect(socket.connect).toHaveBeenCalledTimes(2);

    stop();
    socket.giveUp();
    vi.advanceTimersByTime(30_000);
    expect(socket.connect).toHaveBeenCalledTimes(2);
  });

  it('keeps a socket without heartbeat (admin, visitor) reconnecting, without pinging', () => {
    const socket = fakeSocket(false);
    socket.active = true;
    const stop = keepReconnecting(asSocket(socket));
    socket.giveUp();
    vi.advanceTimersByTime(6_000);
    expect(socket.connect).toHaveBeenCalledOnce();
    socket.connected = true;
    vi.advanceTimersByTime(30_000);
    expect(socket.emit).not.toHaveBeenCalled();
    stop();
  });
});

describe('a staff socket whose session ended', () => {
  afterEach(() => {
    authStore.clear();
  });
  const fire = (socket: AppSocket, event: 'error' | 'connect_error', payload: unknown) => {
    for (const listener of socket.listeners(event)) (listener as (p: unknown) => void)(payload);
  };

  it('signs the page out when the server says UNAUTHENTICATED or refuses the reconnect', () => {
    authStore.setSession('tok-1', makeAdvisor());
    const socket = createSocket({ auth: { token: 'tok-1' } });
    endSessionWhenRefused(socket, 'tok-1');
    fire(socket, 'error', { code: 'VALIDATION_ERROR', message: 'x' });
    expect(authStore.getState().token).toBe('tok-1');
    fire(socket, 'error', { code: 'UNAUTHENTICATED', message: 'Your session has ended' });
    expect(authStore.getState().token).toBeNull();

    authStore.setSession('tok-2', makeAdvisor());
    const again = createSocket({ auth: { token: 'tok-2' } });
    endSessionWhenRefused(again, 'tok-2');
    fire(again, 'connect_error', new Error('timeout'));
    expect(authStore.getState().token).toBe('tok-2');
    fire(again, 'connect_error', new Error('Not authenticated'));
    expect(authStore.getState().token).toBeNull();
  });

  it("leaves a newer session alone (the old socket's news is about the old token)", () => {
    const old = createSocket({ auth: { token: 'old' } });
    endSessionWhenRefused(old, 'old');
    authStore.setSession('new', makeAdvisor());
    fire(old, 'error', { code: 'UNAUTHENTICATED', message: 'Your session has ended' });
    expect(authStore.getState().token).toBe('new');
  });
});
