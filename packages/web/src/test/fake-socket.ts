/**
 * The one socket.io client stand-in of the web tests, typed by the contract's event maps: a test
 * can fire only what the server sends (`ServerToClientEvents`, with its payload's type) or what
 * socket.io itself fires (connect, disconnect, connect_error), and answers an acknowledgement
 * only with what the server's ack carries (`ClientToServerEvents`). What the page emits is
 * recorded (`sent`, `of`) with its acknowledgement, for the test to answer (`answer`) or to be
 * answered at once (`replyTo`). Tests get it through a `vi.mock('@/lib/socket', …)` whose
 * `createSocket` pushes each new one onto `sockets`; code that takes a socket gets `asSocket(s)`.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';
import { act } from '@testing-library/react';

export type ServerEvent = keyof ServerToClientEvents;
export type ClientEvent = keyof ClientToServerEvents;
/** Fired by socket.io itself, not by our server. */
type ReservedEvent = 'connect' | 'disconnect' | 'connect_error';
type Handler = (...args: never[]) => void;

type PayloadOf<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
/** What the server's acknowledgement of `E` carries (`{ ok: true, data }` or an error). */
export type AckOf<E extends ClientEvent> = E extends ClientEvent
  ? NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (res: infer R) => void
    ? R
    : never
  : never;

/** One emit of the page: its event, payload, every argument and the acknowledgement, if any. */
export type Sent<E extends ClientEvent = ClientEvent> = {
  event: E;
  payload: PayloadOf<E>;
  args: unknown[];
  ack?: (res: AckOf<E>) => void;
};

type Replies = { [E in ClientEvent]?: (payload: PayloadOf<E>) => AckOf<E> };

export type FakeSocketOptions = {
  /** what `createSocket` was given (the staff's token, …) */
  auth?: Record<string, unknown>;
  /** `connect()` brings the connection up at once (fires 'connect'); otherwise the test `open`s it */
  connectsAtOnce?: boolean;
  /** connected from the start (a socket handed to a component already up) */
  connected?: boolean;
};

export class FakeSocket {
  connected: boolean;
  active = false;
  /** Every emit of the page, in order. */
  readonly sent: Sent[] = [];
  private readonly handlers = new Map<string, Handler[]>();
  private readonly managerHandlers = new Map<string, (() => void)[]>();
  private readonly replies: Replies = {};
  /** The manager: the app listens to it for 'reconnect_failed' (giving up: `giveUp`). */
  readonly io = {
    on: (event: string, handler: () => void) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
      return this.io;
    },
    off: (event: string, handler: () => void) => {
      this.managerHandlers.set(
        event,
        (this.managerHandlers.get(event) ?? []).filter((h) => h !== handler),
      );
      return this.io;
    },
  };

  constructor(readonly options: FakeSocketOptions = {}) {
    this.connected = options.connected ?? false;
  }

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: Handler): this {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  emit(event: ClientEvent, ...args: unknown[]): this {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (last as (res: unknown) => void) : undefined;
    const sent = { event, payload: args[0], args, ...(ack ? { ack } : {}) } as Sent;
    this.sent.push(sent);
    const reply = this.replies[event] as ((payload: unknown) => unknown) | undefined;
    if (reply && ack) ack(reply(sent.payload));
    return this;
  }
  connect(): this {
    this.active = true;
    // Called by the page's own code (an effect): delivered as it runs, not in an act of its own.
    if (this.options.connectsAtOnce) this.deliver('connect', []);
    return this;
  }
  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  listens(event: ServerEvent | ReservedEvent): boolean {
    return (this.handlers.get(event) ?? []).length > 0;
  }
  /** How many listeners the page holds on this socket (all events). */
  listenerCount(): number {
    return [...this.handlers.values()].reduce((n, list) => n + list.length, 0);
  }

  /** What the server sends: only its own events, with their payloads' types (inside act). */
  fire<E extends ServerEvent>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** What socket.io itself fires. */
  fire(event: ReservedEvent, ...args: unknown[]): void;
  fire(event: string, ...args: unknown[]): void {
    act(() => this.deliver(event, args));
  }
  /** The same, outside act (for code that is not React, and inside a test's own act). */
  deliverNow<E extends ServerEvent>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  deliverNow(event: ReservedEvent, ...args: unknown[]): void;
  deliverNow(event: string, ...args: unknown[]): void {
    this.deliver(event, args);
  }
  private deliver(event: string, args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const h of [...(this.handlers.get(event) ?? [])])
      (h as (...a: unknown[]) => void)(...args);
  }
  /** The connection comes up (again). */
  open(): void {
    this.connected = true;
    this.fire('connect');
  }
  /** socket.io's manager gives up after its last reconnection attempt. */
  giveUp(): void {
    for (const h of this.managerHandlers.get('reconnect_failed') ?? []) h();
  }

  /** The page's emits of one event. */
  of<E extends ClientEvent>(event: E): Sent<E>[] {
    return this.sent.filter((s): s is Sent<E> => s.event === event);
  }
  /** Answers one emit's acknowledgement as the server would (inside act). */
  answer<E extends ClientEvent>(sent: Sent<E> | undefined, res: AckOf<E>): void {
    if (!sent?.ack)
      throw new Error(`no acknowledgement to answer${sent ? ` (${sent.event})` : ''}`);
    const ack = sent.ack;
    act(() => ack(res));
  }
  /** From now on, answers every `event` the page emits at once with `reply(payload)`. */
  replyTo<E extends ClientEvent>(event: E, reply: (payload: PayloadOf<E>) => AckOf<E>): void {
    (this.replies as Record<string, unknown>)[event] = reply;
  }
}

/** Every socket the page created, in order (reset it before each test). */
export const sockets: FakeSocket[] = [];

export const lastSocket = (): FakeSocket => {
  const s = sockets.at(-1);
  if (!s) throw new Error('no socket created');
  return s;
};

/**
 * A visitor's socket: it connects as soon as the page asks, and the server takes her
 * `client:connect` at once (the call's snapshot is left out: the tests play its news as events).
 */
export function visitorSocket(): FakeSocket {
  const socket = new FakeSocket({ connectsAtOnce: true });
  socket.replyTo('client:connect', () => ({ ok: true as const, data: null }));
  return socket;
}
