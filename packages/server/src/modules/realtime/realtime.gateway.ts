/**
 * Socket.IO on Fastify's HTTP server (path /socket.io). The gateway authenticates and hands over:
 * it sets up the server, the Redis adapter (with REDIS_URL room emits fan out across instances),
 * the abuse limits, the advisor's session and presence (realtime.session.ts), then lets each
 * module register its own events on every connected socket (`<module>.socket.ts`) through one
 * socket context (socket-context.ts): payloads parsed with their contract schema, a refusal
 * answered through the ack (`{ok:false,error}`) or, without one, an 'error' event.
 */
import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@belleza/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { clientAddressOf, trustFunction } from '../../lib/client-address.js';
import type { Notifier } from '../../lib/notifier.js';
import { registerAdvisorsHandlers } from '../advisors/advisors.socket.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { CallsService } from '../calls/calls.service.js';
import { registerCallsHandlers } from '../calls/calls.socket.js';
import type { VisitorRequestLimits } from '../../lib/limits.js';
import { registerChatHandlers, type ChatSocketDeps } from '../chat/chat.socket.js';
import { registerMediaStatsHandlers } from '../video/media-stats.socket.js';
import type { MediaStatsService } from '../video/media-stats.service.js';
import { registerRtcHandlers, type RtcSocketDeps } from '../video/video.socket.js';
import type { PresenceService } from './presence.service.js';
import { createEventLimit, limitConnections } from './realtime.limits.js';
import type { TypedServer } from './realtime.notifier.js';
import { authenticateHandshake, registerSessionHandlers, signOut } from './realtime.session.js';
import { createSocketContext, createSocketStates, type TypedSocket } from './socket-context.js';

export type RealtimeDeps = {
  config: Pick<Config, 'publicUrl' | 'redisUrl' | 'socketConnectionRateLimit' | 'trustProxy'>;
  clock: Clock;
  log: FastifyBaseLogger;
  notifier: Notifier;
  sessions: Pick<SessionsService, 'resolve'>;
  advisors: Pick<AdvisorsService, 'setStatus' | 'findActiveRow'>;
  calls: CallsService;
  presence: PresenceService;
  video: RtcSocketDeps['video'];
  mediaStats: Pick<MediaStatsService, 'record'>;
  chat: ChatSocketDeps['chat'];
  /** the visitor's call requests, counted with the HTTP ones */
  requestLimits: VisitorRequestLimits;
};

/** How long a shutdown waits for the requests in flight before it closes their connections. */
export const DRAIN_MS = 10_000;

export type Realtime = { io: TypedServer; close: () => Promise<void> };

type RedisClients = { pub: Redis; sub: Redis; adapterPub: Redis };

/** The Socket.IO server, and the Redis clients of its adapter when REDIS_URL is set. */
function createServer(
  server: HttpServer,
  deps: RealtimeDeps,
): { io: TypedServer; redis: RedisClients | null } {
  const io: TypedServer = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: deps.config.publicUrl, credentials: true },
    // The server pings; the browser answers on receipt (no page timer involved, so a background
    // tab answers too). A connection that died silently closes within 20 s, and presence follows.
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });
  if (!deps.config.redisUrl) return { io, redis: null };
  // The limits' client: its commands fail after a few retries, and the limits skip on errors.
  const pub = new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 3 });
  // The adapter calls its clients without awaiting them: a command that failed while Redis is away
  // would reject with nobody to catch it, and end the process. Its subscriber waits for Redis
  // however long it takes (and subscribes again after each reconnection); its publisher drops what
  // cannot be sent and says so (the pages catch up on reconnect, as after any lost event).
  const sub = pub.duplicate({ maxRetriesPerRequest: null });
  const adapterPub = pub.duplicate();
  const publish = adapterPub.publish.bind(adapterPub);
  adapterPub.publish = (channel: string, message: string | Buffer) =>
    publish(channel, message).catch((err: unknown) => {
      deps.log.warn({ err }, 'redis (socket.io adapter) publish failed');
      return 0;
    });
  for (const client of [pub, sub, adapterPub])
    client.on('error', (err) => deps.log.warn({ err }, 'redis (socket.io adapter) error'));
  io.adapter(createAdapter(adapterPub, sub));
  return { io, redis: { pub, sub, adapterPub } };
}

export function attachRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const { calls, presence, log } = deps;
  const { io, redis } = createServer(server, deps);
  const stateOf = createSocketStates();
  let closed = false;

  // Abuse limits (lib/limits.ts), shared through Redis when configured.
  const trust = trustFunction(deps.config.trustProxy);
  const addressOf = (socket: TypedSocket): string => clientAddressOf(socket.request, trust);
  const limitStore = redis?.pub ?? null;
  const limitEvents = createEventLimit(addressOf, log);
  io.use(limitConnections(deps.config.socketConnectionRateLimit, limitStore, addressOf, log));
  io.use(authenticateHandshake(deps, stateOf));

  io.on('connection', (socket: TypedSocket) => {
    // Every incoming event counts, whichever module handles it.
    socket.use(limitEvents(socket));
    const state = stateOf(socket);
    const ctx = createSocketContext(socket, state, {
      sessions: deps.sessions,
      log,
      isClosed: () => closed,
      signOut: () => signOut(socket, state, presence),
    });
    registerSessionHandlers(ctx, deps);
    registerAdvisorsHandlers(ctx, deps);
    registerCallsHandlers(ctx, {
      calls,
      notifier: deps.notifier,
      limits: deps.requestLimits,
      addressOf: () => addressOf(socket),
      presence,
      log,
    });
    registerChatHandlers(ctx, deps);
    registerRtcHandlers(socket, {
      video: deps.video,
      clock: deps.clock,
      log,
      isRoomOpen: (callId, roomName) => calls.isRoomOpen(callId, roomName),
      // An admin's token lets her in only while she is an admin (a demotion outlives no token).
      mayJoin: async (claims) =>
        claims.type !== 'admin' || (await deps.advisors.findActiveRow(claims.id))?.isAdmin === true,
      isClosing: () => closed,
    });
    registerMediaStatsHandlers(socket, { mediaStats: deps.mediaStats, clock: deps.clock, log });
  });

  return {
    io,
    async close() {
      closed = true;
      // Not io.close(): that would also close Fastify's HTTP server, which Fastify closes itself.
      // The transports close, not the sockets: each page hears a lost connection (not a server's
      // "disconnect", after which Socket.IO never reconnects) and joins again at once, on another
      // instance or on this one when it is back; meanwhile nothing here tells anybody it left.
      // First no new connection (a page joining again must not land here), then the transports;
      // requests in flight end (Fastify answers new ones on open connections 503 and closes them),
      // at most DRAIN_MS, before the adapter and Redis go.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      io.engine.close();
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        drained,
        new Promise<void>((resolve) => {
          bound = setTimeout(resolve, DRAIN_MS);
        }),
      ]);
      clearTimeout(bound);
      server.closeAllConnections();
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      if (redis) {
        await Promise.allSettled([redis.pub.quit(), redis.sub.quit(), redis.adapterPub.quit()]);
      }
    },
  };
}
