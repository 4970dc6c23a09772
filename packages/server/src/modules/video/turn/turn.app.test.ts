/**
 * TURN credentials through the whole app (HTTP, Socket.IO, real database): only the call's
 * participants get them, each for themselves and no longer than their room, and the TURN secret
 * never shows up in an API answer, a log line (captured at trace level) or the audit log.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  defaultSettings,
  type CallJoin,
  type CallToken,
  type ClientToServerEvents,
  type IceServer,
  type RtcIceServers,
  type RtcJoined,
  type ServerToClientEvents,
  type Settings,
} from '@belleza/contract';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app.js';
import { ManualClock } from '../../../lib/clock.js';
import { RecordingNotifier } from '../../../lib/notifier.js';
import {
  api,
  insertAdvisor,
  requestCall,
  type ApiResult,
  type RequestedCall,
  type TestAdvisor,
} from '../../../test/fixtures.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { freePort } from './coturn.fixture.js';

type Client = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

const SECRET = 'Tv7-belleza-TURN-secret-never-shown';
const STUN = 'stun:stun.belleza.test:3478';
const STATIC: IceServer = { urls: 'stun:static.belleza.test:3478' };
/** TURN_CREDENTIAL_TTL: each credential lasts 10 minutes; the room lasts the call's 60. */
const TURN_TTL_MS = 10 * 60_000;

describe('TURN credentials in the app', () => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  let turnUrls: string[];
  const clock = new ManualClock('2026-11-20T15:00:00.000Z');
  const logLines: string[] = [];
  /** every API answer of this suite, scanned for the secret at the end */
  const answers: string[] = [];
  const sockets: Client[] = [];
  let admin: TestAdvisor;
  let advisor: TestAdvisor;
  let stranger: TestAdvisor;
  let call: RequestedCall;
  let acceptedAt: Date;

  const call_ = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    auth: { token?: string; clientKey?: string; body?: unknown } = {},
  ): Promise<ApiResult<T>> => {
    const res = await api<T>(app, method, path, auth);
    answers.push(JSON.stringify(res.body));
    return res;
  };

  /** What a participant of the call must get: STUN, each TURN URL with their credential, static. */
  const expectIceFor = (servers: IceServer[], participant: string, expiresAt: Date) => {
    const username = `${Math.floor(expiresAt.getTime() / 1000)}:${participant}`;
    // computed here the way coturn does, independently of the app's code
    const credential = createHmac('sha1', SECRET).update(username).digest('base64');
    expect(servers).toEqual([
      { urls: STUN },
      ...turnUrls.map((urls) => ({ urls, username, credential })),
      STATIC,
    ]);
  };

  beforeAll(async () => {
    // A TURN server that is not there: the status check must fail fast without leaking anything.
    const port = await freePort();
    turnUrls = [
      `turn:127.0.0.1:${port}?transport=udp`,
      `turn:127.0.0.1:${port}?transport=tcp`,
      `turns:127.0.0.1:${port}?transport=tcp`,
    ];
    db = await createTestDatabase('sqlite');
    app = await buildApp(
      testConfig({
        logLevel: 'trace',
        turn: { urls: turnUrls, secret: SECRET, credentialTtlMs: TURN_TTL_MS },
        stunUrls: [STUN],
      }),
      {
        database: db,
        clock,
        notifier: new RecordingNotifier(),
        logStream: { write: (line) => void logLines.push(line) },
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    admin = await insertAdvisor(db.db, { isAdmin: true, status: 'offline', now: clock.now() });
    advisor = await insertAdvisor(db.db, { name: 'Eva Estilista', now: clock.now() });
    // Static ICE servers from the admin settings are merged (and the change is audited).
    const settings: Settings = {
      ...structuredClone(defaultSettings),
      video: { ...defaultSettings.video, iceServers: [STATIC] },
      notifications: { ...defaultSettings.notifications, emailNotifications: false },
    };
    expect(
      (await call_('PUT', '/api/settings', { token: admin.token, body: settings })).status,
    ).toBe(200);
    call = await requestCall(app, { name: 'Ana Visitante' });
    expect(call.advisorId).toBe(advisor.id);
    clock.advance(5_000);
    acceptedAt = clock.now();
    const accepted = await call_('POST', `/api/calls/${call.callId}/accept`, {
      token: advisor.token,
    });
    expect(accepted.status).toBe(200);
    stranger = await insertAdvisor(db.db, { name: 'Otra', status: 'offline', now: clock.now() });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await app?.close();
    await db?.drop();
  });

  // The room lives maxCallDuration (60 min) from accept; tokens never outlive it, and TURN
  // credentials last TURN_CREDENTIAL_TTL from when they are handed out, never past the room.
  const roomExpiry = () => new Date(acceptedAt.getTime() + 60 * 60_000);
  const credentialExpiry = () => new Date(clock.now().getTime() + TURN_TTL_MS);

  it('gives the visitor STUN, TURN with her own short-lived credential, and static entries', async () => {
    clock.advance(60_000); // a token fetched later still expires with the room, not later
    const res = await call_<CallToken>('GET', `/api/calls/${call.callId}/token?userType=client`, {
      clientKey: call.clientKey,
    });
    expect(res.status).toBe(200);
    expect(res.data.expiresAt).toBe(roomExpiry().toISOString());
    const claims = await app.container.video.verifyRoomToken(res.data.token, call.callId);
    expectIceFor(res.data.iceServers, `client-${claims.id}`, credentialExpiry());
  });

  it('gives the advisor and an admin their own credentials (token and join answers)', async () => {
    const adv = await call_<CallToken>('GET', `/api/calls/${call.callId}/token?userType=advisor`, {
      token: advisor.token,
    });
    expectIceFor(adv.data.iceServers, `advisor-${advisor.id}`, credentialExpiry());
    const join = await call_<CallJoin>('GET', `/api/calls/${call.callId}/join`, {
      token: advisor.token,
    });
    expectIceFor(join.data.iceServers, `advisor-${advisor.id}`, credentialExpiry());
    const boss = await call_<CallToken>('GET', `/api/calls/${call.callId}/token?userType=admin`, {
      token: admin.token,
    });
    expectIceFor(boss.data.iceServers, `admin-${admin.id}`, credentialExpiry());
    const visitor = await call_<CallJoin>('GET', `/api/calls/${call.callId}/join`, {
      clientKey: call.clientKey,
    });
    expect(visitor.data.userType).toBe('client');
    expect(visitor.data.iceServers.filter((s) => s.username)).toHaveLength(turnUrls.length);
  });

  it('gives no credential to anyone else', async () => {
    const second = await insertAdvisor(db.db, { now: clock.now() });
    const otherCall = await requestCall(app);
    await call_('POST', `/api/calls/${otherCall.callId}/accept`, { token: second.token });
    const refused = [
      // anonymous
      await call_('GET', `/api/calls/${call.callId}/token?userType=client`),
      await call_('GET', `/api/calls/${call.callId}/join`),
      // a wrong key, and the key of another call
      await call_('GET', `/api/calls/${call.callId}/token?userType=client`, {
        clientKey: 'not-the-key',
      }),
      await call_('GET', `/api/calls/${call.callId}/join`, { clientKey: otherCall.clientKey }),
      // an advisor of another call, for this call
      await call_('GET', `/api/calls/${call.callId}/token?userType=advisor`, {
        token: stranger.token,
      }),
      await call_('GET', `/api/calls/${call.callId}/join`, { token: stranger.token }),
      // the visitor asking for the advisor's seat
      await call_('GET', `/api/calls/${call.callId}/token?userType=advisor`, {
        clientKey: call.clientKey,
      }),
    ];
    for (const res of refused) {
      expect([401, 403, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toMatch(/credential|turn:|iceServers/);
    }
  });

  async function socket(): Promise<Client> {
    const c: Client = connect(url, { transports: ['websocket'], forceNew: true });
    sockets.push(c);
    await new Promise<void>((resolve) => c.once('connect', () => resolve()));
    return c;
  }
  const rtcJoin = (c: Client, token: string): Promise<Ack<RtcJoined>> =>
    new Promise((resolve) => c.emit('rtc:join', { callId: call.callId, token }, resolve));

  const rtcIce = (c: Client): Promise<Ack<RtcIceServers>> =>
    new Promise((resolve) => c.emit('rtc:ice', { callId: call.callId }, resolve));

  it('answers rtc:join with credentials for the participant of the room token, and how long they last', async () => {
    const { data } = await call_<CallToken>(
      'GET',
      `/api/calls/${call.callId}/token?userType=advisor`,
      { token: advisor.token },
    );
    const ack = await rtcJoin(await socket(), data.token);
    answers.push(JSON.stringify(ack));
    if (!ack.ok) throw new Error(`rtc:join refused: ${ack.error.code}`);
    expectIceFor(ack.data.iceServers, `advisor-${advisor.id}`, credentialExpiry());
    expect(ack.data.iceServersTtlMs).toBe(TURN_TTL_MS);
  });

  it("renews a member's credential over rtc:ice while the call lasts, never past the room", async () => {
    const { data } = await call_<CallToken>(
      'GET',
      `/api/calls/${call.callId}/token?userType=client`,
      { clientKey: call.clientKey },
    );
    const claims = await app.container.video.verifyRoomToken(data.token, call.callId);
    const startedAt = clock.now();
    const page = await socket();
    const joined = await rtcJoin(page, data.token);
    if (!joined.ok) throw new Error(`rtc:join refused: ${joined.error.code}`);
    // Halfway through its credential, the page asks again: a new one, from now.
    clock.advance(TURN_TTL_MS / 2);
    const renewed = await rtcIce(page);
    answers.push(JSON.stringify(renewed));
    if (!renewed.ok) throw new Error(`rtc:ice refused: ${renewed.error.code}`);
    expectIceFor(renewed.data.iceServers, `client-${claims.id}`, credentialExpiry());
    expect(renewed.data.iceServers).not.toEqual(joined.data.iceServers);
    expect(renewed.data.iceServersTtlMs).toBe(TURN_TTL_MS);
    // Four minutes before the room's end: the credential ends with the room.
    clock.set(new Date(roomExpiry().getTime() - 4 * 60_000));
    const last = await rtcIce(page);
    if (!last.ok) throw new Error(`rtc:ice refused: ${last.error.code}`);
    expectIceFor(last.data.iceServers, `client-${claims.id}`, roomExpiry());
    expect(last.data.iceServersTtlMs).toBe(4 * 60_000);
    // The other tests' time, as it was.
    clock.set(startedAt);
  });

  it("renews nothing for a socket that is not in the call's room", async () => {
    const ack = await rtcIce(await socket());
    answers.push(JSON.stringify(ack));
    expect(ack).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(JSON.stringify(ack)).not.toMatch(/credential|turn:/);
  });

  it('answers rtc:join without a valid room token with no ICE servers at all', async () => {
    const { data } = await call_<CallToken>(
      'GET',
      `/api/calls/${call.callId}/token?userType=client`,
      { clientKey: call.clientKey },
    );
    const forged = `${data.token.slice(0, -4)}AAAA`;
    for (const token of [forged, 'v1.x.y', '']) {
      const ack = await rtcJoin(await socket(), token);
      answers.push(JSON.stringify(ack));
      expect(ack.ok).toBe(false);
      expect(JSON.stringify(ack)).not.toMatch(/credential|turn:/);
    }
  });

  it('never shows the secret in settings, the system status or the audit', async () => {
    const reads = [
      await call_('GET', '/api/settings', { token: admin.token }),
      await call_('GET', '/api/settings/public'),
      await call_('GET', '/api/system/status', { token: admin.token }),
      await call_('GET', '/api/audit', { token: admin.token }),
    ];
    for (const res of reads) expect(res.status).toBe(200);
    // the status did try the (absent) TURN server
    expect(reads[2]?.body.data).toMatchObject({
      video: {
        ok: false,
        reason: 'turn_unreachable',
        turn: { configured: true, reachable: false },
      },
    });
    const audit = await db.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it('redacts the secret from any logged object that holds the config', () => {
    app.log.info({ config: app.container.config }, 'config dump');
    app.log.info({ deps: { config: app.container.config } }, 'nested config dump');
    const dumps = logLines.filter((l) => l.includes('config dump'));
    expect(dumps).toHaveLength(2);
    for (const line of dumps) expect(line).toContain('[redacted]');
  });

  it('never wrote the secret in any API answer, socket answer or log line', () => {
    // the capture saw this suite's requests at trace level
    expect(logLines.some((l) => l.includes(`/api/calls/${call.callId}/token`))).toBe(true);
    expect(answers.length).toBeGreaterThan(15);
    for (const text of [...answers, ...logLines]) expect(text).not.toContain(SECRET);
  });
});
