import { defaultSettings, type Settings } from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from '../advisors/advisors.fixtures.js';
import { startFakeDaily, type FakeDaily } from './daily/fake-daily.js';

describe.each(await dialects())(
  'POST /api/settings/test-daily and provider choice (%s)',
  (dialect) => {
    let fake: FakeDaily;
    let t: TestApp;
    let admin: SignedInAdvisor;

    beforeAll(async () => {
      // The fake checks `exp` against the app's (manual) clock.
      fake = await startFakeDaily({ now: () => t.clock.now() });
    });
    afterAll(async () => {
      await fake.close();
    });
    beforeEach(async () => {
      t = await createTestApp({ dialect, config: { dailyApiUrl: fake.url } });
      fake.requests.length = 0;
      admin = await addAdmin(t.app, { email: 'boss@salon.pe' });
    });
    afterEach(async () => {
      await t.close();
    });

    const test = (body: unknown, token: string | null = admin.token) =>
      call(t.app, 'POST', '/api/settings/test-daily', { ...(token ? { token } : {}), body });

    const saveDaily = async (
      daily: Partial<Settings['daily']>,
      provider: Settings['video']['provider'] = 'daily',
    ) => {
      const body: Settings = {
        ...structuredClone(defaultSettings),
        video: { ...defaultSettings.video, provider },
        daily: { ...defaultSettings.daily, ...daily },
        notifications: { ...defaultSettings.notifications, adminEmail: 'boss@salon.pe' },
      };
      const res = await call(t.app, 'PUT', '/api/settings', { token: admin.token, body });
      expect(res.status).toBe(200);
    };

    it('answers ok with the domain for a working key, checked with GET / on Daily', async () => {
      const res = await test({ apiKey: fake.apiKey, domain: fake.domain });
      expect(res.status).toBe(200);
      expect(res.json<OkJson<unknown>>().data).toEqual({ ok: true, domain: fake.domain });
      expect(fake.requests).toEqual([
        { method: 'GET', path: '/', authorization: `Bearer ${fake.apiKey}`, body: null },
      ]);
    });

    it('answers ok false when the key belongs to another domain', async () => {
      const res = await test({ apiKey: fake.apiKey, domain: 'otro-salon' });
      expect(res.json<OkJson<unknown>>().data).toEqual({ ok: false, domain: fake.domain });
    });

    it('maps a rejected key to VIDEO_PROVIDER_UNAUTHORIZED without echoing it', async () => {
      const res = await test({ apiKey: 'sk-wrong-key', domain: fake.domain });
      expect(res.status).toBe(502);
      const body = res.json<ErrorJson>();
      expect(body.error.code).toBe('VIDEO_PROVIDER_UNAUTHORIZED');
      expect(JSON.stringify(body)).not.toContain('sk-wrong-key');
    });

    it('needs both fields', async () => {
      const res = await test({ apiKey: '', domain: fake.domain });
      expect(res.status).toBe(400);
      expect(res.json<ErrorJson>().error).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.body)).toContain('settings.validation.testNeedsCredentials');
      expect(fake.requests).toHaveLength(0);
    });

    it('tests the stored key when the masked one is sent back', async () => {
      await saveDaily({ apiKey: fake.apiKey, domain: fake.domain });
      const masked = (await call(t.app, 'GET', '/api/settings', { token: admin.token })).json<
        OkJson<Settings>
      >().data.daily.apiKey;
      expect(masked.startsWith('••••')).toBe(true);
      const res = await test({ apiKey: masked, domain: fake.domain });
      expect(res.json<OkJson<unknown>>().data).toEqual({ ok: true, domain: fake.domain });
    });

    it('is for admins only', async () => {
      const advisor = await addAdvisor(t.app);
      expect((await test({ apiKey: fake.apiKey, domain: fake.domain }, advisor.token)).status).toBe(
        403,
      );
      expect((await test({ apiKey: fake.apiKey, domain: fake.domain }, null)).status).toBe(401);
      expect(fake.requests).toHaveLength(0);
    });

    it('creates rooms with the provider chosen in settings', async () => {
      const builtin = await t.app.container.video.createRoom({ callId: 'call_x1' });
      expect(builtin).toMatchObject({ provider: 'builtin', url: '/rtc/call_x1' });
      await saveDaily({ apiKey: fake.apiKey, domain: fake.domain, maxParticipants: 4 });
      const daily = await t.app.container.video.createRoom({ callId: 'call_x2', language: 'en' });
      expect(daily).toMatchObject({
        provider: 'daily',
        url: `https://${fake.domain}.daily.co/bev-call_x2`,
      });
      const props = (fake.requests.at(-1)!.body as { properties: Record<string, unknown> })
        .properties;
      expect(props).toMatchObject({ max_participants: 4, lang: 'en' });
    });
  },
);
