import type { Advisor, LoginResponseData } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
} from '../advisors/advisors.fixtures.js';

describe.each(await dialects())('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/advisors/login', { body: { email, password }, headers });

  it('signs in with the right password and answers the advisor and a working token', async () => {
    const { advisor, password } = await addAdvisor(t.app, { email: 'ana@salon.pe', name: 'Ana' });
    const res = await login('ana@salon.pe', password);
    expect(res.status).toBe(200);
    const { data } = res.json<OkJson<LoginResponseData>>();
    expect(data.advisor.advisorId).toBe(advisor.advisorId);
    expect(data.advisor.email).toBe('ana@salon.pe');
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);

    const me = await call(t.app, 'GET', '/api/advisors/me', { token: data.token });
    expect(me.status).toBe(200);
    expect(me.json<OkJson<Advisor>>().data.name).toBe('Ana');
  });

  it('stores only a hash of the token, with an expiry from the configured lifetime', async () => {
    const { password } = await addAdvisor(t.app, { email: 'hash@salon.pe' });
    const { data } = (await login('hash@salon.pe', password)).json<OkJson<LoginResponseData>>();
    const rows = await t.db.db
      .selectFrom('advisor_sessions')
      .select(['token_hash', 'expires_at', 'created_at'])
      .where('advisor_id', '=', data.advisor.advisorId)
      .execute();
    const session = rows.find(
      (r) => r.created_at === t.clock.now().toISOString() && r.token_hash !== data.token,
    );
    expect(session).toBeDefined();
    expect(rows.some((r) => r.token_hash === data.token)).toBe(false);
    expect(new Date(session!.expires_at).getTime() - t.clock.now().getTime()).toBe(
      t.app.container.config.sessionTtlMs,
    );
  });

  it('accepts the email in any case', async () => {
    const { password } = await addAdvisor(t.app, { email: 'luz@salon.pe' });
    expect((await login('  LUZ@Salon.PE ', password)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same 401 and message', async () => {
    await addAdvisor(t.app, { email: 'rosa@salon.pe' });
    for (const res of [
      await login('rosa@salon.pe', 'wrong-password'),
      await login('nobody@salon.pe', 'whatever-1'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json<ErrorJson>().error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('refuses a deleted advisor at login', async () => {
    const admin = await addAdmin(t.app);
    const gone = await addAdvisor(t.app, { email: 'gone@salon.pe' });
    expect(
      (
        await call(t.app, 'DELETE', `/api/advisors/${gone.advisor.advisorId}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect((await login('gone@salon.pe', gone.password)).status).toBe(401);
  });

  it('answers 401 UNAUTHENTICATED on /me without a token, with a bad token or a bad scheme', async () => {
    const { token } = await addAdvisor(t.app);
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: `Basic ${token}` },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
    ];
    for (const headers of variants) {
      const res = await call(t.app, 'GET', '/api/advisors/me', { headers });
      expect(res.status).toBe(401);
      expect(res.json<ErrorJson>().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('reads the Bearer scheme in any case and spacing, and nothing more than one token after it', async () => {
    const { token, advisor } = await addAdvisor(t.app);
    // HTTP auth schemes are case-insensitive; clients write "bearer" and pad with spaces or tabs.
    for (const authorization of [`bearer ${token}`, `BEARER \t ${token}`]) {
      const res = await call(t.app, 'GET', '/api/advisors/me', { headers: { authorization } });
      expect(res.status).toBe(200);
      expect(res.json<OkJson<Advisor>>().data.advisorId).toBe(advisor.advisorId);
    }
    for (const authorization of [`XBearer ${token}`, `Bearer ${token} extra`, `Bearer${token}`]) {
      const res = await call(t.app, 'GET', '/api/advisors/me', { headers: { authorization } });
      expect(res.status).toBe(401);
    }
  });

  it('logout revokes the current token at once and leaves other sessions alone', async () => {
    const { advisor, password } = await addAdvisor(t.app, { email: 'two@salon.pe' });
    const first = (await login('two@salon.pe', password)).json<OkJson<LoginResponseData>>().data
      .token;
    const second = (await login('two@salon.pe', password)).json<OkJson<LoginResponseData>>().data
      .token;

    const out = await call(t.app, 'POST', '/api/advisors/logout', { token: first });
    expect(out.status).toBe(200);
    expect(out.json()).toMatchObject({ success: true });
    expect((await call(t.app, 'GET', '/api/advisors/me', { token: first })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/advisors/logout', { token: first })).status).toBe(401);
    const me = await call(t.app, 'GET', '/api/advisors/me', { token: second });
    expect(me.json<OkJson<Advisor>>().data.advisorId).toBe(advisor.advisorId);
  });

  it('signing out of the last session sets the advisor offline; another session keeps her status', async () => {
    // Two sessions: the one addAdvisor signed in with, and a second device.
    const {
      advisor,
      password,
      token: first,
    } = await addAdvisor(t.app, { email: 'leaving@salon.pe' });
    const second = (await login('leaving@salon.pe', password)).json<OkJson<LoginResponseData>>()
      .data.token;
    await call(t.app, 'POST', `/api/advisors/${advisor.advisorId}/status`, {
      token: first,
      body: { status: 'available' },
    });
    const status = async () => (await t.app.container.advisors.getById(advisor.advisorId)).status;

    await call(t.app, 'POST', '/api/advisors/logout', { token: first });
    expect(await status()).toBe('available');
    await call(t.app, 'POST', '/api/advisors/logout', { token: second });
    expect(await status()).toBe('offline');
    expect((await t.app.container.advisors.getById(advisor.advisorId)).statusReason).toBe(
      'signed_out',
    );
  });

  it('accepts a bodiless logout sent with a JSON content type (the web sends it on every request)', async () => {
    const { token } = await addAdvisor(t.app);
    const res = await call(t.app, 'POST', '/api/advisors/logout', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  it('expires a session after the configured lifetime', async () => {
    const { token } = await addAdvisor(t.app);
    t.clock.advance(t.app.container.config.sessionTtlMs - 1000);
    expect((await call(t.app, 'GET', '/api/advisors/me', { token })).status).toBe(200);
    t.clock.advance(1000);
    expect((await call(t.app, 'GET', '/api/advisors/me', { token })).status).toBe(401);
  });

  it("refuses a deleted advisor's token on the very next request", async () => {
    const admin = await addAdmin(t.app);
    const victim = await addAdvisor(t.app);
    expect((await call(t.app, 'GET', '/api/advisors/me', { token: victim.token })).status).toBe(
      200,
    );
    await call(t.app, 'DELETE', `/api/advisors/${victim.advisor.advisorId}`, {
      token: admin.token,
    });
    expect((await call(t.app, 'GET', '/api/advisors/me', { token: victim.token })).status).toBe(
      401,
    );
  });

  it('a removed admin flag takes effect on the very next request', async () => {
    const boss = await addAdmin(t.app);
    const other = await addAdmin(t.app);
    expect((await call(t.app, 'GET', '/api/advisors', { token: other.token })).status).toBe(200);
    const demote = await call(t.app, 'PUT', `/api/advisors/${other.advisor.advisorId}`, {
      token: boss.token,
      body: { isAdmin: false },
    });
    expect(demote.status).toBe(200);
    const res = await call(t.app, 'GET', '/api/advisors', { token: other.token });
    expect(res.status).toBe(403);
    expect(res.json<ErrorJson>().error.code).toBe('FORBIDDEN');
    // and the other way round
    await call(t.app, 'PUT', `/api/advisors/${other.advisor.advisorId}`, {
      token: boss.token,
      body: { isAdmin: true },
    });
    expect((await call(t.app, 'GET', '/api/advisors', { token: other.token })).status).toBe(200);
  });
});
