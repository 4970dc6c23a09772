/**
 * Readiness (`GET /readyz`): may this instance take traffic? The database answers `select 1`, and
 * Redis, when REDIS_URL is set, answers PING (on the connection the limits already keep); each
 * within a bound. The route is open, so the answer names each check and why it failed, never an
 * address or an error's text: those go to the log. The last TURN check of the status panel is
 * reported when there is one; TURN never makes the instance unready (calls on one network still
 * work, and taking the instance out of the pool would not bring TURN back).
 */
import type { Readiness } from '@belleza/contract';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/kysely.js';
import type { Deps } from '../../deps.js';
import { probeRedis } from './redis-probe.js';
import { pingDatabase } from './system.repository.js';

type Check = Readiness['checks']['database'];

export type ReadinessDeps = {
  db: Db;
  redisUrl: string | undefined;
  /** the limits' Redis connection; without one (a bare service) Redis is probed on its own */
  limitStore: Redis | null;
  log: Pick<Deps['log'], 'warn'>;
  timeoutMs: number;
  /** the last TURN check the status panel made, if any (never a new one) */
  lastTurnCheck: () => { ok: boolean; at: string } | null;
};

class CheckTimeout extends Error {}

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(deps: ReadinessDeps): () => Promise<Readiness> {
  const { db, redisUrl, limitStore, log, timeoutMs } = deps;

  async function check(name: string, work: () => Promise<unknown>): Promise<Check> {
    try {
      await within(work(), timeoutMs);
      return { ok: true, reason: null };
    } catch (err) {
      log.warn({ err, check: name }, 'readiness check failed');
      return { ok: false, reason: err instanceof CheckTimeout ? 'timeout' : 'unreachable' };
    }
  }

  async function pingRedis(url: string): Promise<void> {
    if (limitStore) {
      await limitStore.ping();
      return;
    }
    const probe = await probeRedis(url, timeoutMs);
    if (!probe.ok)
      throw probe.reason === 'timeout' ? new CheckTimeout(probe.detail) : new Error(probe.detail);
  }

  return async () => {
    const [database, redis] = await Promise.all([
      check('database', () => pingDatabase(db)),
      redisUrl ? check('redis', () => pingRedis(redisUrl)) : Promise.resolve(undefined),
    ]);
    const turn = deps.lastTurnCheck();
    const ready = database.ok && (redis?.ok ?? true);
    return {
      status: ready ? 'ready' : 'unavailable',
      checks: {
        database,
        ...(redis ? { redis } : {}),
        ...(turn ? { turn: { ok: turn.ok, checkedAt: turn.at } } : {}),
      },
    };
  };
}
