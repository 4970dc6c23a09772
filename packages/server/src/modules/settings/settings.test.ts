import { createHash } from 'node:crypto';
import {
  EMBED_MAX_ORIGINS,
  SECRET_MASK,
  defaultSettings,
  type PublicSettings,
  type Settings,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from '../advisors/advisors.fixtures.js';

const DAILY_KEY = 'dk_live_0123456789abcdef';

type Mutator = (s: Settings) => void;
const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const withChange = (base: Settings, mutate: Mutator): Settings => {
  const copy = structuredClone(base);
  mutate(copy);
  return copy;
};

describe.each(await dialects())('settings (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  let base: Settings;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { email: 'boss@salon.pe' });
    base = {
      ...structuredClone(defaultSettings),
      notifications: { ...defaultSettings.notifications, adminEmail: 'boss@salon.pe' },
    };
  });
  afterEach(async () => {
    await t.close();
  });

  const put = (body: unknown, token = admin.token) =>
    call(t.app, 'PUT', '/api/settings', { token, body });
  const getFull = async () =>
    (await call(t.app, 'GET', '/api/settings', { token: admin.token })).json<OkJson<Settings>>()
      .data;
  const auditCount = async () =>
    (
      await t.db.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'settings.update')
        .execute()
    ).length;

  it('answers the defaults with the first admin as notification address and an empty key', async () => {
    t.clock.advance(1000);
    await addAdmin(t.app, { email: 'later@salon.pe' });
    const res = await call(t.app, 'GET', '/api/settings', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json<OkJson<Settings>>().data).toEqual(base);
  });

  it('public settings carry only what a visitor needs: no API key, no notifications', async () => {
    await put(
      withChange(base, (s) => {
        s.video.provider = 'daily';
        s.daily.apiKey = DAILY_KEY;
        s.daily.domain = 'salon.daily.co';
        s.system.maintenanceMode = true;
        s.system.currency = 'USD';
      }),
    );
    const res = await call(t.app, 'GET', '/api/settings/public');
    expect(res.status).toBe(200);
    const data = res.json<OkJson<PublicSettings>>().data;
    expect(data).toEqual({
      system: {
        siteName: 'Belleza en Vivo',
        defaultLanguage: 'es',
        currency: 'USD',
        maintenanceMode: true,
        maxCallDuration: 60,
      },
      video: { provider: 'daily', enableScreenShare: true },
      daily: { maxParticipants: 5 },
      // whether the forms offer WhatsApp (no WHATSAPP_ settings here)
      whatsapp: { enabled: false },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('apiKey');
    expect(text).not.toContain('0123');
    expect(text).not.toContain('notifications');
    expect(text).not.toContain('boss@');
  });

  it('masks the API key, keeps the stored key when the mask comes back, and serves it unmasked to the server', async () => {
    const saved = await put(
      withChange(base, (s) => {
        s.video.provider = 'daily';
        s.daily.apiKey = DAILY_KEY;
        s.daily.domain = 'salon.daily.co';
      }),
    );
    expect(saved.status).toBe(200);
    const masked = saved.json<OkJson<Settings>>().data;
    expect(masked.daily.apiKey).toBe(`${SECRET_MASK}cdef`);
    expect((await getFull()).daily.apiKey).toBe(`${SECRET_MASK}cdef`);

    // a form posts back what GET gave it, with another change
    const again = await put(
      withChange(masked, (s) => {
        s.system.callTimeout = 45;
      }),
    );
    expect(again.status).toBe(200);
    const real = await t.app.container.settings.get();
    expect(real.daily.apiKey).toBe(DAILY_KEY);
    expect(real.system.callTimeout).toBe(45);

    // a new key replaces it; a short key shows no tail at all
    await put(
      withChange(masked, (s) => {
        s.daily.apiKey = 'short-key';
      }),
    );
    expect((await t.app.container.settings.get()).daily.apiKey).toBe('short-key');
    expect((await getFull()).daily.apiKey).toBe(SECRET_MASK);
  });

  it('a masked key with nothing stored is no key: Daily then needs one', async () => {
    const res = await put(
      withChange(base, (s) => {
        s.video.provider = 'daily';
        s.daily.apiKey = `${SECRET_MASK}abcd`;
        s.daily.domain = 'salon.daily.co';
      }),
    );
    expect(res.status).toBe(400);
    const err = res.json<ErrorJson>().error;
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details).toEqual({
      issues: [{ path: 'daily.apiKey', message: 'settings.validation.apiKeyRequired' }],
    });
    expect(await auditCount()).toBe(0);
  });

  const invalid: Array<[string, Mutator, string, string]> = [
    [
      'maxConcurrentCalls 0',
      (s) => void (s.system.maxConcurrentCalls = 0),
      'system.maxConcurrentCalls',
      'settings.validation.maxConcurrentCalls',
    ],
    [
      'maxConcurrentCalls 51',
      (s) => void (s.system.maxConcurrentCalls = 51),
      'system.maxConcurrentCalls',
      'settings.validation.maxConcurrentCalls',
    ],
    [
      'maxConcurrentCalls 2.5',
      (s) => void (s.system.maxConcurrentCalls = 2.5),
      'system.maxConcurrentCalls',
      'settings.validation.maxConcurrentCalls',
    ],
    [
      'callTimeout 9',
      (s) => void (s.system.callTimeout = 9),
      'system.callTimeout',
      'settings.validation.callTimeout',
    ],
    [
      'callTimeout 301',
      (s) => void (s.system.callTimeout = 301),
      'system.callTimeout',
      'settings.validation.callTimeout',
    ],
    [
      'maxCallDuration 4',
      (s) => void (s.system.maxCallDuration = 4),
      'system.maxCallDuration',
      'settings.validation.maxCallDuration',
    ],
    [
      'maxCallDuration 181',
      (s) => void (s.system.maxCallDuration = 181),
      'system.maxCallDuration',
      'settings.validation.maxCallDuration',
    ],
    [
      'maxParticipants 1',
      (s) => void (s.daily.maxParticipants = 1),
      'daily.maxParticipants',
      'settings.validation.maxParticipants',
    ],
    [
      'maxParticipants 21',
      (s) => void (s.daily.maxParticipants = 21),
      'daily.maxParticipants',
      'settings.validation.maxParticipants',
    ],
    [
      'Daily without API key',
      (s) => {
        s.video.provider = 'daily';
        s.daily.domain = 'x.daily.co';
      },
      'daily.apiKey',
      'settings.validation.apiKeyRequired',
    ],
    [
      'Daily without domain',
      (s) => {
        s.video.provider = 'daily';
        s.daily.apiKey = DAILY_KEY;
      },
      'daily.domain',
      'settings.validation.domainRequired',
    ],
    [
      'email notifications without address',
      (s) => void (s.notifications.adminEmail = ''),
      'notifications.adminEmail',
      'settings.validation.adminEmailRequired',
    ],
    [
      'malformed admin email',
      (s) => void (s.notifications.adminEmail = 'not-an-email'),
      'notifications.adminEmail',
      'settings.validation.adminEmailInvalid',
    ],
    [
      'malformed admin email, notifications off',
      (s) => {
        s.notifications.emailNotifications = false;
        s.notifications.adminEmail = 'a@b';
      },
      'notifications.adminEmail',
      'settings.validation.adminEmailInvalid',
    ],
  ];

  it.each(invalid)(
    'refuses %s with its message key and writes nothing',
    async (_name, mutate, path, key) => {
      const before = await getFull();
      const res = await put(withChange(base, mutate));
      expect(res.status).toBe(400);
      const err = res.json<ErrorJson>().error;
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.details).toMatchObject({ issues: [{ path, message: key }] });
      expect(await getFull()).toEqual(before);
      expect(await auditCount()).toBe(0);
    },
  );

  it.each([
    ['maxConcurrentCalls', (s: Settings) => void (s.system.maxConcurrentCalls = 1)],
    ['maxConcurrentCalls', (s: Settings) => void (s.system.maxConcurrentCalls = 50)],
    ['callTimeout', (s: Settings) => void (s.system.callTimeout = 10)],
    ['callTimeout', (s: Settings) => void (s.system.callTimeout = 300)],
    ['maxCallDuration', (s: Settings) => void (s.system.maxCallDuration = 5)],
    ['maxCallDuration', (s: Settings) => void (s.system.maxCallDuration = 180)],
    ['maxParticipants', (s: Settings) => void (s.daily.maxParticipants = 2)],
    ['maxParticipants', (s: Settings) => void (s.daily.maxParticipants = 20)],
    [
      'no admin email with email notifications off',
      (s: Settings) => {
        s.notifications.emailNotifications = false;
        s.notifications.adminEmail = '';
      },
    ],
  ])('accepts the bound %s', async (_name, mutate) => {
    const body = withChange(base, mutate);
    const res = await put(body);
    expect(res.status).toBe(200);
    expect(res.json<OkJson<Settings>>().data).toEqual(body);
    expect(await getFull()).toEqual(body);
  });

  it('serves the privacy policy to anyone, audits a change by its size, and bounds its length', async () => {
    const empty = await call(t.app, 'GET', '/api/privacy');
    expect(empty.status).toBe(200);
    expect(empty.json<OkJson<{ text: string }>>().data).toEqual({ text: '' });

    const policy = 'Responsable: Salón Lima.\n\nUsamos tu teléfono solo para esta consulta.';
    expect(
      (await put(withChange(base, (s) => void (s.system.privacyPolicy = policy)))).status,
    ).toBe(200);
    const served = await call(t.app, 'GET', '/api/privacy');
    expect(served.json<OkJson<{ text: string }>>().data).toEqual({ text: policy });
    const row = await t.db.db
      .selectFrom('audit_log')
      .select('changes')
      .where('action', '=', 'settings.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.changes)).toEqual({
      'system.privacyPolicy': {
        from: { characters: 0, sha256: fingerprint('') },
        to: { characters: policy.length, sha256: fingerprint(policy) },
      },
    });
    expect(row.changes).not.toContain('Salón Lima');

    const tooLong = await put(
      withChange(base, (s) => void (s.system.privacyPolicy = 'a'.repeat(20_001))),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.json<ErrorJson>().error.details).toMatchObject({
      issues: [{ path: 'system.privacyPolicy', message: 'settings.validation.privacyPolicy' }],
    });
    expect(
      (await call(t.app, 'GET', '/api/privacy')).json<OkJson<{ text: string }>>().data,
    ).toEqual({ text: policy });
  });

  it('writes one audit row with the diff of changed fields, secrets masked', async () => {
    await put(
      withChange(base, (s) => {
        s.system.callTimeout = 60;
        s.system.siteName = 'Salón Lima';
        s.video.provider = 'daily';
        s.daily.apiKey = DAILY_KEY;
        s.daily.domain = 'salon.daily.co';
      }),
    );
    const rows = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.advisor.advisorId, target: 'settings' });
    expect(JSON.parse(rows[0]!.changes)).toEqual({
      'system.siteName': { from: 'Belleza en Vivo', to: 'Salón Lima' },
      'system.callTimeout': { from: 30, to: 60 },
      'video.provider': { from: 'builtin', to: 'daily' },
      'daily.apiKey': { from: '', to: `${SECRET_MASK}cdef` },
      'daily.domain': { from: '', to: 'salon.daily.co' },
    });
    expect(rows[0]!.changes).not.toContain('0123456789');

    // sending the same settings back changes nothing and writes nothing
    const same = await put(await getFull());
    expect(same.status).toBe(200);
    expect(await auditCount()).toBe(1);
  });

  it('keeps the rest of a section when a stored row lacks a field, and ignores a corrupt row', async () => {
    const now = t.clock.now().toISOString();
    await t.db.db
      .insertInto('settings')
      .values([
        {
          section: 'system',
          value: JSON.stringify({ siteName: 'Guardado', callTimeout: 90 }),
          updated_at: now,
          updated_by: null,
        },
        { section: 'daily', value: '{not json', updated_at: now, updated_by: null },
      ])
      .execute();
    const s = await t.app.container.settings.get();
    expect(s.system).toEqual({ ...defaultSettings.system, siteName: 'Guardado', callTimeout: 90 });
    expect(s.daily).toEqual(defaultSettings.daily);
  });

  it('a saved notifications section is used as is, even with an empty address', async () => {
    const body = withChange(base, (s) => {
      s.notifications.emailNotifications = false;
      s.notifications.adminEmail = '';
    });
    expect((await put(body)).status).toBe(200);
    expect((await getFull()).notifications.adminEmail).toBe('');
  });

  it('refuses the removed settings (SMS, registration) and unknown fields, and wrong types', async () => {
    const before = (await call(t.app, 'GET', '/api/settings', { token: admin.token })).body;
    for (const body of [
      { ...base, notifications: { ...base.notifications, smsNotifications: true } },
      { ...base, system: { ...base.system, allowRegistration: false } },
      { ...base, system: { ...base.system, hacker: true } },
    ]) {
      const refused = await put(body);
      expect(refused.status).toBe(400);
      expect(refused.json<ErrorJson>().error.code).toBe('VALIDATION_ERROR');
    }
    // Nothing was written.
    expect((await call(t.app, 'GET', '/api/settings', { token: admin.token })).body).toEqual(
      before,
    );
    // An unknown section is still ignored.
    expect((await put({ ...base, extra: 1 })).status).toBe(200);
    const wrong = await put({ ...base, system: { ...base.system, callTimeout: '30' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json<ErrorJson>().error.details).toMatchObject({
      issues: [{ path: 'system.callTimeout', message: 'settings.validation.callTimeout' }],
    });
    // The currency is one of the list, not any code.
    const currency = await put({ ...base, system: { ...base.system, currency: 'XYZ' } });
    expect(currency.status).toBe(400);
    expect(currency.json<ErrorJson>().error.details).toMatchObject({
      issues: [{ path: 'system.currency', message: 'settings.validation.currency' }],
    });
    const missing = await put({ system: base.system });
    expect(missing.status).toBe(400);
  });

  it('saves the widget origins normalised and once each, audits them, and keeps them from visitors', async () => {
    const saved = await put(
      withChange(base, (s) => {
        s.embed.allowedOrigins = [
          'HTTPS://Salon.Example/',
          'https://salon.example',
          ' http://127.0.0.1:8080 ',
          'https://www.salon.example:443',
        ];
      }),
    );
    expect(saved.status).toBe(200);
    const origins = ['https://salon.example', 'http://127.0.0.1:8080', 'https://www.salon.example'];
    expect(saved.json<OkJson<Settings>>().data.embed).toEqual({ allowedOrigins: origins });
    expect((await getFull()).embed).toEqual({ allowedOrigins: origins });
    expect((await t.app.container.settings.get()).embed.allowedOrigins).toEqual(origins);
    const row = await t.db.db
      .selectFrom('audit_log')
      .select('changes')
      .where('action', '=', 'settings.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.changes)).toEqual({
      'embed.allowedOrigins': { from: [], to: origins },
    });
    const visitor = await call(t.app, 'GET', '/api/settings/public');
    expect(JSON.stringify(visitor.body)).not.toContain('salon.example');
    expect(Object.keys(visitor.json<OkJson<PublicSettings>>().data)).not.toContain('embed');
  });

  it.each([
    ['a path', 'https://a.com/path'],
    ['another scheme', 'ftp://x'],
    ['a wildcard', '*'],
    ['a script URL', 'javascript:alert(1)'],
    ['credentials', 'https://user:pw@a.com'],
    ['a query', 'https://a.com?x=1'],
    ['no host', 'https://'],
  ])('refuses a widget origin with %s, with its field, and writes nothing', async (_name, bad) => {
    const good = withChange(base, (s) => void (s.embed.allowedOrigins = ['https://ok.example']));
    expect((await put(good)).status).toBe(200);
    const audited = await auditCount();
    const res = await put(
      withChange(base, (s) => void (s.embed.allowedOrigins = ['https://b.example', bad])),
    );
    expect(res.status).toBe(400);
    const err = res.json<ErrorJson>().error;
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details).toMatchObject({
      issues: [{ path: 'embed.allowedOrigins.1', message: 'settings.validation.originInvalid' }],
    });
    expect((await getFull()).embed).toEqual({ allowedOrigins: ['https://ok.example'] });
    expect(await auditCount()).toBe(audited);
  });

  it('refuses more widget origins than allowed', async () => {
    const many = Array.from({ length: EMBED_MAX_ORIGINS + 1 }, (_, i) => `https://s${i}.example`);
    const res = await put(withChange(base, (s) => void (s.embed.allowedOrigins = many)));
    expect(res.status).toBe(400);
    expect(res.json<ErrorJson>().error.details).toMatchObject({
      issues: [{ path: 'embed.allowedOrigins', message: 'settings.validation.tooManyOrigins' }],
    });
    expect((await getFull()).embed).toEqual(defaultSettings.embed);
    expect(await auditCount()).toBe(0);
    const atMost = many.slice(0, EMBED_MAX_ORIGINS);
    const ok = await put(withChange(base, (s) => void (s.embed.allowedOrigins = atMost)));
    expect(ok.status).toBe(200);
    expect((await getFull()).embed.allowedOrigins).toEqual(atMost);
  });

  it('only admins read or change the full settings', async () => {
    const advisor = await addAdvisor(t.app);
    expect((await call(t.app, 'GET', '/api/settings')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/settings', { token: advisor.token })).status).toBe(403);
    expect((await put(base, advisor.token)).status).toBe(403);
    expect((await call(t.app, 'PUT', '/api/settings', { body: base })).status).toBe(401);
  });
});
