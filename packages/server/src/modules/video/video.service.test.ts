import { defaultSettings, type Settings } from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestDatabase, dialects, testConfig, type TestDatabase } from '../../test/helpers.js';
import { startFakeDaily, type FakeDaily } from './daily/fake-daily.js';
import { VIDEO_SECRET_SECTION } from './video.repository.js';
import { createVideoService } from './video.service.js';

const silentLog = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;

describe.each(await dialects())('video service (%s)', (dialect) => {
  let db: TestDatabase;
  let fake: FakeDaily;
  let settings: Settings;
  const clock = new ManualClock('2026-11-20T15:00:00.000Z');

  const service = () =>
    createVideoService({
      config: testConfig({ dailyApiUrl: fake.url }),
      db: db.db,
      clock,
      log: silentLog,
      settings: { get: () => Promise.resolve(structuredClone(settings)) },
      dailyClient: { sleep: () => Promise.resolve() },
    });

  beforeAll(async () => {
    fake = await startFakeDaily({ now: () => clock.now() });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    db = await createTestDatabase(dialect);
    await migrateToLatest(db.db, db.schema);
    settings = structuredClone(defaultSettings);
    clock.set('2026-11-20T15:00:00.000Z');
    fake.rooms.clear();
    fake.requests.length = 0;
  });
  afterEach(async () => {
    await db.drop();
  });

  it('creates built-in rooms by default, same-origin, expiring after maxCallDuration', async () => {
    settings.system.maxCallDuration = 30;
    const room = await service().createRoom({ callId: 'call_1', language: 'es' });
    expect(room).toEqual({
      provider: 'builtin',
      name: 'call_1',
      url: '/rtc/call_1',
      expiresAt: '2026-11-20T15:30:00.000Z',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('creates Daily rooms when settings choose Daily', async () => {
    settings.video.provider = 'daily';
    settings.daily = { ...settings.daily, apiKey: fake.apiKey, domain: fake.domain };
    const room = await service().createRoom({ callId: 'call_2', language: 'en' });
    expect(room.provider).toBe('daily');
    expect(room.url).toBe(`https://${fake.domain}.daily.co/bev-call_2`);
    expect(fake.rooms.has('bev-call_2')).toBe(true);
  });

  it('sends tokens and deletion to the provider that owns the room, even after the setting changed', async () => {
    settings.video.provider = 'daily';
    settings.daily = { ...settings.daily, apiKey: fake.apiKey, domain: fake.domain };
    const video = service();
    const room = await video.createRoom({ callId: 'call_3' });
    settings.video.provider = 'builtin';
    const token = await video.createToken(room, { type: 'advisor', id: 'adv_1', name: 'Eva' });
    expect(token).toMatchObject({
      provider: 'daily',
      roomUrl: room.url,
      roomName: room.name,
      iceServers: [],
    });
    expect(fake.tokens.has(token.token)).toBe(true);
    expect(await video.deleteRoom(room)).toBe(true);
    expect(fake.rooms.has(room.name)).toBe(false);
  });

  it('issues built-in tokens with the ICE servers from settings and verifies them', async () => {
    settings.video.iceServers = [
      { urls: 'turn:turn.example.org:3478', username: 'u', credential: 'p' },
    ];
    const video = service();
    const room = await video.createRoom({ callId: 'call_4' });
    const token = await video.createToken(room, { type: 'client', id: 'client-1', name: 'Ana' });
    expect(token).toMatchObject({
      provider: 'builtin',
      roomUrl: '/rtc/call_4',
      roomName: 'call_4',
      expiresAt: room.expiresAt,
      iceServers: settings.video.iceServers,
    });
    await expect(video.verifyRoomToken(token.token, 'call_4')).resolves.toMatchObject({
      callId: 'call_4',
      type: 'client',
      id: 'client-1',
      name: 'Ana',
    });
  });

  it('refuses a token for another call and an expired token with FORBIDDEN', async () => {
    const video = service();
    const room = await video.createRoom({ callId: 'call_5' });
    const { token } = await video.createToken(room, {
      type: 'client',
      id: 'client-1',
      name: 'Ana',
    });
    await expect(video.verifyRoomToken(token, 'call_6')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    clock.advance(60 * 60_000);
    await expect(video.verifyRoomToken(token, 'call_5')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'expired' },
    });
  });

  it('issues no token once the room has expired', async () => {
    const video = service();
    const room = await video.createRoom({ callId: 'call_7' });
    clock.advance(61 * 60_000);
    await expect(
      video.createToken(room, { type: 'client', id: 'c', name: 'A' }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('keeps one secret per deployment: stored once, shared by every instance and restart', async () => {
    const a = service();
    const b = service();
    const room = await a.createRoom({ callId: 'call_8' });
    const [ta, tb] = await Promise.all([
      a.createToken(room, { type: 'client', id: 'c', name: 'A' }),
      b.createToken(room, { type: 'advisor', id: 'adv', name: 'B' }),
    ]);
    // Each instance verifies what the other signed.
    await expect(b.verifyRoomToken(ta.token, 'call_8')).resolves.toMatchObject({ type: 'client' });
    await expect(a.verifyRoomToken(tb.token, 'call_8')).resolves.toMatchObject({ type: 'advisor' });
    const rows = await db.db.selectFrom('settings').select(['section', 'value']).execute();
    expect(rows.filter((r) => r.section === VIDEO_SECRET_SECTION)).toHaveLength(1);
    const stored = JSON.parse(rows.find((r) => r.section === VIDEO_SECRET_SECTION)!.value) as {
      secret: string;
    };
    expect(stored.secret.length).toBeGreaterThanOrEqual(43);
  });

  it('tests Daily credentials, using the stored key when the masked one is sent back', async () => {
    settings.daily.apiKey = fake.apiKey;
    const video = service();
    await expect(video.testDaily({ apiKey: '••••-key', domain: fake.domain })).resolves.toEqual({
      ok: true,
      domain: fake.domain,
    });
    await expect(video.testDaily({ apiKey: 'bad-key', domain: fake.domain })).rejects.toMatchObject(
      {
        code: 'VIDEO_PROVIDER_UNAUTHORIZED',
      },
    );
  });

  it('deleting a room never throws and tells the signalling layer', async () => {
    settings.video.provider = 'daily';
    settings.daily = { ...settings.daily, apiKey: fake.apiKey, domain: fake.domain };
    const video = service();
    const closed: string[] = [];
    video.onRoomClosed((r) => closed.push(r.name));
    const room = await video.createRoom({ callId: 'call_9' });
    fake.failNext(500);
    expect(await video.deleteRoom(room)).toBe(false);
    expect(closed).toEqual(['bev-call_9']);
  });
});
