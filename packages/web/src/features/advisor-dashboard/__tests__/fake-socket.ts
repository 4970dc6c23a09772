/** A socket.io client stand-in: records emits, lets tests fire server events. No app imports. */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = false;
  handlers = new Map<string, Handler[]>();
  emitted: { event: string; args: unknown[] }[] = [];
  /** The manager: the app only listens to it for 'reconnect_failed' (giving up), never fired here. */
  readonly io = { on: () => this.io, off: () => this.io };
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }
  connect() {
    this.active = true;
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  /** What the server (or socket.io itself) would fire. */
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}

export const sockets: FakeSocket[] = [];
export const lastSocket = (): FakeSocket => {
  const s = sockets[sockets.length - 1];
  if (!s) throw new Error('no socket created');
  return s;
};
