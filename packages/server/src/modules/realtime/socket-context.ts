/**
 * What a module's socket handlers get from the realtime gateway for one connected socket: the
 * `handle` wrapper (parse with the contract schema, run, answer through the ack), who is acting
 * (the signed-in advisor, or the visitor holding a call's key on this socket) and the socket's
 * process-local state. Modules register their events with it (`<module>.socket.ts`); the gateway
 * builds one per connection.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { CallActor, UserActor } from '../calls/calls.types.js';
import { adminOnlyRooms } from './realtime.notifier.js';

export type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
export type WireError = { code: string; message: string };
export type Ack = (response: { ok: true; data: unknown } | { ok: false; error: WireError }) => void;

/** Per-socket state kept in this process only (never in socket.data, which the adapter ships). */
export type SocketState = {
  advisor: (AuthUser & { token: string; checkedAt: number }) | null;
  /** callId → clientKey of calls this socket joined as the visitor */
  clientKeys: Map<string, string>;
};

export type SignedInAdvisor = UserActor & { advisorId: string };

/** The heartbeat re-reads the session at most this often per socket; other events, every time. */
export const SESSION_RECHECK_MS = 30_000;
export const NOT_AUTHENTICATED = 'Not authenticated';

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 401, NOT_AUTHENTICATED);

/** A refusal as the client hears it; anything but an AppError hides its details. */
export function toWireError(err: unknown): WireError {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' };
}

/** One socket's state, made on first use (the handshake may set the advisor before connection). */
export function createSocketStates(): (socket: TypedSocket) => SocketState {
  const states = new WeakMap<TypedSocket, SocketState>();
  return (socket) => {
    let s = states.get(socket);
    if (!s) {
      s = { advisor: null, clientKeys: new Map() };
      states.set(socket, s);
    }
    return s;
  };
}

export type SocketContext = {
  readonly socket: TypedSocket;
  readonly state: SocketState;
  /** True once the gateway is closing: events are ignored. */
  isClosed(): boolean;
  /** Parses, runs and answers one event; never throws into Socket.IO. */
  handle<S extends z.ZodType>(
    event: string,
    schema: S,
    run: (payload: z.output<S>) => Promise<unknown>,
  ): (raw: unknown, ack?: unknown) => void;
  /**
   * The signed-in advisor of this socket, her session and account read again now: a role taken
   * away (or a session ended) counts from her very next event, whichever instance she is on.
   * `cached` (the heartbeat, which needs no role) reads them at most every SESSION_RECHECK_MS.
   */
  requireAdvisor(opts?: { cached?: boolean }): Promise<SignedInAdvisor>;
  /** The advisor when signed in, else the visitor holding this call's key on this socket. */
  actorFor(callId: string): Promise<CallActor>;
  /** This socket acts as the visitor of the call from now on (client:connect, call:request). */
  rememberClientKey(callId: string, clientKey: string): void;
};

export type SocketContextDeps = {
  sessions: Pick<SessionsService, 'resolve'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  isClosed: () => boolean;
  /** Leaves the advisor's rooms and presence (a revoked session found by the re-check). */
  signOut: () => Promise<void>;
};

export function createSocketContext(
  socket: TypedSocket,
  state: SocketState,
  deps: SocketContextDeps,
): SocketContext {
  async function requireAdvisor(opts: { cached?: boolean } = {}): Promise<SignedInAdvisor> {
    const advisor = state.advisor;
    if (!advisor) throw unauthenticated();
    if (opts.cached && Date.now() - advisor.checkedAt < SESSION_RECHECK_MS) return advisor;
    const user = await deps.sessions.resolve(advisor.token);
    if (!user || user.advisorId !== advisor.advisorId) {
      await deps.signOut();
      socket.emit('error', { code: 'UNAUTHENTICATED', message: NOT_AUTHENTICATED });
      throw unauthenticated();
    }
    // No longer an admin: out of the rooms only admins may be in (should the notifier's removal
    // not have reached this socket yet), before she acts as anything else.
    if (!user.isAdmin) for (const room of adminOnlyRooms(socket.rooms)) await socket.leave(room);
    // Another sign-in on this socket meanwhile keeps its own state.
    if (state.advisor === advisor)
      state.advisor = { ...user, token: advisor.token, checkedAt: Date.now() };
    return user;
  }

  return {
    socket,
    state,
    isClosed: deps.isClosed,
    requireAdvisor,

    async actorFor(callId) {
      if (state.advisor) return { kind: 'user', user: await requireAdvisor() };
      const clientKey = state.clientKeys.get(callId);
      if (clientKey) return { kind: 'client', clientKey };
      throw unauthenticated();
    },

    rememberClientKey(callId, clientKey) {
      state.clientKeys.set(callId, clientKey);
    },

    handle(event, schema, run) {
      return (raw, ack) => {
        const reply = typeof ack === 'function' ? (ack as Ack) : null;
        const fail = (error: WireError) => {
          if (reply) reply({ ok: false, error });
          else socket.emit('error', error);
        };
        if (deps.isClosed()) return;
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          fail({
            code: 'VALIDATION_ERROR',
            message: `Invalid ${event} payload${issue ? `: ${issue.path.join('.') || '(root)'} ${issue.message}` : ''}`,
          });
          return;
        }
        run(parsed.data).then(
          (data) => reply?.({ ok: true, data: data ?? null }),
          (err: unknown) => {
            if (!(err instanceof AppError)) deps.log.error({ err, event }, 'socket event failed');
            fail(toWireError(err));
          },
        );
      };
    },
  };
}
