import {
  PRESENCE_GRACE_MS,
  defaultSettings,
  type Settings,
  type SystemStatus,
} from '@belleza/contract';
import type { Config } from '../../config.js';
import type { Db, Dialect } from '../../db/kysely.js';
import type { Clock } from '../../lib/clock.js';
import { parseTurnUrl } from '../video/turn/ice-url.js';
import { mintTurnCredential } from '../video/turn/turn-credentials.js';
import {
  probeTurn as realProbeTurn,
  type TurnProbeOptions,
  type TurnProbeResult,
} from '../video/turn/turn-probe.js';
import type { Deps } from '../../deps.js';
import { createReadiness } from './readiness.js';
import { probeRedis } from './redis-probe.js';
import { pingDatabase, presenceCounts } from './system.repository.js';

export type SystemDeps = {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  config: Pick<Config, 'redisUrl' | 'turn' | 'smtp'>;
  instanceId: string;
  /** The settings service (unmasked values: the Daily credentials are checked, never returned). */
  settings: { get(): Promise<Settings> };
  /** How long the Redis ping may take before Redis counts as down. */
  redisTimeoutMs?: number;
  /** How long the TURN allocation may take before the TURN server counts as not answering. */
  turnTimeoutMs?: number;
  /** The TURN allocation check (tests may replace it). */
  probeTurn?: (options: TurnProbeOptions) => Promise<TurnProbeResult>;
  /** The limits' Redis connection (readiness PINGs it); without it readiness probes REDIS_URL. */
  limitStore?: Deps['limitStore'];
  /** Where failed readiness checks are logged (their details never reach the open route). */
  log?: Pick<Deps['log'], 'warn'>;
};

/** A finished TURN check: whether the allocation succeeded, on which URL, when it started. */
export type LastTurnCheck = { ok: boolean; url: string; at: string };

const REDIS_TIMEOUT_MS = 1500;
const TURN_TIMEOUT_MS = 3000;
/**
 * One TURN allocation per instance per 30 s at most, whatever the number of admin tabs refreshing
 * (the dashboard polls every 30 s); concurrent requests share the check in flight.
 */
export const TURN_CHECK_TTL_MS = 30_000;
/** The check's credential outlives the check generously, so modest clock skew is no false alarm. */
const TURN_CHECK_CREDENTIAL_MS = 10 * 60_000;
/** coturn logs this as the user of the check's allocation. */
const TURN_CHECK_PARTICIPANT = 'status-check';

const TURN_REASONS = {
  refused: 'turn_refused',
  failed: 'turn_failed',
  no_answer: 'turn_unreachable',
  unreachable: 'turn_unreachable',
} as const satisfies Record<Extract<TurnProbeResult, { ok: false }>['outcome'], string>;

const short = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, 200);

export function createSystemService(deps: SystemDeps) {
  const { db, dialect, clock, config, instanceId, settings } = deps;
  const redisTimeoutMs = deps.redisTimeoutMs ?? REDIS_TIMEOUT_MS;
  const probeTurn = deps.probeTurn ?? realProbeTurn;
  let turnCheck: { at: number; result: Promise<TurnProbeResult> } | undefined;
  /** The last TURN check that finished: what readiness and the metrics report, never re-checked. */
  let lastTurn: LastTurnCheck | null = null;

  /** One real allocation against the first TURN URL, with a credential minted for the check. */
  function checkTurn(turn: NonNullable<Config['turn']>): Promise<TurnProbeResult> {
    const now = clock.now();
    if (turnCheck && now.getTime() - turnCheck.at < TURN_CHECK_TTL_MS) return turnCheck.result;
    const url = turn.urls[0] ?? '';
    const target = parseTurnUrl(url);
    const result = target
      ? probeTurn({
          target,
          ...mintTurnCredential(
            turn.secret,
            TURN_CHECK_PARTICIPANT,
            new Date(now.getTime() + TURN_CHECK_CREDENTIAL_MS),
          ),
          timeoutMs: deps.turnTimeoutMs ?? TURN_TIMEOUT_MS,
        })
      : Promise.resolve<TurnProbeResult>({
          ok: false,
          url,
          outcome: 'unreachable',
          detail: `not a TURN URL: ${url}`,
        });
    turnCheck = { at: now.getTime(), result };
    void result.then(
      (r) => {
        lastTurn = { ok: r.ok, url: r.url, at: now.toISOString() };
      },
      () => undefined,
    );
    return result;
  }

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
    const unchecked = {
      atRisk: false,
      turn: { configured: config.turn !== undefined, reachable: null, allocationMs: null },
    };
    let current: Settings;
    try {
      current = await settings.get();
    } catch (err) {
      return {
        ok: false,
        reason: 'settings_unreadable',
        detail: short(err),
        provider: defaultSettings.video.provider,
        ...unchecked,
      };
    }
    const { provider } = current.video;
    if (provider === 'daily')
      return current.daily.apiKey && current.daily.domain
        ? { ok: true, reason: null, detail: current.daily.domain, provider, ...unchecked }
        : {
            ok: false,
            reason: 'not_configured',
            detail: 'Daily.co needs an API key and a domain',
            provider,
            ...unchecked,
          };
    if (!config.turn)
      // Works on one network; visitors behind carrier NAT or strict NAT will not connect.
      return {
        ok: true,
        reason: 'no_turn',
        detail: 'No TURN server configured (TURN_URLS, TURN_SECRET)',
        provider,
        ...unchecked,
        atRisk: true,
      };
    const check = await checkTurn(config.turn);
    if (check.ok)
      return {
        ok: true,
        reason: null,
        detail: `TURN ${check.url}: allocation in ${check.allocationMs} ms`,
        provider,
        atRisk: false,
        turn: { configured: true, reachable: true, allocationMs: check.allocationMs },
      };
    // 'reachable' says whether the server answered at all; the reason says what went wrong.
    const answered = check.outcome === 'refused' || check.outcome === 'failed';
    return {
      ok: false,
      reason: TURN_REASONS[check.outcome],
      detail: check.detail,
      provider,
      atRisk: false,
      turn: { configured: true, reachable: answered, allocationMs: null },
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
      email: config.smtp
        ? { ok: true, reason: null, detail: null, configured: true }
        : { ok: true, atRisk: true, reason: 'email_off', detail: null, configured: false },
      websocket: websocket_,
    };
  }

  const readiness = createReadiness({
    db,
    redisUrl: config.redisUrl,
    limitStore: deps.limitStore ?? null,
    log: deps.log ?? { warn: () => undefined },
    timeoutMs: redisTimeoutMs,
    lastTurnCheck: () => lastTurn,
  });

  return {
    getStatus,
    /** Whether this instance may take traffic (GET /readyz); see readiness.ts. */
    readiness,
    /** The last finished TURN check of the status panel, or null: read, never made, here. */
    lastTurnCheck: (): LastTurnCheck | null => lastTurn,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
