/**
 * "¿Olvidaste tu contraseña?" end to end through the routes, with a real SMTP server started by the
 * test: the same answer for an account and for no account, one e-mail with a single-use link
 * (its token only hashed in the database), the new password working and the old one and every
 * session ended, the link refused a second time, after its expiry and when a newer one exists;
 * limits per typed address; EMAIL_NOT_CONFIGURED without SMTP; audited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/ids.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { addAdvisor, call, type ErrorJson } from '../advisors/advisors.fixtures.js';
import { PASSWORD_RESETS_PER_ACCOUNT } from './password-reset.service.js';

describe.each(await dialects())('forgotten password (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeEach(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      dialect,
      config: { smtp: { url: smtp.url, from: 'avisos@salon.pe' }, trustProxy: 1 },
    });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  let n = 0;
  const ask = (email: string, language = 'es') => {
    n += 1;
    return call(t.app, 'POST', '/api/advisors/password-reset', {
      body: { email, language },
      headers: { 'x-forwarded-for': `198.51.100.${n}` },
    });
  };
  const confirm = (token: string, password: string) =>
    call(t.app, 'POST', '/api/advisors/password-reset/confirm', { body: { token, password } });
  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/advisors/login', { body: { email, password } });
  const sent = async () => {
    await t.app.container.mail.idle();
    return smtp.messages;
  };
  const tokenIn = (text: string | undefined): string => {
    const url = /https?:\/\/\S+\/advisor\/reset#(\S+)/.exec(text ?? '');
    if (!url) throw new Error(`no reset link in: ${text}`);
    return url[1]!;
  };

  it('mails a single-use link that sets the new password and ends every session; no account, same answer', async () => {
    const {
      advisor,
      password,
      token: session,
    } = await addAdvisor(t.app, {
      email: 'ana@salon.pe',
      name: 'Ana Estilista',
    });
    const stranger = await ask('nadie@salon.pe');
    const asked = await ask('Ana@Salon.pe');
    expect([stranger.status, asked.status]).toEqual([202, 202]);
    expect(stranger.body).toEqual(asked.body);

    const [mail, ...others] = await sent();
    expect(others).toEqual([]);
    expect(recipientOf(mail!)).toBe('ana@salon.pe');
    expect(mail!.subject).toContain('Restablecer tu contraseña');
    expect(mail!.text).toContain('Hola, Ana Estilista:');
    expect(mail!.text).toContain('30 minutos');
    const token = tokenIn(mail!.text);
    // Only its hash is kept.
    const rows = await t.db.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows).toEqual([{ token_hash: hashSecret(token) }]);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await confirm(token, 'nueva-clave-123')).status).toBe(200);
    expect((await login('ana@salon.pe', 'nueva-clave-123')).status).toBe(200);
    expect((await login('ana@salon.pe', password)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/advisors/me', { token: session })).status).toBe(401);
    // Once only.
    const again = await confirm(token, 'otra-clave-456');
    expect(again.status).toBe(400);
    expect(again.json<ErrorJson>().error.code).toBe('RESET_LINK_INVALID');
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'advisor.password_reset')
      .execute();
    expect(audit).toEqual([{ action: 'advisor.password_reset', target: advisor.advisorId }]);
  });

  it('refuses an expired link, an older one once a newer was sent, and a made-up one', async () => {
    await addAdvisor(t.app, { email: 'eva@salon.pe' });
    await ask('eva@salon.pe', 'en');
    // Delivered before the second is asked for: two mails in flight may reach the server in either
    // order, and which link is the older is what this test is about.
    expect(await sent()).toHaveLength(1);
    await ask('eva@salon.pe', 'en');
    const [first, second] = await sent();
    expect(second!.subject).toContain('Reset your password');
    const older = tokenIn(first!.text);
    const newer = tokenIn(second!.text);
    for (const token of [older, 'made-up-token'])
      expect((await confirm(token, 'nueva-clave-123')).json<ErrorJson>().error.code).toBe(
        'RESET_LINK_INVALID',
      );
    t.clock.advance(31 * 60_000);
    expect((await confirm(newer, 'nueva-clave-123')).json<ErrorJson>().error.code).toBe(
      'RESET_LINK_INVALID',
    );
  });

  it('limits the links asked for one address, whether or not it is an account, and says nothing more', async () => {
    await addAdvisor(t.app, { email: 'lia@salon.pe' });
    for (const email of ['lia@salon.pe', 'nadie@salon.pe']) {
      for (let i = 0; i < PASSWORD_RESETS_PER_ACCOUNT.points; i++)
        expect((await ask(email)).status).toBe(202);
      const over = await ask(email);
      expect(over.status).toBe(429);
      expect(over.json<ErrorJson>().error.code).toBe('RATE_LIMITED');
    }
    expect(await sent()).toHaveLength(PASSWORD_RESETS_PER_ACCOUNT.points);
  });
});

describe('forgotten password without SMTP', () => {
  it('says no e-mail can be sent, so the page tells her to ask an admin', async () => {
    const t = await createTestApp();
    try {
      await addAdvisor(t.app, { email: 'ana@salon.pe' });
      const res = await call(t.app, 'POST', '/api/advisors/password-reset', {
        body: { email: 'ana@salon.pe' },
      });
      expect(res.status).toBe(409);
      expect(res.json<ErrorJson>().error.code).toBe('EMAIL_NOT_CONFIGURED');
      expect(await t.db.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
