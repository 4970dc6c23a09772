/**
 * Abuse limits (docs/product.md#rate-limits) in one place: what is limited, by what key, how much.
 * HTTP routes use @fastify/rate-limit (its store is Redis when REDIS_URL is set); sockets use
 * rate-limiter-flexible (Redis-backed too, with an in-memory fallback while Redis is unreachable).
 * Every refusal is a 429 RATE_LIMITED with the seconds to wait.
 */
import { createHash } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from './app-error.js';

/** Sign-in: per client address (any account)… */
export const LOGIN_PER_ADDRESS = { max: 30, timeWindow: 60_000 } as const;
/**
 * …and per account (any address): slows a guess spread over many addresses to 10 tries per
 * 5 minutes, while the real person is kept out for 5 minutes at most.
 */
export const LOGIN_PER_ACCOUNT = { max: 10, timeWindow: 5 * 60_000 } as const;
/** Call and callback requests per phone number (digits only), whatever the address: the window (the count is CALL_REQUEST_PHONE_LIMIT). */
export const REQUESTS_PER_PHONE_WINDOW_MS = 10 * 60_000;
/**
 * The visitor's summary opens with a key in a header: requests per client address and minute on
 * each of its routes, so keys cannot be tried in bulk (its photos apart: a summary page loads every
 * photo of the chat).
 */
export const SUMMARY_REQUESTS_PER_ADDRESS = { max: 60, timeWindow: 60_000 } as const;
export const SUMMARY_PHOTOS_PER_ADDRESS = { max: 300, timeWindow: 60_000 } as const;
/**
 * Appointments: slots, bookings and the manage routes (a key in a header) per client address and
 * minute, so keys cannot be tried in bulk nor the calendar filled by a script.
 */
export const APPOINTMENT_REQUESTS_PER_ADDRESS = { max: 60, timeWindow: 60_000 } as const;
/**
 * Confirmation links of visitors' e-mail addresses used per client address and minute: a token
 * cannot be guessed, and nobody has many addresses to confirm.
 */
export const EMAIL_CONFIRMATIONS_PER_ADDRESS = { max: 10, timeWindow: 60_000 } as const;
/** New socket connections per client address and minute (reconnects included). */
export const SOCKET_CONNECTIONS_PER_ADDRESS = { points: 60, duration: 60 } as const;
/**
 * Events per connection: 100 per 10 s covers trickle-ICE bursts and typing indicators; a client
 * that sends three times that in a window is disconnected.
 */
export const SOCKET_EVENTS_PER_CONNECTION = { points: 100, duration: 10 } as const;
export const SOCKET_EVENTS_DISCONNECT_FACTOR = 3;

/**
 * Chat photos per client address and minute, whoever sends them and to whichever call: each one is
 * decoded, so one address cannot keep a core busy by spreading uploads over calls and senders
 * (each sender also has CHAT_IMAGE_RATE_MAX per call). Counted once the body is in, before it is
 * decoded.
 */
export const CHAT_IMAGES_PER_ADDRESS = { points: 30, duration: 60 } as const;
/** How long a call's allowance of photos while waiting is remembered: longer than any wait. */
export const WAITING_PHOTOS_MEMORY_S = 24 * 60 * 60;

/** Digits of a phone number: the same person however she types it. */
export const phoneKey = (phone: string): string => phone.replace(/\D/g, '');

/**
 * What is kept of a client address for the caps on what she leaves open (calls waiting, bookings):
 * a hash, so the table lists no addresses.
 */
export const addressHash = (address: string): string =>
  createHash('sha256').update(`client-address|${address}`).digest('hex');

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, 'Too many requests, try again shortly', {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });

export type Limiter = {
  /** Counts one for `key`; throws RATE_LIMITED (429) when the key is over its limit. */
  consume(key: string): Promise<void>;
  /** Like consume, but answers instead of throwing: how far over (0 when allowed) and the wait. */
  take(key: string): Promise<{ over: number; retryAfterSeconds: number }>;
};

/**
 * rate-limiter-flexible's counter named `name`: in Redis when given one, so every instance counts
 * together (in this process's memory while Redis is unreachable), else in memory.
 */
export function sharedRateLimiter(
  name: string,
  opts: { points: number; duration: number },
  redis: Redis | null,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: name, ...opts });
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `belleza-${name}`,
        insuranceLimiter: memory,
        ...opts,
      })
    : memory;
}

/** A limiter shared through Redis when given one (in memory while Redis is down), else per process. */
export function createLimiter(
  name: string,
  opts: { points: number; duration: number },
  redis: Redis | null,
): Limiter {
  const limiter = sharedRateLimiter(name, opts, redis);

  async function take(key: string): Promise<{ over: number; retryAfterSeconds: number }> {
    try {
      await limiter.consume(key);
      return { over: 0, retryAfterSeconds: 0 };
    } catch (res) {
      if (res instanceof RateLimiterRes)
        return {
          over: res.consumedPoints - opts.points,
          retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        };
      throw res;
    }
  }

  return {
    take,
    async consume(key) {
      const { over, retryAfterSeconds } = await take(key);
      if (over > 0) throw rateLimited(retryAfterSeconds);
    },
  };
}

/**
 * The visitor's requests for a call or a callback, by whichever way they come (HTTP or the socket)
 * and to whichever instance: one count per client address and minute, and one per phone number
 * (digits) over REQUESTS_PER_PHONE_WINDOW_MS. Made once per process and handed to both transports,
 * so five requests over HTTP and five over the socket are ten from that address, not twice five.
 */
export type VisitorRequestLimits = {
  /** Counts one request from `address` for `phone` (any value: digits are read from a string). */
  consume(address: string, phone: unknown): Promise<void>;
};

export function createVisitorRequestLimits(
  config: { callRequestRateLimit: number; callRequestPhoneLimit: number },
  store: Redis | null,
): VisitorRequestLimits {
  const perAddress = createLimiter(
    'visitor-request',
    { points: config.callRequestRateLimit, duration: 60 },
    store,
  );
  const perPhone = createLimiter(
    'visitor-request-phone',
    { points: config.callRequestPhoneLimit, duration: REQUESTS_PER_PHONE_WINDOW_MS / 1000 },
    store,
  );
  return {
    async consume(address, phone) {
      await perAddress.consume(address);
      const digits = typeof phone === 'string' ? phoneKey(phone) : '';
      if (digits) await perPhone.consume(digits);
    },
  };
}

/** The HTTP side of the visitor's limits: counted before the body is validated, like a socket's. */
export const visitorRequestLimit =
  (limits: VisitorRequestLimits): preHandlerAsyncHookHandler =>
  async (req) => {
    await limits.consume(req.ip, (req.body as { phone?: unknown } | undefined)?.phone);
  };

/**
 * A fixed number of things per key (e.g. photos on a call before it is answered), shared through
 * Redis like the limiters. `reserve` takes one atomically, so requests arriving together cannot
 * all pass; `release` gives one back when the thing did not happen after all (a refused photo);
 * `exhausted` tells whether none is left, without taking one.
 */
export type Allowance = {
  reserve(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  exhausted(key: string): Promise<boolean>;
};

export function createAllowance(
  name: string,
  opts: { points: number; duration: number },
  redis: Redis | null,
): Allowance {
  const counter = sharedRateLimiter(name, opts, redis);

  return {
    async reserve(key) {
      try {
        await counter.consume(key);
        return true;
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        // A refusal counts nothing: take back the point it added.
        await counter.reward(key, 1);
        return false;
      }
    },
    async release(key) {
      await counter.reward(key, 1);
    },
    async exhausted(key) {
      const res = await counter.get(key);
      return (res?.consumedPoints ?? 0) >= opts.points;
    },
  };
}
