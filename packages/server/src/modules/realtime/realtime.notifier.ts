/**
 * The Notifier port over Socket.IO: emits to rooms `advisor:{id}`, `admins`, `call:{id}` and
 * `chat:{id}`.
 * With the Redis adapter installed, a room emit reaches sockets on every instance, and so do the
 * room changes below (sign-out, lost admin rights).
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';
import type { Server } from 'socket.io';
import type { Notifier, SignOutTarget } from '../../lib/notifier.js';
import { ejectParticipant } from '../video/video.socket.js';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;

export const advisorRoom = (advisorId: string): string => `advisor:${advisorId}`;
export const callRoom = (callId: string): string => `call:${callId}`;
/** A call's chat (docs/product.md#chat): the visitor, its advisor and admins who sent `chat:join`. */
export const chatRoom = (callId: string): string => `chat:${callId}`;
export const ADMINS_ROOM = 'admins';
/**
 * Marks a socket that is in `chat:{id}` only by its admin rights (not the call's visitor or
 * advisor): nothing is sent to it, it tells which chats to leave when those rights go.
 */
const ADMIN_SEAT_PREFIX = 'admin-seat:';
export const adminSeatRoom = (callId: string): string => `${ADMIN_SEAT_PREFIX}${callId}`;

/** The rooms (of `rooms`, a socket's) that only an admin may be in: to leave when demoted. */
export function adminOnlyRooms(rooms: Iterable<string>): string[] {
  const out: string[] = [];
  for (const room of rooms) {
    if (room === ADMINS_ROOM) out.push(room);
    else if (room.startsWith(ADMIN_SEAT_PREFIX))
      out.push(room, chatRoom(room.slice(ADMIN_SEAT_PREFIX.length)));
  }
  return out;
}
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

  function signOut(target: SignOutTarget): void {
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
  }

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
    signOut,
    revokeAdmin(advisorId) {
      if (!io) return;
      const hers = io.in(advisorRoom(advisorId));
      // The admins' room at once, on every instance; then the chats she sat in as an admin, which
      // only her sockets know (their rooms, read through the adapter). Should an instance not
      // answer, her sockets are closed instead: never left in a room she no longer belongs to.
      hers.socketsLeave(ADMINS_ROOM);
      hers.fetchSockets().then(
        (sockets) => {
          for (const socket of sockets)
            for (const room of adminOnlyRooms(socket.rooms)) socket.leave(room);
        },
        () => signOut({ advisorId }),
      );
      // The video she watches as an admin: her page is told and leaves, the others drop her link.
      // (Its socket is the video page's own, joined with a room token, not in her advisor room.)
      ejectParticipant(io.of('/'), `admin:${advisorId}`, 'revoked').catch(() => undefined);
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
    revokeAdmin(advisorId) {
      for (const t of targets) t.revokeAdmin(advisorId);
    },
  };
}
