/** A stand-in for the visitor's Socket.IO client: records emits, lets a test play the server. */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  readonly emitted: { event: string; payload: unknown }[] = [];
  private handlers = new Map<string, Handler[]>();
  /** What the server answers to `client:connect` (the call as it is now). */
  joinAnswer: unknown = null;
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
  emit(event: string, payload?: unknown, ack?: (res: unknown) => void): this {
    this.emitted.push({ event, payload });
    if (event === 'client:connect') ack?.({ ok: true, data: this.joinAnswer });
    return this;
  }
  connect(): this {
    this.connected = true;
    this.serverEmit('connect');
    return this;
  }
  disconnect(): this {
    this.connected = false;
    return this;
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  /** Delivers an event as if the server sent it. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}
