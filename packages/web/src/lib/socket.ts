/**
 * Socket.IO client factory with the contract's options (docs/product.md#realtime-events), typed by
 * the contract's event maps. Emitting while disconnected only logs 'Socket not connected'; nothing
 * is queued.
 */
import {
  HEARTBEAT_INTERVAL_MS,
  SOCKET_OPTIONS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@belleza/contract';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type CreateSocketOptions = {
  /** Defaults to the page's own origin (the API and the socket are on the app's own host). */
  url?: string;
  /** Handshake auth, e.g. `{ token }` for an advisor. */
  auth?: Record<string, unknown>;
  /** Connect at once (default false: callers connect when they need it). */
  autoConnect?: boolean;
};

export function createSocket(options: CreateSocketOptions = {}): AppSocket {
  const socketOptions = {
    transports: [...SOCKET_OPTIONS.transports],
    reconnection: true,
    reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
    reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
    timeout: SOCKET_OPTIONS.timeout,
    autoConnect: options.autoConnect ?? false,
    ...(options.auth ? { auth: options.auth } : {}),
  };
  return options.url ? io(options.url, socketOptions) : io(socketOptions);
}

type EmitArgs<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>;

/** Emits when connected; otherwise logs 'Socket not connected' and returns false. */
export function emitIfConnected<E extends keyof ClientToServerEvents>(
  socket: AppSocket | null | undefined,
  event: E,
  ...args: EmitArgs<E>
): boolean {
  if (!socket?.connected) {
    console.warn('Socket not connected');
    return false;
  }
  (socket.emit as (event: E, ...rest: EmitArgs<E>) => AppSocket)(event, ...args);
  return true;
}

export const CONNECT_TIMEOUT_MS = 10_000;
export const CONNECT_POLL_MS = 100;

/**
 * Connects and waits until the socket is connected, checking every 100 ms; rejects with 'Connection
 * timeout' after 10 s.
 */
export function waitForConnection(
  socket: AppSocket,
  timeoutMs = CONNECT_TIMEOUT_MS,
): Promise<void> {
  if (socket.connected) return Promise.resolve();
  if (!socket.active) socket.connect();
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (socket.connected) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started >= timeoutMs) {
        clearInterval(timer);
        reject(new Error('Connection timeout'));
      }
    }, CONNECT_POLL_MS);
  });
}

export const HEARTBEAT_RECONNECT_DELAY_MS = 1_000;

/**
 * Heartbeat (docs/product.md#heartbeat): every 5 s send `ping` when connected; when the connection
 * is lost and the client gave up reconnecting, try again after 1 s (see {@link keepReconnecting}).
 * Returns the stop function.
 */
export function startHeartbeat(socket: AppSocket): () => void {
  const stopReconnecting = keepReconnecting(socket);
  const interval = setInterval(() => {
    if (socket.connected) socket.emit('ping');
  }, HEARTBEAT_INTERVAL_MS);
  return () => {
    clearInterval(interval);
    stopReconnecting();
  };
}

/**
 * Never stays disconnected for good: checks every 5 s and, when the client gave up, connects again
 * 1 s later (a new round of the socket options' five attempts). Returns the stop function.
 *
 * "Gave up" has two shapes: the socket was closed (`active` false), or its manager spent its
 * reconnection attempts (`reconnect_failed`: the socket stays `active` but nothing retries any
 * more). The second is what a server restart longer than the five attempts (about 12 s) leaves
 * behind, and a dashboard must not stay deaf after it.
 */
export function keepReconnecting(socket: AppSocket): () => void {
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let gaveUp = false;
  const onGaveUp = () => {
    gaveUp = true;
  };
  socket.io.on('reconnect_failed', onGaveUp);
  const interval = setInterval(() => {
    if (socket.connected || reconnectTimer || (socket.active && !gaveUp)) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (socket.connected) return;
      gaveUp = false;
      socket.connect();
    }, HEARTBEAT_RECONNECT_DELAY_MS);
  }, HEARTBEAT_INTERVAL_MS);
  return () => {
    socket.io.off('reconnect_failed', onGaveUp);
    clearInterval(interval);
    if (reconnectTimer) clearTimeout(reconnectTimer);
  };
}
