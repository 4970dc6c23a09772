/** A socket.io client stand-in: lets the test play the server (`fire`). No app imports. */
import { act } from '@testing-library/react';

type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = false;
  private handlers = new Map<string, Handler[]>();
  /** The manager: listened to only for 'reconnect_failed' (giving up), never fired here. */
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
  emit() {
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
  listens(event: string): boolean {
    return (this.handlers.get(event) ?? []).length > 0;
  }
  fire(event: string, payload?: unknown) {
    act(() => {
      for (const h of this.handlers.get(event) ?? []) h(payload);
    });
  }
}

export const sockets: FakeSocket[] = [];

/** What the server sends to the admins' room: every open admin socket hears it. */
export const fireToAdmins = (event: string, payload?: unknown): void => {
  for (const s of sockets) s.fire(event, payload);
};
