/**
 * Socket.IO on Fastify's HTTP server (path /socket.io). Advisors authenticate with their session
 * token (handshake `auth.token` or `advisor:connect`) and join `advisor:{id}` (+ `admins`);
 * visitors join `call:{id}` with the call's clientKey; the call's parties join its chat
 * `chat:{id}`. Every payload is parsed with its contract schema; a refusal answers through the ack
 * (`{ok:false,error}`) or, without one, an 'error' event.
 * With REDIS_URL the Redis adapter fans room emits out across instances.
 */
import type { Server as HttpServer } from 'node:http';
import {
  advisorConnectPayload,
  advisorStatusPayload,
  callAcceptPayload,
  callEndPayload,
  callNotesPayload,
  callRequestBodySchema,
  callRequestPayload,
  callStatusPayload,
  callTypingPayload,
  chatJoinPayload,
  chatSendPayload,
  clientConnectPayload,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@belleza/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Notifier } from '../../lib/notifier.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { SessionsService } from '../auth/auth.service.js';
import type { CallActor, CallsService, UserActor } from '../calls/calls.service.js';
import type { ChatService } from '../chat/chat.service.js';
import { registerMediaStatsHandlers } from '../video/media-stats.socket.js';
import type { MediaStatsService } from '../video/media-stats.service.js';
import { registerRtcHandlers } from '../video/video.socket.js';
import type { VideoService } from '../video/video.service.js';
import { clientAddressOf, trustFunction } from '../../lib/client-address.js';
import {
  createLimiter,
  phoneKey,
  REQUESTS_PER_PHONE_WINDOW_MS,
  SOCKET_CONNECTIONS_PER_ADDRESS,
  SOCKET_EVENTS_DISCONNECT_FACTOR,
  SOCKET_EVENTS_PER_CONNECTION,
} from '../../lib/limits.js';
import type { PresenceService } from './presence.service.js';
import {
  ADMINS_ROOM,
  advisorRoom,
  callRoom,
  chatRoom,
  sessionRoom,
  type TypedServer,
} from './realtime.notifier.js';

type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type Ack = (
  response: { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } },
) => void;

export type RealtimeDeps = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'redisUrl'
    | 'callRequestRateLimit'
    | 'callRequestPhoneLimit'
    | 'socketConnectionRateLimit'
    | 'trustProxy'
  >;
  clock: Clock;
  log: FastifyBaseLogger;
  notifier: Notifier;
  sessions: Pick<SessionsService, 'resolve'>;
  advisors: Pick<AdvisorsService, 'setStatus' | 'findActiveRow'>;
  calls: CallsService;
  presence: PresenceService;
  video: Pick<VideoService, 'verifyRoomToken' | 'rtcSettings' | 'onRoomClosed'>;
  mediaStats: Pick<MediaStatsService, 'record'>;
  chat: Pick<ChatService, 'history' | 'send'>;
};

export type Realtime = { io: TypedServer; close: () => Promise<void> };

/** Sessions are re-checked at most this often per socket (logout/deletion reach sockets too). */
const SESSION_RECHECK_MS = 30_000;
const NOT_AUTHENTICATED = 'Not authenticated';

/** Per-socket state kept in this process only (never in socket.data, which the adapter ships). */
type SocketState = {
  advisor: (AuthUser & { token: string; checkedAt: number }) | null;
  /** callId → clientKey of calls this socket joined as the visitor */
  clientKeys: Map<string, string>;
};

const unauthenticated = () => new AppError('UNAUTHENTICATED', 401, NOT_AUTHENTICATED);

function toWireError(err: unknown): { code: string; message: string } {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' };
}

function handshakeToken(auth: unknown): string | null {
  if (!auth || typeof auth !== 'object') return null;
  const token = (auth as { token?: unknown }).token;
  return typeof token === 'string' && token.length > 0 && token.length <= 500 ? token : null;
}

export function attachRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const { calls, chat, presence, advisors, sessions, notifier, log } = deps;
  const io: TypedServer = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: deps.config.publicUrl, credentials: true },
    // The server pings; the browser answers on receipt (no page timer involved, so a background
    // tab answers too). A connection that died silently closes within 20 s, and presence follows.
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  if (deps.config.redisUrl) {
    const pub = new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (err) => log.warn({ err }, 'redis (socket.io adapter) error'));
    io.adapter(createAdapter(pub, sub));
    redis = { pub, sub };
  }

  const states = new WeakMap<TypedSocket, SocketState>();
  const stateOf = (socket: TypedSocket): SocketState => {
    let s = states.get(socket);
    if (!s) {
      s = { advisor: null, clientKeys: new Map() };
      states.set(socket, s);
    }
    return s;
  };
  // Abuse limits (lib/limits.ts), shared through Redis when configured.
  const trust = trustFunction(deps.config.trustProxy);
  const limitStore = redis?.pub ?? null;
  const connectionsPerAddress = createLimiter(
    'socket-conn',
    {
      points: deps.config.socketConnectionRateLimit,
      duration: SOCKET_CONNECTIONS_PER_ADDRESS.duration,
    },
    limitStore,
  );
  const requestsPerAddress = createLimiter(
    'socket-call-request',
    { points: deps.config.callRequestRateLimit, duration: 60 },
    limitStore,
  );
  const requestsPerPhone = createLimiter(
    'socket-call-request-phone',
    { points: deps.config.callRequestPhoneLimit, duration: REQUESTS_PER_PHONE_WINDOW_MS / 1000 },
    limitStore,
  );
  // Per connection: the connection lives in this process, so its count does too.
  const eventsPerConnection = createLimiter('socket-events', SOCKET_EVENTS_PER_CONNECTION, null);
  const addressOf = (socket: TypedSocket): string => clientAddressOf(socket.request, trust);
  let closed = false;

  io.use((socket, next) => {
    connectionsPerAddress.take(addressOf(socket)).then(
      ({ over, retryAfterSeconds }) => {
        if (over > 0) {
          const refused = new Error('RATE_LIMITED') as Error & { data?: unknown };
          refused.data = { code: 'RATE_LIMITED', retryAfterSeconds };
          next(refused);
          return;
        }
        next();
      },
      (err: unknown) => {
        log.error({ err }, 'socket connection limit failed');
        next();
      },
    );
  });

  io.use((socket, next) => {
    const token = handshakeToken(socket.handshake.auth);
    if (!token) {
      next();
      return;
    }
    sessions.resolve(token).then(
      (user) => {
        if (!user) {
          next(new Error(NOT_AUTHENTICATED));
          return;
        }
        stateOf(socket).advisor = { ...user, token, checkedAt: Date.now() };
        next();
      },
      (err: unknown) => {
        log.error({ err }, 'socket handshake session lookup failed');
        next(new Error(NOT_AUTHENTICATED));
      },
    );
  });

  async function signIn(
    socket: TypedSocket,
    user: AuthUser,
    token: string,
  ): Promise<{ advisorId: string; status: string }> {
    const state = stateOf(socket);
    const previous = state.advisor;
    if (previous && previous.advisorId !== user.advisorId) await signOut(socket);
    state.advisor = { ...user, token, checkedAt: Date.now() };
    const rooms = [advisorRoom(user.advisorId), sessionRoom(user.sessionId)];
    await socket.join(user.isAdmin ? [...rooms, ADMINS_ROOM] : rooms);
    await presence.connect(socket.id, user.advisorId);
    const row = await advisors.findActiveRow(user.advisorId);
    const status = row?.status ?? 'offline';
    const payload = { advisorId: user.advisorId, status };
    socket.emit('advisor:connected', payload);
    notifier.toAdmins('advisor:connected', payload);
    socket.emit('calls:pending', await calls.pendingFor(user.advisorId));
    // A newly connected advisor may have room for a queued call.
    calls
      .drainQueue()
      .catch((err: unknown) => log.error({ err }, 'queue drain after connect failed'));
    return payload;
  }

  async function signOut(socket: TypedSocket): Promise<void> {
    const state = stateOf(socket);
    const advisor = state.advisor;
    if (!advisor) return;
    state.advisor = null;
    await socket.leave(advisorRoom(advisor.advisorId));
    await socket.leave(sessionRoom(advisor.sessionId));
    await socket.leave(ADMINS_ROOM);
    await presence.forget(socket.id);
  }

  /** The signed-in advisor of this socket, with the session re-checked now and then. */
  async function requireAdvisor(socket: TypedSocket): Promise<UserActor & { advisorId: string }> {
    const advisor = stateOf(socket).advisor;
    if (!advisor) throw unauthenticated();
    if (Date.now() - advisor.checkedAt >= SESSION_RECHECK_MS) {
      const user = await sessions.resolve(advisor.token);
      if (!user || user.advisorId !== advisor.advisorId) {
        await signOut(socket);
        socket.emit('error', { code: 'UNAUTHENTICATED', message: NOT_AUTHENTICATED });
        throw unauthenticated();
      }
      stateOf(socket).advisor = { ...user, token: advisor.token, checkedAt: Date.now() };
      return user;
    }
    return advisor;
  }

  /** The advisor when signed in, else the visitor holding this call's key on this socket. */
  async function actorFor(socket: TypedSocket, callId: string): Promise<CallActor> {
    const state = stateOf(socket);
    if (state.advisor) return { kind: 'user', user: await requireAdvisor(socket) };
    const clientKey = state.clientKeys.get(callId);
    if (clientKey) return { kind: 'client', clientKey };
    throw unauthenticated();
  }

  /** Parses, runs and answers one event; never throws into Socket.IO. */
  function handle<S extends z.ZodType>(
    socket: TypedSocket,
    event: string,
    schema: S,
    run: (payload: z.output<S>) => Promise<unknown>,
  ) {
    return (raw: unknown, ack?: unknown): void => {
      const reply = typeof ack === 'function' ? (ack as Ack) : null;
      const fail = (error: { code: string; message: string }) => {
        if (reply) reply({ ok: false, error });
        else socket.emit('error', error);
      };
      if (closed) return;
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
          if (!(err instanceof AppError)) log.error({ err, event }, 'socket event failed');
          fail(toWireError(err));
        },
      );
    };
  }

  io.on('connection', (socket: TypedSocket) => {
    const state = stateOf(socket);
    // Every incoming event counts; over the limit it is answered RATE_LIMITED and dropped, and a
    // client far over it is disconnected.
    socket.use((packet, next) => {
      eventsPerConnection.take(socket.id).then(
        ({ over, retryAfterSeconds }) => {
          if (over <= 0) {
            next();
            return;
          }
          const error = {
            code: 'RATE_LIMITED',
            message: `Too many events; wait ${retryAfterSeconds} s`,
          };
          const ack: unknown = packet[packet.length - 1];
          if (typeof ack === 'function') (ack as Ack)({ ok: false, error });
          else socket.emit('error', error);
          if (over >= SOCKET_EVENTS_PER_CONNECTION.points * (SOCKET_EVENTS_DISCONNECT_FACTOR - 1)) {
            log.warn({ address: addressOf(socket) }, 'socket disconnected: event flood');
            socket.disconnect(true);
          }
        },
        (err: unknown) => {
          log.error({ err }, 'socket event limit failed');
          next();
        },
      );
    });
    if (state.advisor) {
      const { token, checkedAt: _checkedAt, ...user } = state.advisor;
      signIn(socket, user, token).catch((err: unknown) => {
        log.error({ err }, 'advisor socket sign-in failed');
        socket.emit('error', toWireError(err));
      });
    }

    socket.on(
      'advisor:connect',
      handle(socket, 'advisor:connect', advisorConnectPayload, async ({ advisorId, token }) => {
        const user = await sessions.resolve(token);
        if (!user || user.advisorId !== advisorId) {
          socket.emit('error', { code: 'UNAUTHENTICATED', message: NOT_AUTHENTICATED });
          throw unauthenticated();
        }
        return signIn(socket, user, token);
      }),
    );

    socket.on(
      'advisor:status',
      handle(socket, 'advisor:status', advisorStatusPayload, async ({ advisorId, status }) => {
        const user = await requireAdvisor(socket);
        const advisor = await advisors.setStatus(advisorId, status, { actor: user });
        if (status === 'available') await calls.drainQueue();
        return { advisorId: advisor.advisorId, status: advisor.status };
      }),
    );

    socket.on(
      'call:accept',
      handle(socket, 'call:accept', callAcceptPayload, async ({ callId, advisorId }) =>
        calls.accept(await requireAdvisor(socket), callId, advisorId),
      ),
    );

    socket.on(
      'call:end',
      handle(socket, 'call:end', callEndPayload, async ({ callId, endedBy }) =>
        calls.end(await actorFor(socket, callId), callId, endedBy),
      ),
    );

    socket.on(
      'call:notes',
      handle(socket, 'call:notes', callNotesPayload, async ({ callId, notes, clientInfo }) =>
        calls.saveNotes(await requireAdvisor(socket), callId, { notes, clientInfo }),
      ),
    );

    socket.on(
      'client:connect',
      handle(
        socket,
        'client:connect',
        clientConnectPayload,
        async ({ callId, clientId, clientKey }) => {
          const call = await calls.verifyClient(callId, clientKey);
          state.clientKeys.set(callId, clientKey);
          await socket.join(callRoom(callId));
          const payload = { callId, clientId: clientId ?? call.clientId };
          if (call.advisorId) notifier.toAdvisor(call.advisorId, 'client:connected', payload);
          notifier.toAdmins('client:connected', payload);
          return call;
        },
      ),
    );

    socket.on(
      'call:request',
      handle(
        socket,
        'call:request',
        callRequestPayload,
        async ({ clientInfo, consent, language }) => {
          await requestsPerAddress.consume(addressOf(socket));
          const digits = phoneKey(clientInfo.phone ?? '');
          if (digits) await requestsPerPhone.consume(digits);
          const input = callRequestBodySchema.safeParse({
            name: clientInfo.name,
            phone: clientInfo.phone,
            email: clientInfo.email,
            subject: clientInfo.subject,
            message: clientInfo.message,
            consent,
            ...(language ? { language } : {}),
          });
          if (!input.success) {
            const issue = input.error.issues[0];
            throw new AppError(
              'VALIDATION_ERROR',
              400,
              `Invalid call:request payload: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
            );
          }
          const created = await calls.request(input.data);
          state.clientKeys.set(created.callId, created.clientKey);
          await socket.join(callRoom(created.callId));
          return created;
        },
      ),
    );

    socket.on(
      'call:status',
      handle(
        socket,
        'call:status',
        callStatusPayload,
        async ({ callId, status, additionalData }) => {
          const actor = await actorFor(socket, callId);
          const reason =
            typeof additionalData?.reason === 'string'
              ? additionalData.reason.slice(0, 500)
              : undefined;
          switch (status) {
            case 'accepted':
            case 'active':
              if (actor.kind !== 'user')
                throw new AppError('FORBIDDEN', 403, 'Only advisors accept calls');
              return calls.accept(actor.user, callId);
            case 'completed':
              return calls.end(actor, callId);
            case 'cancelled':
              return { result: await calls.cancel(actor, callId, reason) };
            case 'pending':
              throw new AppError('BAD_REQUEST', 400, 'A call cannot go back to pending');
            default: {
              const never: never = status;
              throw new AppError('BAD_REQUEST', 400, `Unknown status ${String(never)}`);
            }
          }
        },
      ),
    );

    socket.on(
      'call:typing',
      handle(socket, 'call:typing', callTypingPayload, async (p) => {
        const actor = await actorFor(socket, p.callId);
        const role =
          actor.kind === 'client'
            ? 'client'
            : actor.user.isAdmin && p.userType === 'admin'
              ? 'admin'
              : 'advisor';
        if (role !== p.userType)
          throw new AppError('FORBIDDEN', 403, `You cannot type as ${p.userType}`);
        // status() applies the same rule as GET /status: the key, the call's advisor or an admin.
        const call = await calls.status(actor, p.callId);
        let target = socket.to(callRoom(p.callId));
        if (call.advisorId) target = target.to(advisorRoom(call.advisorId));
        target.emit('call:typing', p);
        return null;
      }),
    );

    // The call's chat (issue 15 §1): the visitor after client:connect or call:request (her key is
    // remembered per call), the advisor who took the call, an admin.
    socket.on(
      'chat:join',
      handle(socket, 'chat:join', chatJoinPayload, async ({ callId }) =>
        chat.history(await actorFor(socket, callId), callId, () => socket.join(chatRoom(callId))),
      ),
    );

    socket.on(
      'chat:send',
      handle(socket, 'chat:send', chatSendPayload, async ({ callId, ...message }) => {
        const actor = await actorFor(socket, callId);
        // The others in the room hear it; this socket has it in its ack.
        const sent = await chat.send(actor, callId, message, { exceptSocketId: socket.id });
        return sent.message;
      }),
    );

    // The connection is what counts (presence.refresh); a closed one ages out after the grace.
    socket.on('disconnect', () => presence.disconnected(socket.id));

    // Heartbeat (SPEC: every 5 s). An advisor's pong is sent once their presence row is refreshed,
    // so a pong means "you are seen"; a visitor's pong is immediate.
    socket.on('ping', () => {
      if (closed) return;
      if (!state.advisor) {
        socket.emit('pong');
        return;
      }
      requireAdvisor(socket)
        .then((user) => presence.heartbeat(socket.id, user.advisorId))
        .then(
          () => socket.emit('pong'),
          (err: unknown) => {
            if (!(err instanceof AppError)) log.error({ err }, 'heartbeat failed');
            socket.emit('pong');
          },
        );
    });

    registerRtcHandlers(socket, {
      video: deps.video,
      clock: deps.clock,
      log,
      isRoomOpen: (callId, roomName) => calls.isRoomOpen(callId, roomName),
    });
    registerMediaStatsHandlers(socket, { mediaStats: deps.mediaStats, clock: deps.clock, log });
  });

  return {
    io,
    async close() {
      closed = true;
      // Not io.close(): that would also close Fastify's HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      if (redis) {
        await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
      }
    },
  };
}
