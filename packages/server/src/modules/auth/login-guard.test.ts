/**
 * How long an address stays known to an account (docs/product.md#sessions-and-sign-in): the
 * ceiling a guess from many addresses trips spares an address that signed in to the account within
 * KNOWN_ADDRESS_DAYS, and only that long. In memory, on a faked clock (the limiter's windows and
 * expiries are Date.now and timers).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { KNOWN_ADDRESS_DAYS, LOGIN_CEILING_FACTOR, createLoginGuard } from './login-guard.js';

const STRICT = 5;
const DAY_MS = 24 * 3600_000;

function guard() {
  return createLoginGuard(
    { limitStore: null, config: { loginAccountRateLimit: STRICT } as never },
    { audit: { record: vi.fn(() => Promise.resolve()) } as never },
  );
}

/** Trips the account-wide ceiling from strangers' addresses, each under its own strict limit. */
async function tripCeiling(g: ReturnType<typeof guard>, account: string): Promise<void> {
  const ceiling = STRICT * LOGIN_CEILING_FACTOR;
  for (let i = 0; i < ceiling; i++) await g.before(account, `203.0.113.${i % 250}`);
}

const refusal = (p: Promise<void>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

describe('login guard: known addresses', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it(`spares her usual address ${KNOWN_ADDRESS_DAYS} days less a minute after she signed in there`, async () => {
    const g = guard();
    await g.succeeded('ana@salon.pe', '198.51.100.5');
    vi.advanceTimersByTime(KNOWN_ADDRESS_DAYS * DAY_MS - 60_000);
    await tripCeiling(g, 'ana@salon.pe');
    expect(await refusal(g.before('ana@salon.pe', '198.51.100.77'))).toBe('RATE_LIMITED');
    expect(await refusal(g.before('ana@salon.pe', '198.51.100.5'))).toBeNull();
  });

  it(`no longer spares it ${KNOWN_ADDRESS_DAYS} days and a minute after`, async () => {
    const g = guard();
    await g.succeeded('ana@salon.pe', '198.51.100.5');
    vi.advanceTimersByTime(KNOWN_ADDRESS_DAYS * DAY_MS + 60_000);
    await tripCeiling(g, 'ana@salon.pe');
    expect(await refusal(g.before('ana@salon.pe', '198.51.100.5'))).toBe('RATE_LIMITED');
  });

  it('knows an address per account: signing in to one account spares nothing on another', async () => {
    const g = guard();
    await g.succeeded('ana@salon.pe', '198.51.100.5');
    await tripCeiling(g, 'rosa@salon.pe');
    expect(await refusal(g.before('rosa@salon.pe', '198.51.100.5'))).toBe('RATE_LIMITED');
  });
});
