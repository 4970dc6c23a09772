/**
 * The gateway's abuse limits (figures in lib/limits.ts): new connections per client address,
 * shared through Redis when configured, and events per connection, counted in this process (the
 * connection lives here). An event over the limit is answered RATE_LIMITED and dropped; a client
 * far over it is disconnected.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Event } from 'socket.io';
import {
  createLimiter,
  SOCKET_CONNECTIONS_PER_ADDRESS,
  SOCKET_EVENTS_DISCONNECT_FACTOR,
  SOCKET_EVENTS_PER_CONNECTION,
} from '../../lib/limits.js';
import type { Ack, TypedSocket } from './socket-context.js';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** Handshake middleware: more new connections from one address than allowed are refused. */
export function limitConnections(
  points: number,
  store: Redis | null,
  addressOf: (socket: TypedSocket) => string,
  log: Log,
) {
  const perAddress = createLimiter(
    'socket-conn',
    { points, duration: SOCKET_CONNECTIONS_PER_ADDRESS.duration },
    store,
  );
  return (socket: TypedSocket, next: (err?: Error) => void): void => {
    perAddress.take(addressOf(socket)).then(
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
  };
}

/** Makes the per-socket middleware counting every incoming event of a connection. */
export function createEventLimit(addressOf: (socket: TypedSocket) => string, log: Log) {
  const perConnection = createLimiter('socket-events', SOCKET_EVENTS_PER_CONNECTION, null);
  return (socket: TypedSocket) =>
    (packet: Event, next: (err?: Error) => void): void => {
      perConnection.take(socket.id).then(
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
    };
}
