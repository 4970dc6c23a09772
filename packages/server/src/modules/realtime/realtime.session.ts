/**
 * Who is on a socket, and whether they are still there: the handshake's session token, an
 * advisor's sign-in (`advisor:connect`) and sign-out, the heartbeat (`ping`) and the end of the
 * connection. A signed-in advisor joins `advisor:{id}`, `session:{id}` (and `admins`) and is
 * present while the socket is; visitors need no sign-in. Her role is read from her account at every
 * event that needs one (socket-context.ts), and the rooms follow it (realtime.notifier.ts).
 */
import { advisorConnectPayload } from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Notifier } from '../../lib/notifier.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { CallsService } from '../calls/calls.service.js';
import type { PresenceService } from './presence.service.js';
import { ADMINS_ROOM, advisorRoom, sessionRoom } from './realtime.notifier.js';
import {
  NOT_AUTHENTICATED,
  toWireError,
  unauthenticated,
  type SocketContext,
  type SocketState,
  type TypedSocket,
} from './socket-context.js';

export type SessionDeps = {
  log: FastifyBaseLogger;
  notifier: Notifier;
  sessions: Pick<SessionsService, 'resolve'>;
  advisors: Pick<AdvisorsService, 'findActiveRow'>;
  calls: Pick<CallsService, 'pendingFor' | 'drainQueue'>;
  presence: Pick<PresenceService, 'connect' | 'forget' | 'disconnected' | 'heartbeat'>;
};

function handshakeToken(auth: unknown): string | null {
  if (!auth || typeof auth !== 'object') return null;
  const token = (auth as { token?: unknown }).token;
  return typeof token === 'string' && token.length > 0 && token.length <= 500 ? token : null;
}

/**
 * Handshake middleware: a token in `auth.token` must be a live session (else the connection is
 * refused); no token is a visitor.
 */
export function authenticateHandshake(
  deps: Pick<SessionDeps, 'sessions' | 'log'>,
  stateOf: (socket: TypedSocket) => SocketState,
) {
  return (socket: TypedSocket, next: (err?: Error) => void): void => {
    const token = handshakeToken(socket.handshake.auth);
    if (!token) {
      next();
      return;
    }
    deps.sessions.resolve(token).then(
      (user) => {
        if (!user) {
          next(new Error(NOT_AUTHENTICATED));
          return;
        }
        stateOf(socket).advisor = { ...user, token, checkedAt: Date.now() };
        next();
      },
      (err: unknown) => {
        deps.log.error({ err }, 'socket handshake session lookup failed');
        next(new Error(NOT_AUTHENTICATED));
      },
    );
  };
}

/** Leaves the advisor's rooms and presence; nothing when nobody is signed in on the socket. */
export async function signOut(
  socket: TypedSocket,
  state: SocketState,
  presence: Pick<PresenceService, 'forget'>,
): Promise<void> {
  const advisor = state.advisor;
  if (!advisor) return;
  state.advisor = null;
  await socket.leave(advisorRoom(advisor.advisorId));
  await socket.leave(sessionRoom(advisor.sessionId));
  await socket.leave(ADMINS_ROOM);
  await presence.forget(socket.id);
}

async function signIn(
  ctx: SocketContext,
  deps: SessionDeps,
  user: AuthUser,
  token: string,
): Promise<{ advisorId: string; status: string }> {
  const { socket, state } = ctx;
  const previous = state.advisor;
  if (previous && previous.advisorId !== user.advisorId)
    await signOut(socket, state, deps.presence);
  state.advisor = { ...user, token, checkedAt: Date.now() };
  const rooms = [advisorRoom(user.advisorId), sessionRoom(user.sessionId)];
  await socket.join(user.isAdmin ? [...rooms, ADMINS_ROOM] : rooms);
  // Read once more now that she is in her rooms: an account deleted or demoted between the first
  // read and the join (whose removal found no socket to act on) is caught here.
  await ctx.requireAdvisor();
  await deps.presence.connect(socket.id, user.advisorId);
  const row = await deps.advisors.findActiveRow(user.advisorId);
  const status = row?.status ?? 'offline';
  const payload = { advisorId: user.advisorId, status };
  socket.emit('advisor:connected', payload);
  deps.notifier.toAdmins('advisor:connected', payload);
  socket.emit('calls:pending', await deps.calls.pendingFor(user.advisorId));
  // A newly connected advisor may have room for a queued call.
  deps.calls
    .drainQueue()
    .catch((err: unknown) => deps.log.error({ err }, 'queue drain after connect failed'));
  return payload;
}

/** Sign-in (from the handshake or `advisor:connect`), heartbeat and disconnection of one socket. */
export function registerSessionHandlers(ctx: SocketContext, deps: SessionDeps): void {
  const { socket, state } = ctx;
  const { log, presence } = deps;
  if (state.advisor) {
    const { token, checkedAt: _checkedAt, ...user } = state.advisor;
    signIn(ctx, deps, user, token).catch((err: unknown) => {
      // A session ended meanwhile has been told so already (requireAdvisor).
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED') return;
      log.error({ err }, 'advisor socket sign-in failed');
      socket.emit('error', toWireError(err));
    });
  }

  socket.on(
    'advisor:connect',
    ctx.handle('advisor:connect', advisorConnectPayload, async ({ advisorId, token }) => {
      const user = await deps.sessions.resolve(token);
      if (!user || user.advisorId !== advisorId) {
        socket.emit('error', { code: 'UNAUTHENTICATED', message: NOT_AUTHENTICATED });
        throw unauthenticated();
      }
      return signIn(ctx, deps, user, token);
    }),
  );

  // The connection is what counts (presence.refresh); a closed one ages out after the grace.
  socket.on('disconnect', () => presence.disconnected(socket.id));

  // Heartbeat, every 5 s from the page. An advisor's pong is sent once their presence row is
  // refreshed, so a pong means "you are seen"; a visitor's pong is immediate.
  socket.on('ping', () => {
    if (ctx.isClosed()) return;
    if (!state.advisor) {
      socket.emit('pong');
      return;
    }
    ctx
      .requireAdvisor({ cached: true })
      .then((user) => presence.heartbeat(socket.id, user.advisorId))
      .then(
        () => socket.emit('pong'),
        (err: unknown) => {
          if (!(err instanceof AppError)) log.error({ err }, 'heartbeat failed');
          socket.emit('pong');
        },
      );
  });
}
