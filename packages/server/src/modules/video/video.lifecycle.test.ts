/**
 * Rooms and tokens through the real call flow (HTTP, both databases): a room is created when the
 * call is accepted and deleted when it ends, tokens only for the call's participants, with the
 * provider chosen in settings (built-in, or Daily against the local fake).
 */
import {
  type AcceptedCall,
  defaultSettings,
  type CallDetails,
  type CallToken,
  type Settings,
} from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, insertAdvisor, requestCall, type TestAdvisor } from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { startFakeDaily, type FakeDaily } from './daily/fake-daily.js';

describe.each(await dialects())('video rooms and tokens in the call lifecycle (%s)', (dialect) => {
  let fake: FakeDaily;
  let t: TestApp;
  let advisor: TestAdvisor;
  let admin: TestAdvisor;

  beforeAll(async () => {
    fake = await startFakeDaily({ now: () => t.clock.now() });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    t = await createTestApp({ dialect, config: { dailyApiUrl: fake.url } });
    fake.rooms.clear();
    fake.tokens.clear();
    fake.requests.length = 0;
    admin = await insertAdvisor(t.db.db, { isAdmin: true, status: 'offline', now: t.clock.now() });
    advisor = await insertAdvisor(t.db.db, { name: 'Eva Estilista', now: t.clock.now() });
  });
  afterEach(async () => {
    await t.close();
  });

  const useDaily = async () => {
    const body: Settings = {
      ...structuredClone(defaultSettings),
      video: { ...defaultSettings.video, provider: 'daily' },
      daily: {
        ...defaultSettings.daily,
        apiKey: fake.apiKey,
        domain: fake.domain,
        maxParticipants: 3,
      },
      notifications: { ...defaultSettings.notifications, emailNotifications: false },
    };
    await t.app.container.settings.update({ advisorId: admin.id }, body);
  };

  async function activeCall() {
    const call = await requestCall(t.app, { name: 'Ana Visitante' });
    expect(call.advisorId).toBe(advisor.id);
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: advisor.token,
    });
    expect(accepted.status).toBe(200);
    return call;
  }
  const details = async (callId: string) =>
    (await api<CallDetails>(t.app, 'GET', `/api/calls/${callId}`, { token: admin.token })).data;
  const token = (callId: string, userType: string, auth: { token?: string; clientKey?: string }) =>
    api<CallToken>(t.app, 'GET', `/api/calls/${callId}/token?userType=${userType}`, auth);

  it('built-in: the room is created on accept; client, advisor and admin get tokens for it', async () => {
    const call = await requestCall(t.app);
    expect((await details(call.callId)).dailyRoomUrl).toBeNull();
    expect(
      (await token(call.callId, 'client', { clientKey: call.clientKey })).body.error?.code,
    ).toBe('CALL_NOT_ACTIVE');

    const accepted = await api<AcceptedCall>(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: advisor.token,
    });
    // Her room token comes with the accept, so her video joins without another request.
    expect(accepted.data.roomToken).toMatchObject({
      provider: 'builtin',
      roomUrl: `/rtc/${call.callId}`,
      roomName: call.callId,
    });
    await expect(
      t.app.container.video.verifyRoomToken(accepted.data.roomToken!.token, call.callId),
    ).resolves.toMatchObject({ type: 'advisor', id: advisor.id });
    const d = await details(call.callId);
    expect(d.dailyRoomUrl).toBe(`/rtc/${call.callId}`);
    expect(d.dailyRoomName).toBe(call.callId);

    const client = await token(call.callId, 'client', { clientKey: call.clientKey });
    expect(client.status).toBe(200);
    expect(client.data).toMatchObject({
      provider: 'builtin',
      roomUrl: `/rtc/${call.callId}`,
      roomName: call.callId,
      iceServers: [],
    });
    // Expires with the room: accept + maxCallDuration (60 min by default).
    expect(client.data.expiresAt).toBe(
      new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
    );
    await expect(
      t.app.container.video.verifyRoomToken(client.data.token, call.callId),
    ).resolves.toMatchObject({
      type: 'client',
      name: 'Lucía Pérez',
    });

    const adv = await token(call.callId, 'advisor', { token: advisor.token });
    await expect(
      t.app.container.video.verifyRoomToken(adv.data.token, call.callId),
    ).resolves.toMatchObject({
      type: 'advisor',
      id: advisor.id,
      name: 'Eva Estilista',
    });

    const boss = await token(call.callId, 'admin', { token: admin.token });
    expect(boss.status).toBe(200);
    expect(boss.data.roomUrl).toBe(`/rtc/${call.callId}`);
    await expect(
      t.app.container.video.verifyRoomToken(boss.data.token, call.callId),
    ).resolves.toMatchObject({ type: 'admin' });
  });

  it('refuses tokens to anyone who is not a participant', async () => {
    const call = await activeCall();
    const other = await insertAdvisor(t.db.db, { name: 'Otra', now: t.clock.now() });
    expect(
      (await token(call.callId, 'client', { clientKey: 'not-the-key' })).status,
    ).toBeGreaterThanOrEqual(401);
    expect((await token(call.callId, 'client', {})).status).toBe(401);
    expect((await token(call.callId, 'advisor', { token: other.token })).body.error?.code).toMatch(
      /FORBIDDEN|CALL_NOT_OFFERED/,
    );
    expect((await token(call.callId, 'admin', { token: other.token })).body.error?.code).toMatch(
      /FORBIDDEN|CALL_NOT_OFFERED/,
    );
    // A visitor's key is for the client seat only.
    expect(
      (await token(call.callId, 'advisor', { clientKey: call.clientKey })).body.error?.code,
    ).toBe('FORBIDDEN');
    // ...and only for its own call.
    const second = await insertAdvisor(t.db.db, { now: t.clock.now() });
    const otherCall = await requestCall(t.app);
    await api(t.app, 'POST', `/api/calls/${otherCall.callId}/accept`, { token: second.token });
    const mine = await token(call.callId, 'client', { clientKey: call.clientKey });
    await expect(
      t.app.container.video.verifyRoomToken(mine.data.token, otherCall.callId),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('built-in: ending the call closes the room; no more tokens or joins', async () => {
    const call = await activeCall();
    const closed: string[] = [];
    t.app.container.video.onRoomClosed((room) => closed.push(room.name));
    expect(await t.app.container.calls.isRoomOpen(call.callId, call.callId)).toBe(true);

    const end = await api(t.app, 'POST', `/api/calls/${call.callId}/end`, {
      token: advisor.token,
      body: {},
    });
    expect(end.status).toBe(200);
    expect(closed).toEqual([call.callId]);
    expect(await t.app.container.calls.isRoomOpen(call.callId, call.callId)).toBe(false);
    expect(
      (await token(call.callId, 'client', { clientKey: call.clientKey })).body.error?.code,
    ).toBe('CALL_NOT_ACTIVE');
  });

  it('Daily: the room is created on accept with the settings, tokens are bound to it, and it is deleted on end', async () => {
    await useDaily();
    const call = await activeCall();
    const roomName = `bev-${call.callId}`;
    expect(fake.rooms.get(roomName)?.config).toMatchObject({
      max_participants: 3,
      enable_chat: true,
      eject_at_room_exp: true,
    });
    expect((await details(call.callId)).dailyRoomUrl).toBe(
      `https://${fake.domain}.daily.co/${roomName}`,
    );

    const client = await token(call.callId, 'client', { clientKey: call.clientKey });
    expect(client.data).toMatchObject({ provider: 'daily', roomName, iceServers: [] });
    expect(fake.tokens.get(client.data.token)).toMatchObject({
      room_name: roomName,
      is_owner: false,
      user_name: 'Ana Visitante',
    });
    const adv = await token(call.callId, 'advisor', { token: advisor.token });
    expect(fake.tokens.get(adv.data.token)).toMatchObject({ room_name: roomName, is_owner: true });

    await api(t.app, 'POST', `/api/calls/${call.callId}/end`, { token: advisor.token, body: {} });
    expect(fake.rooms.has(roomName)).toBe(false);
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/rooms/${roomName}`,
    ]);
  });

  it('Daily: a call still ends when Daily cannot delete the room', async () => {
    await useDaily();
    const call = await activeCall();
    fake.failNext(500, 1);
    const end = await api(t.app, 'POST', `/api/calls/${call.callId}/end`, {
      token: advisor.token,
      body: {},
    });
    expect(end.status).toBe(200);
    expect((await details(call.callId)).status).toBe('completed');
  });

  it('room tokens stop working when the room expires', async () => {
    const call = await activeCall();
    const { data } = await token(call.callId, 'client', { clientKey: call.clientKey });
    t.clock.advance(60 * 60_000);
    await expect(
      t.app.container.video.verifyRoomToken(data.token, call.callId),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'expired' },
    });
  });
});
