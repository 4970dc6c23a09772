/**
 * Sign-in limits: per client address, per account and address, and an account-wide ceiling that
 * spares addresses the account signed in from; attacks reach the audit log. The client address is the peer unless
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed; with Redis the counts are shared
 * by every instance.
 */
import { LOGIN_ATTACK_ACTION } from '@belleza/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../../lib/limits.js';
import { createTestApp, REDIS_URL, type TestApp } from '../../test/helpers.js';
import { addAdmin, addAdvisor, type ErrorJson } from '../advisors/advisors.fixtures.js';
import { ATTACKING_ADDRESSES, LOGIN_CEILING_FACTOR, REPEATED_FAILURES } from './login-guard.js';

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

  const underAttackRows = (t: TestApp) =>
    t.db.db.selectFrom('audit_log').selectAll().where('action', '=', LOGIN_ATTACK_ACTION).execute();

  it('stops one address guessing an account, with Retry-After, while the real person elsewhere still signs in', async () => {
    const t = await start({ trustProxy: 1 });
    const { password } = await addAdvisor(t.app, { email: 'victima@salon.pe' });
    const attacker = { forwardedFor: '198.51.100.7' };
    for (let i = 0; i < LOGIN_PER_ACCOUNT.max; i++) {
      expect((await login(t, 'victima@salon.pe', 'wrong-password', attacker)).statusCode).toBe(401);
    }
    // The guessing address is stopped, even with the right password…
    const limited = await login(t, 'victima@salon.pe', password, attacker);
    expect(limited.statusCode).toBe(429);
    const body = limited.json<ErrorJson & { error: { details: { retryAfterSeconds: number } } }>();
    expect(body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    // Most of the window is left to wait, not a second.
    expect(retryAfter).toBeGreaterThan(LOGIN_PER_ACCOUNT.timeWindow / 1000 / 2);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_PER_ACCOUNT.timeWindow / 1000);
    expect(body.error.details.retryAfterSeconds).toBe(retryAfter);
    // …the account is not: she signs in from her own address.
    const own = await login(t, 'victima@salon.pe', password, { forwardedFor: '203.0.113.20' });
    expect(own.statusCode).toBe(200);
    // And the guessing address is not blocked for other accounts either.
    const { password: other } = await addAdvisor(t.app, { email: 'otra@salon.pe' });
    expect((await login(t, 'otra@salon.pe', other, attacker)).statusCode).toBe(200);
  });

  it('stops a guess spread over many addresses at a higher account-wide ceiling, which spares her usual address, and tells admins once', async () => {
    // A strict limit of 2 per account and address makes the ceiling 2 × LOGIN_CEILING_FACTOR.
    const t = await start({ trustProxy: 1, loginAccountRateLimit: 2 });
    const ceiling = 2 * LOGIN_CEILING_FACTOR;
    const { password } = await addAdvisor(t.app, { email: 'jefa@salon.pe' });
    const home = { forwardedFor: '203.0.113.5' };
    expect((await login(t, 'jefa@salon.pe', password, home)).statusCode).toBe(200);
    // Many addresses, each under its own limit: the account counts them all.
    for (let i = 1; i < ceiling; i++) {
      const res = await login(t, 'jefa@salon.pe', 'wrong-password', {
        forwardedFor: `198.51.100.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await underAttackRows(t)).toHaveLength(0);
    const tripped = await login(t, 'jefa@salon.pe', 'wrong-password', {
      forwardedFor: '198.51.100.200',
    });
    expect(tripped.statusCode).toBe(429);
    // A new address is refused even with the right password; her usual one is not.
    const stranger = await login(t, 'jefa@salon.pe', password, { forwardedFor: '192.0.2.77' });
    expect(stranger.statusCode).toBe(429);
    expect((await login(t, 'jefa@salon.pe', password, home)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      await login(t, 'jefa@salon.pe', 'wrong-password', { forwardedFor: `198.51.100.${210 + i}` });
    }
    // One entry for the window, not one per attempt, naming the account.
    const rows = await underAttackRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: null, target: 'jefa@salon.pe' });
    // The admins read how long the window the count covers is.
    expect(JSON.parse(rows[0]!.changes)).toMatchObject({
      reason: 'account_ceiling',
      windowMinutes: LOGIN_PER_ACCOUNT.timeWindow / 60_000,
    });
  });

  it('tells admins once when several addresses keep failing on one account, under the ceiling', async () => {
    const t = await start({ trustProxy: 1 });
    const { password } = await addAdvisor(t.app, { email: 'blanco@salon.pe' });
    const failFrom = async (address: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const res = await login(t, 'blanco@salon.pe', 'wrong-password', { forwardedFor: address });
        expect(res.statusCode).toBe(401);
      }
    };
    // Her own typo, and a couple of addresses failing a few times: no alarm yet.
    await failFrom('203.0.113.9', 1);
    await failFrom('198.51.100.1', REPEATED_FAILURES);
    await failFrom('198.51.100.2', REPEATED_FAILURES);
    expect(await underAttackRows(t)).toHaveLength(0);
    await failFrom('198.51.100.3', REPEATED_FAILURES);
    await failFrom('198.51.100.4', REPEATED_FAILURES);
    const rows = await underAttackRows(t);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.changes)).toMatchObject({
      reason: 'many_addresses',
      addresses: ATTACKING_ADDRESSES,
    });
    // The admins can read it in the audit trail.
    const admin = await addAdmin(t.app);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/audit?action=${LOGIN_ATTACK_ACTION}`,
      headers: admin.headers,
    });
    expect(audit.json<{ data: { target: string }[] }>().data).toEqual([
      expect.objectContaining({ target: 'blanco@salon.pe' }),
    ]);
    // She still signs in from her own address.
    expect(
      (await login(t, 'blanco@salon.pe', password, { forwardedFor: '203.0.113.9' })).statusCode,
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
