import type { ServerToClientEvents } from '@belleza/contract';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The port services emit realtime events through (rooms `advisor:{id}`, `admins`, `call:{id}`).
 * Socket.IO implements it in production; tests use `RecordingNotifier`. Emit after commit.
 */
/** Whose sockets to close: one session's, or all of an advisor's but (optionally) one session's. */
export type SignOutTarget = { sessionId: string } | { advisorId: string; exceptSessionId?: string };

export type Notifier = {
  toAdvisor<E extends EventName>(advisorId: string, event: E, payload: Payload<E>): void;
  toAdmins<E extends EventName>(event: E, payload: Payload<E>): void;
  toCall<E extends EventName>(callId: string, event: E, payload: Payload<E>): void;
  /**
   * The call's chat room `chat:{id}` (sockets that sent `chat:join`), but the socket named by
   * `exceptSocketId`: a message sent over the socket reaches its sender through the ack.
   */
  toChat<E extends EventName>(
    callId: string,
    event: E,
    payload: Payload<E>,
    exceptSocketId?: string,
  ): void;
  /** Revoked sessions lose their live sockets at once, on every instance (after commit). */
  signOut(target: SignOutTarget): void;
  /**
   * An advisor who lost her admin rights: her live sockets leave the admins' room and the chats
   * they joined as an admin, on every instance (after commit).
   */
  revokeAdmin(advisorId: string): void;
};

export type RecordedEvent = { room: string; event: EventName; payload: unknown };

export class RecordingNotifier implements Notifier {
  readonly events: RecordedEvent[] = [];
  toAdvisor<E extends EventName>(advisorId: string, event: E, payload: Payload<E>): void {
    this.events.push({ room: `advisor:${advisorId}`, event, payload });
  }
  toAdmins<E extends EventName>(event: E, payload: Payload<E>): void {
    this.events.push({ room: 'admins', event, payload });
  }
  toCall<E extends EventName>(callId: string, event: E, payload: Payload<E>): void {
    this.events.push({ room: `call:${callId}`, event, payload });
  }
  toChat<E extends EventName>(callId: string, event: E, payload: Payload<E>): void {
    this.events.push({ room: `chat:${callId}`, event, payload });
  }
  readonly signOuts: SignOutTarget[] = [];
  signOut(target: SignOutTarget): void {
    this.signOuts.push(target);
  }
  readonly adminRevocations: string[] = [];
  revokeAdmin(advisorId: string): void {
    this.adminRevocations.push(advisorId);
  }
  of(event: EventName, room?: string): RecordedEvent[] {
    return this.events.filter((e) => e.event === event && (room === undefined || e.room === room));
  }
  clear(): void {
    this.events.length = 0;
  }
}

/** Fans one emit out to several notifiers (e.g. Socket.IO plus a recorder in tests). */
export const nullNotifier: Notifier = {
  toAdvisor: () => undefined,
  toAdmins: () => undefined,
  toCall: () => undefined,
  toChat: () => undefined,
  signOut: () => undefined,
  revokeAdmin: () => undefined,
};
