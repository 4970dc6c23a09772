/**
 * A socket.io client stand-in for the live-call screen: records what the page emits (with the
 * acknowledgement to answer), lets the test play the server (`fire`). No app imports.
 */
import { act } from '@testing-library/react';

type Handler = (...args: unknown[]) => void;
type Ack = (res: unknown) => void;
export type Sent = {
  event: string;
  payload: { callId?: string; id?: string; body?: string; imageId?: string };
  ack: Ack;
};

export class FakeAdminSocket {
  connected = false;
  active = false;
  readonly sent: Sent[] = [];
  private handlers = new Map<string, Handler[]>();
  /** The manager: listened to only for 'reconnect_failed' (giving up), never fired here. */
  readonly io = { on: () => this.io, off: () => this.io };
  constructor(readonly options: { auth?: Record<string, unknown> } = {}) {}
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
  emit(event: string, payload: Sent['payload'], ack: Ack) {
    this.sent.push({ event, payload, ack });
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
  fire(event: string, payload?: unknown) {
    act(() => {
      for (const h of this.handlers.get(event) ?? []) h(payload);
    });
  }
  /** The connection comes up (again). */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  of(event: string) {
    return this.sent.filter((s) => s.event === event);
  }
  answer(sent: Sent | undefined, res: unknown) {
    act(() => sent?.ack(res));
  }
}

export const sockets: FakeAdminSocket[] = [];
export const lastSocket = (): FakeAdminSocket => {
  const s = sockets.at(-1);
  if (!s) throw new Error('no socket created');
  return s;
};
