/**
 * The Notifier port over Socket.IO: emits to rooms `advisor:{id}`, `admins`, `call:{id}` and
 * `chat:{id}`.
 * With the Redis adapter installed, a room emit reaches sockets on every instance.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';
import type { Server } from 'socket.io';
import type { Notifier } from '../../lib/notifier.js';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;

export const advisorRoom = (advisorId: string): string => `advisor:${advisorId}`;
export const callRoom = (callId: string): string => `call:${callId}`;
/** A call's chat (docs/product.md#chat): the visitor, its advisor and admins who sent `chat:join`. */
export const chatRoom = (callId: string): string => `chat:${callId}`;
export const ADMINS_ROOM = 'admins';
/** Every socket signed in with one session (so revoking it closes exactly those). */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

export type SocketNotifier = Notifier & {
  /** Events before `bind` (or after `unbind`) go nowhere: there is nobody to hear them. */
  bind(io: TypedServer): void;
  unbind(): void;
};

export function createSocketNotifier(): SocketNotifier {
  // The typed event map is enforced by the Notifier signature; the untyped view only forwards.
  let io: Server | null = null;
  const emit = (room: string, event: string, payload: unknown): void => {
    io?.to(room).emit(event, payload);
  };
  return {
    bind(server) {
      io = server;
    },
    unbind() {
      io = null;
    },
    toAdvisor(advisorId, event, payload) {
      emit(advisorRoom(advisorId), event, payload);
    },
    toAdmins(event, payload) {
      emit(ADMINS_ROOM, event, payload);
    },
    toCall(callId, event, payload) {
      emit(callRoom(callId), event, payload);
    },
    toChat(callId, event, payload, exceptSocketId) {
      if (!io) return;
      // A socket id is also a room: `except` skips the sender on every instance (Redis adapter).
      const room = io.to(chatRoom(callId));
      (exceptSocketId ? room.except(exceptSocketId) : room).emit(event, payload);
    },
    signOut(target) {
      if (!io) return;
      let sockets =
        'sessionId' in target
          ? io.in(sessionRoom(target.sessionId))
          : io.in(advisorRoom(target.advisorId));
      if ('advisorId' in target && target.exceptSessionId)
        sockets = sockets.except(sessionRoom(target.exceptSessionId));
      // Told why first (the page goes to sign-in), then closed; the Redis adapter reaches every instance.
      sockets.emit('error', { code: 'UNAUTHENTICATED', message: 'Your session has ended' });
      sockets.disconnectSockets(true);
    },
  };
}

/** One emit to several notifiers (Socket.IO plus a test recorder). */
export function fanOutNotifier(...targets: Notifier[]): Notifier {
  return {
    toAdvisor(advisorId, event, payload) {
      for (const t of targets) t.toAdvisor(advisorId, event, payload);
    },
    toAdmins(event, payload) {
      for (const t of targets) t.toAdmins(event, payload);
    },
    toCall(callId, event, payload) {
      for (const t of targets) t.toCall(callId, event, payload);
    },
    toChat(callId, event, payload, exceptSocketId) {
      for (const t of targets) t.toChat(callId, event, payload, exceptSocketId);
    },
    signOut(target) {
      for (const t of targets) t.signOut(target);
    },
  };
}
