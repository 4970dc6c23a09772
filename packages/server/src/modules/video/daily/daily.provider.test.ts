import { defaultSettings, type Settings } from '@belleza/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import { ManualClock } from '../../../lib/clock.js';
import type { VideoRoom } from '../video.provider.js';
import { backoffDelay } from './daily.client.js';
import { createDailyProvider, dailyRoomName, normalizeDailyDomain } from './daily.provider.js';
import { startFakeDaily, type FakeDaily } from './fake-daily.js';

const clock = new ManualClock('2026-11-20T15:00:00.000Z');
const NOW_S = Date.parse('2026-11-20T15:00:00.000Z') / 1000;

let fake: FakeDaily;
let sleeps: number[];

const settingsWith = (
  daily: Partial<Settings['daily']> = {},
  system: Partial<Settings['system']> = {},
  video: Partial<Settings['video']> = {},
): Settings => ({
  ...defaultSettings,
  system: { ...defaultSettings.system, ...system },
  video: { ...defaultSettings.video, provider: 'daily', ...video },
  daily: { ...defaultSettings.daily, apiKey: fake.apiKey, domain: fake.domain, ...daily },
});

const provider = (timeoutMs = 5_000) =>
  createDailyProvider({
    baseUrl: fake.url,
    client: {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      timeoutSignal: () => AbortSignal.timeout(timeoutMs),
    },
  });

async function expectCode(p: Promise<unknown>, code: string): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  return err as AppError;
}

beforeAll(async () => {
  fake = await startFakeDaily({ now: () => clock.now() });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.rooms.clear();
  fake.setDelay(0);
  sleeps = [];
});

describe('Daily provider against the fake Daily API', () => {
  it('creates a private room with exactly the room properties the product sets', async () => {
    const room = await provider().createRoom({
      callId: 'call_abc',
      language: 'es',
      settings: settingsWith(
        { maxParticipants: 3, enableRecording: false },
        { maxCallDuration: 45 },
        { enableScreenShare: false },
      ),
      now: clock.now(),
    });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/rooms');
    expect(req.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(req.body).toEqual({
      name: 'bev-call_abc',
      privacy: 'private',
      properties: {
        max_participants: 3,
        enable_screenshare: false,
        enable_chat: true,
        start_video_off: false,
        start_audio_off: false,
        exp: NOW_S + 45 * 60,
        eject_at_room_exp: true,
        lang: 'es',
      },
    });
    expect(room).toEqual({
      provider: 'daily',
      name: 'bev-call_abc',
      url: `https://${fake.domain}.daily.co/bev-call_abc`,
      expiresAt: '2026-11-20T15:45:00.000Z',
    });
  });

  it("asks for cloud recording only when recording is enabled, in the visitor's language", async () => {
    await provider().createRoom({
      callId: 'call_rec',
      language: 'en',
      settings: settingsWith({ enableRecording: true }),
      now: clock.now(),
    });
    const props = (fake.requests[0]!.body as { properties: Record<string, unknown> }).properties;
    expect(props.enable_recording).toBe('cloud');
    expect(props.lang).toBe('en');
    expect(props.exp).toBe(NOW_S + 60 * 60);
  });

  it('issues meeting tokens bound to the room, expiring with it; owners are advisors and admins; only they may share a screen', async () => {
    const room: VideoRoom = {
      provider: 'daily',
      name: 'bev-call_t',
      url: 'https://x.daily.co/bev-call_t',
      expiresAt: '2026-11-20T16:00:00.000Z',
    };
    const client = await provider().createToken(
      room,
      { type: 'client', id: 'client-17', name: 'Ana' },
      settingsWith(),
    );
    await provider().createToken(
      room,
      { type: 'advisor', id: 'adv_0123456789abcdef0123456789abcdef', name: 'Eva' },
      settingsWith(),
    );
    expect(client.expiresAt).toBe(room.expiresAt);
    expect(fake.tokens.get(client.token)).toEqual({
      room_name: 'bev-call_t',
      user_name: 'Ana',
      user_id: 'c-client-17',
      is_owner: false,
      enable_screenshare: false,
      exp: NOW_S + 3600,
      eject_at_token_exp: true,
    });
    const advisorProps = (fake.requests[1]!.body as { properties: Record<string, unknown> })
      .properties;
    expect(advisorProps.is_owner).toBe(true);
    // The advisor's token leaves screen sharing to the room's property (the setting).
    expect(advisorProps).not.toHaveProperty('enable_screenshare');
    expect((advisorProps.user_id as string).length).toBeLessThanOrEqual(36);
    expect(advisorProps.room_name).toBe('bev-call_t');
  });

  it('deletes a room, and treats an already deleted room as done', async () => {
    const p = provider();
    const room = await p.createRoom({
      callId: 'call_del',
      language: 'es',
      settings: settingsWith(),
      now: clock.now(),
    });
    expect(fake.rooms.has(room.name)).toBe(true);
    await p.deleteRoom(room, settingsWith());
    expect(fake.rooms.has(room.name)).toBe(false);
    await expect(p.deleteRoom(room, settingsWith())).resolves.toBeUndefined();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /rooms',
      'DELETE /rooms/bev-call_del',
      'DELETE /rooms/bev-call_del',
    ]);
  });

  it('checks the key with GET / and compares the domain', async () => {
    await expect(provider().testConnection(settingsWith())).resolves.toEqual({
      ok: true,
      domain: fake.domain,
    });
    await expect(
      provider().testConnection(settingsWith({ domain: `https://${fake.domain}.daily.co/` })),
    ).resolves.toEqual({ ok: true, domain: fake.domain });
    await expect(
      provider().testConnection(settingsWith({ domain: 'someone-else' })),
    ).resolves.toEqual({
      ok: false,
      domain: fake.domain,
    });
    expect(fake.requests.every((r) => r.method === 'GET' && r.path === '/')).toBe(true);
  });

  it('maps a bad key (401 authentication-error) to VIDEO_PROVIDER_UNAUTHORIZED without retrying', async () => {
    const err = await expectCode(
      provider().testConnection(settingsWith({ apiKey: 'wrong' })),
      'VIDEO_PROVIDER_UNAUTHORIZED',
    );
    expect(err.message).not.toContain('wrong');
    expect(err.details).toEqual({ provider: 'daily', status: 401, error: 'authentication-error' });
    expect(fake.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('backs off exponentially on 429 and succeeds when Daily lets us through', async () => {
    fake.failNext(429, 2);
    const room = await provider().createRoom({
      callId: 'call_429',
      language: 'es',
      settings: settingsWith(),
      now: clock.now(),
    });
    expect(room.name).toBe('bev-call_429');
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it("honours Daily's Retry-After on 429", async () => {
    fake.failNext(429, 1, { 'retry-after': '2' });
    await provider().testConnection(settingsWith());
    expect(sleeps).toEqual([2000]);
  });

  it('gives up after three retries with VIDEO_PROVIDER_RATE_LIMITED', async () => {
    fake.failNext(429, 4);
    await expectCode(provider().testConnection(settingsWith()), 'VIDEO_PROVIDER_RATE_LIMITED');
    expect(fake.requests).toHaveLength(4);
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('maps a timeout to VIDEO_PROVIDER_UNREACHABLE', async () => {
    fake.setDelay(2_000);
    const err = await expectCode(
      provider(50).testConnection(settingsWith()),
      'VIDEO_PROVIDER_UNREACHABLE',
    );
    expect(err.details).toEqual({ provider: 'daily', reason: 'timeout' });
  });

  it('maps a refused connection to VIDEO_PROVIDER_UNREACHABLE', async () => {
    const p = createDailyProvider({ baseUrl: 'http://127.0.0.1:1/v1' });
    const err = await expectCode(p.testConnection(settingsWith()), 'VIDEO_PROVIDER_UNREACHABLE');
    expect(err.details).toEqual({ provider: 'daily', reason: 'network' });
  });

  it("maps Daily's other errors to VIDEO_PROVIDER_ERROR with Daily's error type", async () => {
    await provider().createRoom({
      callId: 'call_dup',
      language: 'es',
      settings: settingsWith(),
      now: clock.now(),
    });
    const err = await expectCode(
      provider().createRoom({
        callId: 'call_dup',
        language: 'es',
        settings: settingsWith(),
        now: clock.now(),
      }),
      'VIDEO_PROVIDER_ERROR',
    );
    expect(err.details).toEqual({ provider: 'daily', status: 400, error: 'invalid-request-error' });
    fake.failNext(500);
    await expectCode(provider().testConnection(settingsWith()), 'VIDEO_PROVIDER_ERROR');
  });

  it('refuses to call Daily without an API key', async () => {
    await expectCode(
      provider().testConnection(settingsWith({ apiKey: '' })),
      'VIDEO_NOT_CONFIGURED',
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Daily helpers', () => {
  it('normalises domains and room names', () => {
    expect(normalizeDailyDomain(' Acme.daily.co ')).toBe('acme');
    expect(normalizeDailyDomain('https://acme.daily.co/room')).toBe('acme');
    expect(dailyRoomName('call_x.y')).toBe('bev-call_x-y');
  });

  it('caps backoff delays', () => {
    expect([0, 1, 2, 3, 10].map((a) => backoffDelay(a, 500, null))).toEqual([
      500, 1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelay(0, 500, '120')).toBe(8000);
    expect(backoffDelay(0, 500, 'soon')).toBe(500);
  });
});
