import type { LoginResponseData } from '@belleza/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/helpers.js';
import { addAdvisor, call, type OkJson } from '../modules/advisors/advisors.fixtures.js';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './first-admin.js';

describe.each(await dialects())('first admin (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('on an empty database creates an admin with a generated password, printed once', async () => {
    t = await createTestApp({ dialect });
    const printed: string[] = [];
    const print = (text: string) => printed.push(text);

    const result = await ensureFirstAdmin(t.app.container, { print });
    expect(result).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL });
    if (!result.created || !result.generatedPassword)
      throw new Error('expected a generated password');
    expect(result.generatedPassword).toMatch(/^[\w-]{24}$/);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`Email:    ${DEFAULT_ADMIN_EMAIL}`);
    expect(printed[0]).toContain(`Password: ${result.generatedPassword}`);
    expect(printed[0]).toContain('/advisor/login');
    expect(printed[0]!.split('\n')[0]).toMatch(/^\+-+\+$/);

    const login = await call(t.app, 'POST', '/api/advisors/login', {
      body: { email: DEFAULT_ADMIN_EMAIL, password: result.generatedPassword },
    });
    expect(login.status).toBe(200);
    const { advisor } = login.json<OkJson<LoginResponseData>>().data;
    expect(advisor).toMatchObject({ name: 'Admin', profile: { isAdmin: true } });

    // idempotent: a restart neither creates nor prints again
    expect(await ensureFirstAdmin(t.app.container, { print })).toEqual({ created: false });
    expect(printed).toHaveLength(1);
    expect((await t.app.container.advisors.counts()).totalAdvisors).toBe(1);
  });

  it('uses ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME when given and prints no password', async () => {
    t = await createTestApp({
      dialect,
      config: {
        adminEmail: 'Owner@Salon.PE',
        adminPassword: 'owner-pass-123',
        adminName: 'Rosa Quispe',
      },
    });
    const printed: string[] = [];
    const result = await ensureFirstAdmin(t.app.container, { print: (s) => printed.push(s) });
    expect(result).toMatchObject({
      created: true,
      email: 'owner@salon.pe',
      generatedPassword: null,
    });
    expect(printed).toEqual([]);
    const login = await call(t.app, 'POST', '/api/advisors/login', {
      body: { email: 'owner@salon.pe', password: 'owner-pass-123' },
    });
    expect(login.status).toBe(200);
    // her own name, so her clients' confirmations never say "Con: Admin"
    const { advisor } = login.json<OkJson<LoginResponseData>>().data;
    expect(advisor.name).toBe('Rosa Quispe');
  });

  it('does nothing once any advisor exists', async () => {
    t = await createTestApp({ dialect });
    await addAdvisor(t.app);
    const printed: string[] = [];
    expect(await ensureFirstAdmin(t.app.container, { print: (s) => printed.push(s) })).toEqual({
      created: false,
    });
    expect(printed).toEqual([]);
    expect((await t.app.container.advisors.counts()).adminAdvisors).toBe(0);
  });

  it('two instances starting at once create one admin', async () => {
    t = await createTestApp({ dialect });
    const second = await createTestApp({ dialect, db: t.db });
    try {
      const printed: string[] = [];
      const print = (s: string) => printed.push(s);
      const results = await Promise.all([
        ensureFirstAdmin(t.app.container, { print }),
        ensureFirstAdmin(second.app.container, { print }),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(printed).toHaveLength(1);
      expect((await t.app.container.advisors.counts()).totalAdvisors).toBe(1);
    } finally {
      await second.close();
    }
  });
});
