/**
 * Socket.IO client factory with SPEC §7's options, typed by the contract's event maps. Emitting
 * while disconnected only logs 'Socket not connected' (SPEC §7); nothing is queued.
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
  /** Defaults to the page's own origin (the host is fixed, SPEC §7). */
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
 * Connects and waits until the socket is connected, checking every 100 ms; rejects with
 * 'Connection timeout' after 10 s (SPEC §7).
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
 * SPEC §9 heartbeat: every 5 s send `ping` when connected; when the connection is lost and the
 * client gave up reconnecting, try again after 1 s. Returns the stop function.
 */
export function startHeartbeat(socket: AppSocket): () => void {
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  const interval = setInterval(() => {
    if (socket.connected) {
      socket.emit('ping');
      return;
    }
    if (!socket.active && !reconnectTimer) {
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        if (!socket.connected) socket.connect();
      }, HEARTBEAT_RECONNECT_DELAY_MS);
    }
  }, HEARTBEAT_INTERVAL_MS);
  return () => {
    clearInterval(interval);
    if (reconnectTimer) clearTimeout(reconnectTimer);
  };
}
