/**
 * The abuse limits' counters on their own (in memory, as a single instance without Redis runs
 * them): what a client over a limit is told, which requests count together, and that an allowance
 * refused is not an allowance used. The routes and sockets that use them have their own tests.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import {
  addressHash,
  createAllowance,
  createLimiter,
  createVisitorRequestLimits,
  phoneKey,
  rateLimited,
} from './limits.js';

let seq = 0;
/** Each test's counters under their own name: the in-memory store is per name and key. */
const fresh = (name: string) => `${name}-${++seq}`;

async function refusal(attempt: Promise<unknown>): Promise<AppError> {
  const err: unknown = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('rateLimited', () => {
  it('is a 429 RATE_LIMITED telling whole seconds to wait, at least one', () => {
    const err = rateLimited(4.1);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(err.details).toEqual({ retryAfterSeconds: 5 });
    expect(rateLimited(0.2).details).toEqual({ retryAfterSeconds: 1 });
    expect(rateLimited(0).details).toEqual({ retryAfterSeconds: 1 });
  });
});

describe('createLimiter', () => {
  it('lets `points` through per key, then refuses with the seconds left in the window', async () => {
    const limiter = createLimiter(fresh('limiter'), { points: 2, duration: 60 }, null);
    await limiter.consume('a');
    await limiter.consume('a');
    const err = await refusal(limiter.consume('a'));
    expect(err.code).toBe('RATE_LIMITED');
    const { retryAfterSeconds } = err.details as { retryAfterSeconds: number };
    // (Most of the minute: a busy machine may take a few seconds between the two lines.)
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(50);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own count.
    await expect(limiter.consume('b')).resolves.toBeUndefined();
  });

  it('tells how far over the limit a key is, without throwing', async () => {
    const limiter = createLimiter(fresh('take'), { points: 1, duration: 10 }, null);
    expect(await limiter.take('a')).toEqual({ over: 0, retryAfterSeconds: 0 });
    const once = await limiter.take('a');
    expect(once.over).toBe(1);
    expect(once.retryAfterSeconds).toBeGreaterThanOrEqual(5);
    expect(once.retryAfterSeconds).toBeLessThanOrEqual(10);
    expect((await limiter.take('a')).over).toBe(2);
  });
});

describe("the visitor's call and callback requests", () => {
  it('count one phone number however it is typed, whatever the address', async () => {
    const limits = createVisitorRequestLimits(
      { callRequestRateLimit: 100, callRequestPhoneLimit: 2 },
      null,
    );
    const address = fresh('10.0.0.');
    await limits.consume(`${address}1`, '+51 987 654 321');
    await limits.consume(`${address}2`, '51-987-654-321');
    const err = await refusal(limits.consume(`${address}3`, '(51) 987654321'));
    expect(err.code).toBe('RATE_LIMITED');
    // Another number from the same addresses is not held back by hers.
    await expect(limits.consume(`${address}1`, '+51 912 345 678')).resolves.toBeUndefined();
  });

  it('count every request of one address, whichever phone (or none) it gives', async () => {
    const limits = createVisitorRequestLimits(
      { callRequestRateLimit: 3, callRequestPhoneLimit: 100 },
      null,
    );
    const address = fresh('10.1.0.1-');
    await limits.consume(address, '911111111');
    await limits.consume(address, undefined);
    await limits.consume(address, 922222222);
    expect((await refusal(limits.consume(address, '933333333'))).code).toBe('RATE_LIMITED');
    await expect(limits.consume(fresh('10.2.0.1-'), '933333333')).resolves.toBeUndefined();
  });

  it('leave a phone number without digits out of the per-number count', async () => {
    const limits = createVisitorRequestLimits(
      { callRequestRateLimit: 100, callRequestPhoneLimit: 1 },
      null,
    );
    const address = fresh('10.3.0.');
    await limits.consume(`${address}1`, 'no number');
    await expect(limits.consume(`${address}2`, 'still none')).resolves.toBeUndefined();
  });
});

describe('createAllowance', () => {
  it('gives `points` per key; a refusal uses none and a release gives one back', async () => {
    const allowance = createAllowance(fresh('allowance'), { points: 2, duration: 60 }, null);
    expect(await allowance.exhausted('call')).toBe(false);
    expect(await allowance.reserve('call')).toBe(true);
    expect(await allowance.exhausted('call')).toBe(false);
    expect(await allowance.reserve('call')).toBe(true);
    expect(await allowance.exhausted('call')).toBe(true);
    expect(await allowance.reserve('call')).toBe(false);
    expect(await allowance.reserve('call')).toBe(false);
    // Two refusals later, one release is enough for one more: the refusals took nothing.
    await allowance.release('call');
    expect(await allowance.exhausted('call')).toBe(false);
    expect(await allowance.reserve('call')).toBe(true);
    expect(await allowance.reserve('call')).toBe(false);
    expect(await allowance.reserve('another call')).toBe(true);
  });
});

describe('keys', () => {
  it('reads only the digits of a phone number', () => {
    expect(phoneKey('+51 (987) 654-321')).toBe('51987654321');
  });

  it('keeps a hash of a client address, never the address', () => {
    const hash = addressHash('203.0.113.7');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('203.0.113.7');
    expect(addressHash('203.0.113.7')).toBe(hash);
    expect(addressHash('203.0.113.8')).not.toBe(hash);
  });
});
