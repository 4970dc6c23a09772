/**
 * Real socket.io clients for tests: connect (resolving once connected), wait for an event, ask
 * with an acknowledgement. `closeSockets()` disconnects every client opened since the last call.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';

export type Client = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
export type AckResult =
  { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
type EventName = keyof ServerToClientEvents;

const sockets: Client[] = [];

/** Connects and resolves once connected; listeners can be attached through `before`. */
export async function open(
  url: string,
  opts: {
    token?: string;
    before?: (s: Client) => void;
    /** e.g. X-Forwarded-For, sent with the websocket handshake */
    headers?: Record<string, string>;
    /** the loopback address to connect from (e.g. 127.0.3.7): a client address of its own */
    localAddress?: string;
  } = {},
): Promise<Client> {
  // `localAddress` reaches Node's websocket (ws) but is missing from socket.io-client's types.
  const socket: Client = connect(url, {
    ...(opts.localAddress ? ({ localAddress: opts.localAddress } as object) : {}),
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    autoConnect: false,
    ...(opts.token ? { auth: { token: opts.token } } : {}),
    ...(opts.headers ? { extraHeaders: opts.headers } : {}),
  });
  sockets.push(socket);
  opts.before?.(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
    socket.connect();
  });
  return socket;
}

/** The next `event` on `socket` whose payload passes `match`. */
export function next<E extends EventName>(
  socket: Client,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      socket.off(event, handler as never);
      resolve(payload);
    };
    socket.on(event, handler as never);
  });
}

/** Every `event` the socket hears from now on, in order (the array fills as they come). */
export function heardBy<E extends EventName>(
  socket: Client,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const heard: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) =>
    heard.push(payload)) as never);
  return heard;
}

/** A ping round trip: whatever the server sent this socket before has arrived ("heard nothing"). */
export async function flushed(socket: Client): Promise<void> {
  const pong = next(socket, 'pong');
  socket.emit('ping');
  await pong;
}

/** Emits with an acknowledgement and returns the server's answer. */
export function ask(
  socket: Client,
  event: keyof ClientToServerEvents | (string & {}),
  payload: unknown,
): Promise<AckResult> {
  // Any event name and payload on purpose (tests send invalid ones too).
  const timed = socket.timeout(5000) as unknown as {
    emitWithAck(e: string, p: unknown): Promise<AckResult>;
  };
  return timed.emitWithAck(event, payload);
}

export function closeSockets(): void {
  for (const s of sockets.splice(0)) s.disconnect();
}

/** Makes the test app listen on a free loopback port; answers its base URL. */
export async function listenUrl(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
