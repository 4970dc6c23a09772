import {
  PRESENCE_GRACE_MS,
  defaultSettings,
  type Settings,
  type SystemStatus,
} from '@belleza/contract';
import type { Config } from '../../config.js';
import type { Db, Dialect } from '../../db/kysely.js';
import type { Clock } from '../../lib/clock.js';
import { probeRedis } from './redis-probe.js';
import { pingDatabase, presenceCounts } from './system.repository.js';

export type SystemDeps = {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  config: Pick<Config, 'redisUrl'>;
  instanceId: string;
  /** The settings service (unmasked values: the Daily credentials are checked, never returned). */
  settings: { get(): Promise<Settings> };
  /** How long the Redis ping may take before Redis counts as down. */
  redisTimeoutMs?: number;
};

const REDIS_TIMEOUT_MS = 1500;

const short = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, 200);

export function createSystemService(deps: SystemDeps) {
  const { db, dialect, clock, config, instanceId, settings } = deps;
  const redisTimeoutMs = deps.redisTimeoutMs ?? REDIS_TIMEOUT_MS;

  async function database(): Promise<SystemStatus['database']> {
    try {
      await pingDatabase(db);
      return { ok: true, reason: null, detail: null, dialect };
    } catch (err) {
      return { ok: false, reason: 'unreachable', detail: short(err), dialect };
    }
  }

  async function redis(): Promise<SystemStatus['redis']> {
    if (!config.redisUrl)
      return {
        ok: true,
        reason: null,
        detail: 'single instance (no REDIS_URL)',
        configured: false,
      };
    const probe = await probeRedis(config.redisUrl, redisTimeoutMs);
    return probe.ok
      ? { ok: true, reason: null, detail: null, configured: true }
      : { ok: false, reason: probe.reason, detail: probe.detail, configured: true };
  }

  async function video(): Promise<SystemStatus['video']> {
    let current: Settings;
    try {
      current = await settings.get();
    } catch (err) {
      return {
        ok: false,
        reason: 'settings_unreadable',
        detail: short(err),
        provider: defaultSettings.video.provider,
      };
    }
    const { provider } = current.video;
    if (provider === 'builtin') return { ok: true, reason: null, detail: null, provider };
    return current.daily.apiKey && current.daily.domain
      ? { ok: true, reason: null, detail: current.daily.domain, provider }
      : {
          ok: false,
          reason: 'not_configured',
          detail: 'Daily.co needs an API key and a domain',
          provider,
        };
  }

  async function websocket(): Promise<SystemStatus['websocket']> {
    const since = new Date(clock.now().getTime() - PRESENCE_GRACE_MS).toISOString();
    try {
      const counts = await presenceCounts(db, since);
      return { ok: true, reason: null, detail: null, ...counts };
    } catch (err) {
      return {
        ok: false,
        reason: 'presence_unreadable',
        detail: short(err),
        connections: 0,
        connectedAdvisors: 0,
      };
    }
  }

  /** Live status of every component; each check reports its own failure instead of failing the whole answer. */
  async function getStatus(): Promise<SystemStatus> {
    const [db_, redis_, video_, websocket_] = await Promise.all([
      database(),
      redis(),
      video(),
      websocket(),
    ]);
    return {
      // Answering at all proves the backend is up.
      backend: { ok: true, reason: null, detail: `instance ${instanceId}` },
      database: db_,
      redis: redis_,
      video: video_,
      websocket: websocket_,
    };
  }

  return { getStatus };
}

export type SystemService = ReturnType<typeof createSystemService>;
