/**
 * Who may try a password now, and telling admins when an account is under attack
 * (docs/product.md#sessions-and-sign-in). Besides the per-address limit of the route (any account),
 * counted in LOGIN_PER_ACCOUNT's window:
 *   - account + address, strict (`loginAccountRateLimit` tries): one device guessing is stopped
 *     quickly, and only that device; the real person elsewhere still signs in;
 *   - account, any address: a ceiling LOGIN_CEILING_FACTOR times higher, for a guess spread over
 *     many addresses. It spares an address that signed in to this account within
 *     KNOWN_ADDRESS_DAYS, so the real person on her usual device is never kept out by strangers.
 * The audit log gets one 'auth.under_attack' entry per window when the ceiling trips, and one when
 * ATTACKING_ADDRESSES addresses have each failed REPEATED_FAILURES times.
 *
 *   before(account, address)     throws RATE_LIMITED (429) with the wait
 *   failed(account, address)     after a wrong password
 *   succeeded(account, address)  after a right one: the address becomes a known one
 *
 * Counts go through Redis when the app has one (in memory while it is unreachable), so every
 * instance sees the same numbers and a crossing happens once.
 */
import { LOGIN_ATTACK_ACTION } from '@belleza/contract';
import type { Redis } from 'ioredis';
import type { Deps } from '../../deps.js';
import { LOGIN_PER_ACCOUNT, rateLimited, sharedRateLimiter } from '../../lib/limits.js';
import type { AuditService } from '../audit/audit.service.js';

/** The account-wide ceiling is this many times the account + address limit. */
export const LOGIN_CEILING_FACTOR = 10;
/**
 * An address that signed in to an account keeps passing its ceiling this long after the first
 * sign-in of the period (the next one after it starts another). Under 24.8 days: the in-memory
 * store expires a key with a timer, which Node cannot set longer.
 */
export const KNOWN_ADDRESS_DAYS = 14;
/** Failures from one address that make it one of the addresses attacking an account… */
export const REPEATED_FAILURES = 3;
/** …and how many such addresses in a window make an audit entry. */
export const ATTACKING_ADDRESSES = 3;

type Counter = {
  /** Counts one for `key`: the count in the current window and the seconds until it ends. */
  hit(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  /** Whether `key` was counted in the current window (counts nothing). */
  seen(key: string): Promise<boolean>;
};

function createCounter(name: string, durationSeconds: number, redis: Redis | null): Counter {
  // A counter is a limiter that never refuses: the caller decides from the count.
  const limiter = sharedRateLimiter(
    name,
    { points: Number.MAX_SAFE_INTEGER, duration: durationSeconds },
    redis,
  );
  return {
    async hit(key) {
      const res = await limiter.consume(key);
      return {
        count: res.consumedPoints,
        retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      };
    },
    async seen(key) {
      const res = await limiter.get(key);
      return res !== null && res.consumedPoints > 0;
    },
  };
}

export function createLoginGuard(
  deps: Pick<Deps, 'limitStore' | 'config'>,
  services: { audit: AuditService },
) {
  const windowSeconds = LOGIN_PER_ACCOUNT.timeWindow / 1000;
  const strictMax = deps.config.loginAccountRateLimit;
  const ceiling = strictMax * LOGIN_CEILING_FACTOR;
  const store = deps.limitStore;
  const perPair = createCounter('login-pair', windowSeconds, store);
  const perAccount = createCounter('login-account', windowSeconds, store);
  const failuresPerPair = createCounter('login-pair-failures', windowSeconds, store);
  const attackingAddresses = createCounter('login-attackers', windowSeconds, store);
  const known = createCounter('login-known', KNOWN_ADDRESS_DAYS * 24 * 3600, store);
  const pairKey = (account: string, address: string) => `${account}|${address}`;

  const underAttack = (account: string, details: Record<string, unknown>) =>
    services.audit.record(null, LOGIN_ATTACK_ACTION, account, {
      ...details,
      windowMinutes: windowSeconds / 60,
    });

  return {
    async before(account: string, address: string): Promise<void> {
      const pair = await perPair.hit(pairKey(account, address));
      if (pair.count > strictMax) throw rateLimited(pair.retryAfterSeconds);
      // Tries stopped above never reach the ceiling: one address cannot trip it alone.
      const all = await perAccount.hit(account);
      if (all.count === ceiling + 1)
        await underAttack(account, { reason: 'account_ceiling', attempts: all.count });
      if (all.count > ceiling && !(await known.seen(pairKey(account, address))))
        throw rateLimited(all.retryAfterSeconds);
    },

    async failed(account: string, address: string): Promise<void> {
      const failures = await failuresPerPair.hit(pairKey(account, address));
      if (failures.count !== REPEATED_FAILURES) return;
      const addresses = await attackingAddresses.hit(account);
      if (addresses.count === ATTACKING_ADDRESSES)
        await underAttack(account, {
          reason: 'many_addresses',
          addresses: addresses.count,
          failuresEach: REPEATED_FAILURES,
        });
    },

    async succeeded(account: string, address: string): Promise<void> {
      await known.hit(pairKey(account, address));
    },
  };
}
