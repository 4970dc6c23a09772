/**
 * The one socket.io client stand-in of the web tests, typed by the contract's event maps: a test
 * can fire only what the server sends (`ServerToClientEvents`, with its payload's type) or what
 * socket.io itself fires (connect, disconnect, connect_error), and what the page emits is checked
 * against `ClientToServerEvents` where the page's own code is compiled. Tests get it through a
 * `vi.mock('@/lib/socket', …)` whose `createSocket` pushes each new one onto `sockets`.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';

type ServerEvent = keyof ServerToClientEvents;
type ClientEvent = keyof ClientToServerEvents;
/** Fired by socket.io itself, not by our server. */
type ReservedEvent = 'connect' | 'disconnect' | 'connect_error';
type Handler = (...args: never[]) => void;

/** One emit of the page: its event and arguments (the acknowledgement last, if any). */
export type Emitted = { event: ClientEvent; args: unknown[] };

export class FakeSocket {
  connected = false;
  active = false;
  readonly emitted: Emitted[] = [];
  private readonly handlers = new Map<string, Handler[]>();
  /** The manager: the app only listens to it for 'reconnect_failed' (giving up), never fired here. */
  readonly io = { on: () => this.io, off: () => this.io };

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
    this.emitted.push({ event, args });
    return this;
  }
  connect(): this {
    this.active = true;
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
  /** What the server sends: only its own events, with their payloads' types. */
  fire<E extends ServerEvent>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** What socket.io itself fires. */
  fire(event: ReservedEvent, ...args: unknown[]): void;
  fire(event: string, ...args: unknown[]): void {
    for (const h of this.handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args);
  }
}

/** Every socket the page created, in order (reset it before each test). */
export const sockets: FakeSocket[] = [];

export const lastSocket = (): FakeSocket => {
  const s = sockets.at(-1);
  if (!s) throw new Error('no socket created');
  return s;
};
