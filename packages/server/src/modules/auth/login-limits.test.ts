/**
 * Sign-in limits: per client address and per account; the client address is the peer unless
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed; with Redis the counts are shared
 * by every instance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../../lib/limits.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { addAdvisor, type ErrorJson } from '../advisors/advisors.fixtures.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describe('sign-in limits', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const start = async (config: Partial<Config> = {}, db?: TestApp['db']) => {
    const t = await createTestApp({ config, ...(db ? { db } : {}) });
    apps.push(t);
    return t;
  };

  const login = (
    t: TestApp,
    email: string,
    password: string,
    opts: { forwardedFor?: string; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/advisors/login',
      payload: { email, password },
      headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });

  it('stops a guess spread over many addresses at the account, with Retry-After, leaving other accounts alone', async () => {
    const t = await start({ trustProxy: 1 });
    const { password } = await addAdvisor(t.app, { email: 'victima@salon.pe' });
    for (let i = 0; i < LOGIN_PER_ACCOUNT.max; i++) {
      const res = await login(t, 'victima@salon.pe', 'wrong-password', {
        forwardedFor: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(t, 'victima@salon.pe', password, { forwardedFor: '198.51.100.99' });
    expect(limited.statusCode).toBe(429);
    const body = limited.json<ErrorJson & { error: { details: { retryAfterSeconds: number } } }>();
    expect(body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_PER_ACCOUNT.timeWindow / 1000);
    expect(body.error.details.retryAfterSeconds).toBe(retryAfter);
    // The address that guessed is not blocked for other accounts (the account limit did it).
    const { password: other } = await addAdvisor(t.app, { email: 'otra@salon.pe' });
    expect(
      (await login(t, 'otra@salon.pe', other, { forwardedFor: '198.51.100.1' })).statusCode,
    ).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const t = await start();
    for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
      expect((await login(t, `nadie${i}@salon.pe`, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login(t, 'nadie-mas@salon.pe', 'wrong-password')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a rotating header does not escape the limit', async () => {
    const t = await start();
    for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
      const res = await login(t, `rota${i}@salon.pe`, 'wrong-password', {
        forwardedFor: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await login(t, 'rota-final@salon.pe', 'wrong-password', {
      forwardedFor: '203.0.113.200',
    });
    expect(res.statusCode).toBe(429);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY lists', async () => {
    const t = await start({ trustProxy: ['10.0.0.1'] });
    // Through the trusted proxy, each forwarded address has its own count…
    for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
      const res = await login(t, `proxy${i}@salon.pe`, 'wrong-password', {
        remoteAddress: '10.0.0.1',
        forwardedFor: '203.0.113.1',
      });
      expect(res.statusCode).toBe(401);
    }
    const viaProxy = (forwardedFor: string) =>
      login(t, 'x@salon.pe', 'wrong-password', { remoteAddress: '10.0.0.1', forwardedFor });
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(401);
    // …while a client talking to us directly cannot claim someone else's address.
    for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
      const res = await login(t, `directo${i}@salon.pe`, 'wrong-password', {
        remoteAddress: '192.0.2.50',
        forwardedFor: `203.0.113.${100 + i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const direct = await login(t, 'directo@salon.pe', 'wrong-password', {
      remoteAddress: '192.0.2.50',
      forwardedFor: '203.0.113.250',
    });
    expect(direct.statusCode).toBe(429);
  });

  it('with Redis, two instances share the count', async () => {
    const first = await start({ redisUrl: REDIS_URL });
    const second = await start({ redisUrl: REDIS_URL }, first.db);
    const email = `compartida-${unique()}@salon.pe`;
    await addAdvisor(first.app, { email });
    for (let i = 0; i < LOGIN_PER_ACCOUNT.max; i++) {
      const t = i % 2 === 0 ? first : second;
      expect((await login(t, email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login(first, email, 'wrong-password')).statusCode).toBe(429);
    expect((await login(second, email, 'wrong-password')).statusCode).toBe(429);
  });
});
