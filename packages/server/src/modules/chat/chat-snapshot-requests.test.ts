/**
 * Snapshots on Daily over the real stack, on both databases: the advisor who took the call asks the
 * visitor's device for a still (POST …/snapshot-requests), the call's chat room hears
 * `chat:snapshot-requested`, and the visitor answers with her upload of kind `snapshot` or with why
 * her device took none (`chat:snapshot-failed`). Who may ask and answer, while the call is active,
 * within the photo rate; across two instances through Redis when PostgreSQL and Redis are there. No
 * sleeps: every wait is for an event or an acknowledgement, and "not delivered" is checked after a
 * ping round trip.
 */
import {
  CHAT_IMAGE_RATE_MAX,
  snapshotFailedSchema,
  snapshotRequestSchema,
  type SnapshotFailed,
  type SnapshotRequest,
} from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import {
  api,
  createIsolatedDatabase,
  insertAdvisor,
  requestCall,
  type RequestedCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { openChatBed } from '../../test/chat-bed.js';
import {
  createTestApp,
  dialects,
  postgresAvailable,
  type TestApp,
  type TestDatabase,
  redisAvailable,
  REDIS_URL,
} from '../../test/helpers.js';
import { testPhoto } from '../../test/photos.js';
import {
  ask,
  closeSockets,
  listenUrl,
  next,
  open,
  type Client,
  heardBy,
  flushed,
} from '../../test/socket-clients.js';

type Creds = { token?: string; clientKey?: string };

const requestSnapshot = (app: TestApp['app'], callId: string, creds: Creds) =>
  api<SnapshotRequest>(app, 'POST', `/api/calls/${callId}/snapshot-requests`, creds);
const reportFailure = (
  app: TestApp['app'],
  callId: string,
  requestId: string,
  creds: Creds,
  reason: string = 'camera-off',
) =>
  api<SnapshotFailed>(app, 'POST', `/api/calls/${callId}/snapshot-failures`, {
    ...creds,
    body: { requestId, reason },
  });
const errorOf = (res: { status: number; body: { error?: { code: string } } }) => [
  res.status,
  res.body.error?.code,
];

describe.each(await dialects())('snapshot requests on Daily (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;

  beforeEach(async () => {
    ({ t, url, admin, eva, bea } = await openChatBed(dialect));
  });

  afterEach(async () => {
    closeSockets();
    await t.close();
  });

  async function pendingCall(): Promise<RequestedCall> {
    const call = await requestCall(t.app, { name: 'Ana Visitante' });
    expect(call.advisorId).toBe(eva.id);
    return call;
  }

  async function activeCall(by: TestAdvisor = eva): Promise<RequestedCall> {
    const call = await pendingCall();
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(by));
    expect(accepted.status).toBe(200);
    return call;
  }

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });
  const relayed = () =>
    t.notifier
      .of('chat:snapshot-requested')
      .concat(t.notifier.of('chat:snapshot-failed'))
      .map((e) => [e.room, e.event, e.payload]);

  async function visitorSocket(call: RequestedCall): Promise<Client> {
    const s = await open(url);
    const r = await ask(s, 'client:connect', { callId: call.callId, clientKey: call.clientKey });
    expect(r.ok).toBe(true);
    expect((await ask(s, 'chat:join', { callId: call.callId })).ok).toBe(true);
    return s;
  }

  async function staffSocket(who: TestAdvisor, callId: string): Promise<Client> {
    const s = await open(url, { token: who.token });
    expect((await ask(s, 'chat:join', { callId })).ok).toBe(true);
    return s;
  }

  it("relays the advisor's request to the visitor's socket in the chat room, naming who asks", async () => {
    const call = await activeCall();
    const ana = await visitorSocket(call);
    // Queued behind it (Eva is busy): another call's visitor, in her own chat room.
    const other = await requestCall(t.app, { name: 'Otra Visitante' });
    const elsewhere = await visitorSocket(other);
    const heardElsewhere = heardBy(elsewhere, 'chat:snapshot-requested');

    const toAna = next(ana, 'chat:snapshot-requested');
    const res = await requestSnapshot(t.app, call.callId, staff(eva));
    expect(res.status).toBe(202);
    const request: SnapshotRequest = {
      callId: call.callId,
      requestId: res.data.requestId,
      requestedBy: 'Eva Estilista',
    };
    expect(res.data).toEqual(request);
    expect(res.data.requestId).toMatch(/^snap_/);
    expect(snapshotRequestSchema.parse(await toAna)).toEqual(request);
    expect(relayed()).toEqual([[`chat:${call.callId}`, 'chat:snapshot-requested', request]]);
    // Another call's visitor hears nothing.
    await flushed(elsewhere);
    expect(heardElsewhere).toEqual([]);

    // A second request is a new one.
    const again = await requestSnapshot(t.app, call.callId, staff(eva));
    expect(again.data.requestId).not.toBe(request.requestId);
  });

  it('an admin who took the call himself asks as its advisor', async () => {
    const call = await activeCall(admin);
    const res = await requestSnapshot(t.app, call.callId, staff(admin));
    expect(res.status).toBe(202);
    expect(res.data.requestedBy).toBe('Rosa Admin');
  });

  it('refuses the visitor, an admin watching, another advisor and strangers, and any request while the call is not active; relays nothing', async () => {
    const waiting = await pendingCall();
    const ana = await visitorSocket(waiting);
    const heard = heardBy(ana, 'chat:snapshot-requested');
    // While it rings: the advisor it rings is not in it yet, an admin only watches, she waits.
    for (const creds of [staff(eva), staff(admin), visitor(waiting)])
      expect(errorOf(await requestSnapshot(t.app, waiting.callId, creds))).toEqual([
        403,
        'FORBIDDEN',
      ]);

    expect(
      (await api(t.app, 'POST', `/api/calls/${waiting.callId}/accept`, staff(eva))).status,
    ).toBe(200);
    const cases: Array<[string, Creds, number, string]> = [
      ['the visitor', visitor(waiting), 403, 'FORBIDDEN'],
      ['an admin who did not take it', staff(admin), 403, 'FORBIDDEN'],
      ['another advisor', staff(bea), 403, 'FORBIDDEN'],
      ['a made-up key', { clientKey: 'not-the-key' }, 403, 'INVALID_CLIENT_KEY'],
      ['anonymous', {}, 401, 'UNAUTHENTICATED'],
    ];
    for (const [who, creds, status, code] of cases)
      expect([who, ...errorOf(await requestSnapshot(t.app, waiting.callId, creds))]).toEqual([
        who,
        status,
        code,
      ]);
    expect(errorOf(await requestSnapshot(t.app, 'call_unknown', staff(eva)))).toEqual([
      404,
      'CALL_NOT_FOUND',
    ]);

    expect((await api(t.app, 'POST', `/api/calls/${waiting.callId}/end`, staff(eva))).status).toBe(
      200,
    );
    expect(errorOf(await requestSnapshot(t.app, waiting.callId, staff(eva)))).toEqual([
      409,
      'CALL_NOT_ACTIVE',
    ]);
    await flushed(ana);
    expect(heard).toEqual([]);
    expect(relayed()).toEqual([]);
  });

  it(`lets the advisor ask ${CHAT_IMAGE_RATE_MAX} times per call and window, then 429 with the wait, relaying only those`, async () => {
    const call = await activeCall();
    const results = await Promise.all(
      Array.from({ length: CHAT_IMAGE_RATE_MAX + 1 }, () =>
        requestSnapshot(t.app, call.callId, staff(eva)),
      ),
    );
    expect(results.filter((r) => r.status === 202)).toHaveLength(CHAT_IMAGE_RATE_MAX);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.map((r) => r.body.error?.code)).toEqual(['RATE_LIMITED']);
    const wait = (refused[0]?.body.error?.details as { retryAfterSeconds?: unknown } | undefined)
      ?.retryAfterSeconds;
    expect(typeof wait === 'number' && wait >= 1).toBe(true);
    expect(t.notifier.of('chat:snapshot-requested')).toHaveLength(CHAT_IMAGE_RATE_MAX);

    // Per call: her next call's requests count from zero.
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva))).status).toBe(
      200,
    );
    const later = await activeCall();
    expect((await requestSnapshot(t.app, later.callId, staff(eva))).status).toBe(202);
  });

  it("the visitor's failure answer reaches the advisor's socket at once; only she may give it, while the call is active", async () => {
    const call = await activeCall();
    const evaSocket = await staffSocket(eva, call.callId);
    const { requestId } = (await requestSnapshot(t.app, call.callId, staff(eva))).data;

    const toEva = next(evaSocket, 'chat:snapshot-failed');
    const res = await reportFailure(t.app, call.callId, requestId, visitor(call));
    expect(res.status).toBe(200);
    const failed: SnapshotFailed = { callId: call.callId, requestId, reason: 'camera-off' };
    expect(res.data).toEqual(failed);
    expect(snapshotFailedSchema.parse(await toEva)).toEqual(failed);
    const other = await reportFailure(t.app, call.callId, requestId, visitor(call), 'failed');
    expect(other.data.reason).toBe('failed');

    for (const creds of [staff(eva), staff(admin), staff(bea)])
      expect(errorOf(await reportFailure(t.app, call.callId, requestId, creds))).toEqual([
        403,
        'FORBIDDEN',
      ]);
    expect(errorOf(await reportFailure(t.app, call.callId, requestId, {}))).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    expect(
      errorOf(await reportFailure(t.app, call.callId, requestId, visitor(call), 'bored')),
    ).toEqual([400, 'VALIDATION_ERROR']);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, visitor(call))).status).toBe(
      200,
    );
    expect(errorOf(await reportFailure(t.app, call.callId, requestId, visitor(call)))).toEqual([
      409,
      'CALL_NOT_ACTIVE',
    ]);
    expect(t.notifier.of('chat:snapshot-failed')).toHaveLength(2);
  });

  it('documents both routes in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    type Op = { description?: string; responses?: Record<string, unknown> };
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, Op>> };
    const ask = doc.paths['/api/calls/{callId}/snapshot-requests']?.post;
    expect(Object.keys(ask?.responses ?? {})).toContain('202');
    expect(ask?.description).toContain('chat:snapshot-requested');
    const failure = doc.paths['/api/calls/{callId}/snapshot-failures']?.post;
    expect(failure?.description).toContain('chat:snapshot-failed');
    const upload = doc.paths['/api/calls/{callId}/images']?.post;
    expect(upload?.description).toContain('from the visitor herself');
  });
});

// ------------------------------------------------------------------ two instances

const clustered =
  (await postgresAvailable()) && (await redisAvailable('snapshot requests across instances'));

describe.skipIf(!clustered)('snapshot requests across two instances (PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  const clock = new ManualClock('2026-11-27T15:00:00.000Z');

  beforeAll(async () => {
    db = await createIsolatedDatabase('postgres');
    const config = {
      redisUrl: REDIS_URL,
      callRequestRateLimit: 1000,
      callRequestPhoneLimit: 100_000,
      callRequestGlobalLimit: 100_000,
    };
    a = await createTestApp({ db, clock, config, instanceId: 'snap-a' });
    b = await createTestApp({ db, clock, config, instanceId: 'snap-b' });
    urlA = await listenUrl(a.app);
    urlB = await listenUrl(b.app);
  });
  afterAll(async () => {
    closeSockets();
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('the advisor asks through B, the visitor on A hears it; her still through A reaches B, and so does her failure', async () => {
    const advisor = await insertAdvisor(db.db, { now: clock.now(), name: 'Carla' });
    const call = await requestCall(a.app, { name: 'Nora' });
    expect(call.advisorId).toBe(advisor.id);
    const accept = await api(b.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: advisor.token,
    });
    expect(accept.status).toBe(200);

    const advisorOnB = await open(urlB, { token: advisor.token });
    expect((await ask(advisorOnB, 'chat:join', { callId: call.callId })).ok).toBe(true);
    const visitorOnA = await open(urlA);
    const connected = await ask(visitorOnA, 'client:connect', {
      callId: call.callId,
      clientKey: call.clientKey,
    });
    expect(connected.ok).toBe(true);
    expect((await ask(visitorOnA, 'chat:join', { callId: call.callId })).ok).toBe(true);

    const heardOnA = next(visitorOnA, 'chat:snapshot-requested');
    const asked = await requestSnapshot(b.app, call.callId, { token: advisor.token });
    expect(asked.status).toBe(202);
    expect(await heardOnA).toEqual(asked.data);

    // Her device's still, uploaded and shown through A: the advisor on B sees a snapshot.
    const upload = await a.app.inject({
      method: 'POST',
      url: `/api/calls/${call.callId}/images?kind=snapshot`,
      headers: { 'x-client-key': call.clientKey, 'content-type': 'image/jpeg' },
      payload: await testPhoto({ width: 16, height: 16 }),
    });
    expect(upload.statusCode).toBe(201);
    const imageId = (JSON.parse(upload.body) as { data: { id: string } }).data.id;
    const shownOnB = next(advisorOnB, 'chat:message');
    const sent = await api(a.app, 'POST', `/api/calls/${call.callId}/messages`, {
      clientKey: call.clientKey,
      body: { id: '7d0c4a52-1b2c-4d3e-8f40-5a6b7c8d9e0f', body: '', imageId },
    });
    expect(sent.status).toBe(201);
    expect((await shownOnB).image).toMatchObject({ id: imageId, kind: 'snapshot' });

    const failedOnB = next(advisorOnB, 'chat:snapshot-failed');
    const failure = await reportFailure(a.app, call.callId, asked.data.requestId, {
      clientKey: call.clientKey,
    });
    expect(failure.status).toBe(200);
    expect(await failedOnB).toEqual(failure.data);
  });
});
