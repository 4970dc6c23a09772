/**
 * Snapshot with consent over the real stack, on both databases: the advisor uploads a still of the
 * visitor's video as a photo of kind `snapshot` (built-in video), or the visitor's own device does
 * (Daily); nobody else may, and only while the call is active. The visitor sees it as such, and
 * deletes it — or a photo she sent — during the call and after it, live for both sides
 * (`chat:deleted` to the chat room). The advisor and admins delete any photo of the call.
 * No sleeps: every wait is for an event or an acknowledgement.
 */
import { randomUUID } from 'node:crypto';
import {
  chatDeletedSchema,
  chatMessageSchema,
  type ChatDeleted,
  type ChatHistory,
  type ChatImage,
  type ChatImageKind,
  type ChatMessage,
  type ErrorBody,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, requestCall, type RequestedCall, type TestAdvisor } from '../../test/fixtures.js';
import { openChatBed } from '../../test/chat-bed.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { testPhoto } from '../../test/photos.js';
import { ask, closeSockets, next, open, type Client } from '../../test/socket-clients.js';

type Creds = { token?: string; clientKey?: string };
type Answer<T> = { status: number; body: { success: boolean; data?: T } & Partial<ErrorBody> };

describe.each(await dialects())('snapshots and deleting photos in the call (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;
  let photo: Buffer;

  beforeEach(async () => {
    ({ t, url, admin, eva, bea } = await openChatBed(dialect));
    photo = await testPhoto({ width: 64, height: 48 });
  });

  afterEach(async () => {
    closeSockets();
    await t.close();
  });

  // ------------------------------------------------------------------ helpers

  async function pendingCall(name = 'Ana Visitante'): Promise<RequestedCall> {
    const call = await requestCall(t.app, { name });
    expect(call.advisorId).toBe(eva.id);
    return call;
  }

  async function activeCall(name?: string): Promise<RequestedCall> {
    const call = await pendingCall(name);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    return call;
  }

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });

  const headersOf = (creds: Creds): Record<string, string> => ({
    ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
    ...(creds.clientKey !== undefined ? { 'x-client-key': creds.clientKey } : {}),
  });

  /** POST …/images, `?kind=` when given (a string: invalid kinds are sent too). */
  async function upload(
    callId: string,
    creds: Creds,
    kind?: string,
    data: Buffer = photo,
  ): Promise<Answer<ChatImage>> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${callId}/images${kind === undefined ? '' : `?kind=${kind}`}`,
      headers: { ...headersOf(creds), 'content-type': 'image/jpeg' },
      payload: data,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Answer<ChatImage>['body'] };
  }

  async function uploaded(callId: string, creds: Creds, kind?: ChatImageKind): Promise<ChatImage> {
    const res = await upload(callId, creds, kind);
    expect([res.status, res.body.error?.code]).toEqual([201, undefined]);
    if (!res.body.data) throw new Error('no data');
    return res.body.data;
  }

  const say = async (callId: string, creds: Creds, body: string, imageId?: string) => {
    const res = await api<ChatMessage>(t.app, 'POST', `/api/calls/${callId}/messages`, {
      ...creds,
      body: { id: randomUUID(), body, ...(imageId ? { imageId } : {}) },
    });
    expect(res.status).toBe(201);
    return res.data;
  };

  /** DELETE …/images/{id} as the web sends it: a JSON content type and no body. */
  async function remove(
    callId: string,
    imageId: string,
    creds: Creds,
  ): Promise<Answer<ChatDeleted>> {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/calls/${callId}/images/${imageId}`,
      headers: { ...headersOf(creds), 'content-type': 'application/json' },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Answer<ChatDeleted>['body'] };
  }

  const errorOf = <T>(res: Answer<T>) => [res.status, res.body.error?.code];

  const messages = async (callId: string, creds: Creds): Promise<ChatMessage[]> => {
    const res = await api<ChatHistory>(t.app, 'GET', `/api/calls/${callId}/messages`, creds);
    expect(res.status).toBe(200);
    return res.data.messages;
  };

  const imageStatus = async (callId: string, imageId: string, creds: Creds) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/calls/${callId}/images/${imageId}`,
        headers: headersOf(creds),
      })
    ).statusCode;

  const storedImages = () =>
    t.db.db
      .selectFrom('call_images')
      .select(['id', 'call_id', 'uploader_type', 'kind'])
      .orderBy('id')
      .execute();
  const storedMessages = () =>
    t.db.db
      .selectFrom('call_messages')
      .select(['id', 'call_id', 'body', 'image_id'])
      .orderBy('id')
      .execute();

  const announced = () => t.notifier.of('chat:deleted').map((e) => [e.room, e.payload]);

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

  // ------------------------------------------------------------------ snapshots

  it("the advisor takes a snapshot: stored as one, and the visitor's chat shows it as a snapshot at once", async () => {
    const call = await activeCall();
    const ana = await visitorSocket(call);

    const snapshot = await uploaded(call.callId, staff(eva), 'snapshot');
    expect(snapshot).toEqual({
      id: snapshot.id,
      callId: call.callId,
      kind: 'snapshot',
      width: 64,
      height: 48,
      contentType: 'image/jpeg',
      bytes: snapshot.bytes,
    });
    // Without a kind, or with kind=photo, a photo.
    const plain = await uploaded(call.callId, staff(eva));
    const named = await uploaded(call.callId, visitor(call), 'photo');
    expect([plain.kind, named.kind]).toEqual(['photo', 'photo']);
    expect(await storedImages()).toEqual(
      [
        { id: snapshot.id, call_id: call.callId, uploader_type: 'advisor', kind: 'snapshot' },
        { id: plain.id, call_id: call.callId, uploader_type: 'advisor', kind: 'photo' },
        { id: named.id, call_id: call.callId, uploader_type: 'client', kind: 'photo' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    // The message that shows it reaches her socket and her history with the snapshot's kind.
    const heard = next(ana, 'chat:message');
    const sent = await say(call.callId, staff(eva), '', snapshot.id);
    const { id, kind, width, height, contentType, bytes } = snapshot;
    const shown: ChatMessage['image'] = { id, kind, width, height, contentType, bytes };
    expect(sent).toEqual({
      id: sent.id,
      callId: call.callId,
      senderType: 'advisor',
      senderName: 'Eva Estilista',
      body: '',
      image: shown,
      sentAt: t.clock.now().toISOString(),
    });
    expect(chatMessageSchema.parse(await heard)).toEqual(sent);
    expect(await messages(call.callId, visitor(call))).toEqual([sent]);
    expect(await imageStatus(call.callId, snapshot.id, visitor(call))).toBe(200);
  });

  it("the visitor's own device sends a still of her camera (Daily): stored as hers, a snapshot for the advisor, hers to delete", async () => {
    const call = await activeCall();
    const evaSocket = await staffSocket(eva, call.callId);

    const still = await uploaded(call.callId, visitor(call), 'snapshot');
    expect(still.kind).toBe('snapshot');
    expect(await storedImages()).toEqual([
      { id: still.id, call_id: call.callId, uploader_type: 'client', kind: 'snapshot' },
    ]);
    const heard = next(evaSocket, 'chat:message');
    const sent = await say(call.callId, visitor(call), '', still.id);
    expect(sent).toMatchObject({
      senderType: 'client',
      senderName: 'Ana Visitante',
      image: { id: still.id, kind: 'snapshot', width: 64, height: 48 },
    });
    expect(chatMessageSchema.parse(await heard)).toEqual(sent);
    expect(await imageStatus(call.callId, still.id, staff(eva))).toBe(200);

    const res = await remove(call.callId, still.id, visitor(call));
    expect(res.body.data).toEqual({
      callId: call.callId,
      messageIds: [sent.id],
      imageId: still.id,
    });
    expect(await storedImages()).toEqual([]);
  });

  it('refuses a snapshot from an admin watching or another advisor (403), and from anyone while the call is not active, storing nothing', async () => {
    const waiting = await pendingCall();
    // Not while she waits (hers would be a snapshot of a call not started), nor from the advisor
    // the call only rings, nor from an admin.
    expect(errorOf(await upload(waiting.callId, visitor(waiting), 'snapshot'))).toEqual([
      409,
      'CALL_NOT_ACTIVE',
    ]);
    for (const creds of [staff(eva), staff(admin)]) {
      expect(errorOf(await upload(waiting.callId, creds, 'snapshot'))).toEqual([403, 'FORBIDDEN']);
    }
    expect(
      (await api(t.app, 'POST', `/api/calls/${waiting.callId}/accept`, staff(eva))).status,
    ).toBe(200);
    const call = waiting;
    const cases: Array<[string, Creds, number, string]> = [
      ['an admin who did not take it', staff(admin), 403, 'FORBIDDEN'],
      ['another advisor', staff(bea), 403, 'FORBIDDEN'],
      ['a made-up key', { clientKey: 'not-the-key' }, 403, 'INVALID_CLIENT_KEY'],
      ['anonymous', {}, 401, 'UNAUTHENTICATED'],
    ];
    for (const [who, creds, status, code] of cases) {
      expect([who, ...errorOf(await upload(call.callId, creds, 'snapshot'))]).toEqual([
        who,
        status,
        code,
      ]);
    }
    // Refused before the body is read: 20 MB from an admin is 403, not 413.
    const big = await upload(call.callId, staff(admin), 'snapshot', Buffer.alloc(20 * 1024 * 1024));
    expect(errorOf(big)).toEqual([403, 'FORBIDDEN']);
    // A kind that does not exist is a validation error.
    expect(errorOf(await upload(call.callId, staff(eva), 'selfie'))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
    expect(await storedImages()).toEqual([]);

    // After the end, the advisor gets what every writer gets.
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva))).status).toBe(
      200,
    );
    expect(errorOf(await upload(call.callId, staff(eva), 'snapshot'))).toEqual([
      409,
      'CALL_NOT_ACTIVE',
    ]);
    expect(errorOf(await upload(call.callId, visitor(call), 'snapshot'))).toEqual([
      409,
      'CALL_NOT_ACTIVE',
    ]);
    expect(errorOf(await upload(call.callId, staff(admin), 'snapshot'))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(await storedImages()).toEqual([]);
  });

  it('an admin who took the call himself takes snapshots as its advisor', async () => {
    const call = await pendingCall();
    expect(
      (await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(admin))).status,
    ).toBe(200);
    expect((await uploaded(call.callId, staff(admin), 'snapshot')).kind).toBe('snapshot');
    expect(errorOf(await upload(call.callId, staff(eva), 'snapshot'))).toEqual([403, 'FORBIDDEN']);
  });

  // ------------------------------------------------------------------ deletion during the call

  it('the visitor deletes a snapshot during the call: gone for both, announced to the chat room as chat:deleted', async () => {
    const call = await activeCall();
    const ana = await visitorSocket(call);
    const evaSocket = await staffSocket(eva, call.callId);
    const hello = await say(call.callId, visitor(call), 'Hola');
    const snapshot = await uploaded(call.callId, staff(eva), 'snapshot');
    t.clock.advance(1000);
    const bare = await say(call.callId, staff(eva), '', snapshot.id);
    t.clock.advance(1000);
    const captioned = await say(call.callId, staff(eva), 'Mira tus raíces', snapshot.id);
    const kept = await uploaded(call.callId, staff(eva), 'snapshot');
    t.clock.advance(1000);
    const other = await say(call.callId, staff(eva), '', kept.id);

    const toEva = next(evaSocket, 'chat:deleted');
    const toAna = next(ana, 'chat:deleted');
    const res = await remove(call.callId, snapshot.id, visitor(call));
    expect(res.status).toBe(200);
    const deleted: ChatDeleted = {
      callId: call.callId,
      messageIds: [bare.id],
      imageId: snapshot.id,
    };
    expect(res.body).toEqual({ success: true, data: deleted });
    expect(chatDeletedSchema.parse(await toEva)).toEqual(deleted);
    expect(await toAna).toEqual(deleted);
    expect(announced()).toEqual([[`chat:${call.callId}`, deleted]]);

    // The bare one is gone, the captioned one keeps its text; the other snapshot stays.
    const after = [hello, { ...captioned, image: null }, other];
    expect(await messages(call.callId, visitor(call))).toEqual(after);
    expect(await messages(call.callId, staff(eva))).toEqual(after);
    for (const creds of [visitor(call), staff(eva), staff(admin)])
      expect(await imageStatus(call.callId, snapshot.id, creds)).toBe(404);
    expect((await storedImages()).map((i) => i.id)).toEqual([kept.id]);

    // Deleted means gone: a second time is 404, and nothing more is announced.
    expect(errorOf(await remove(call.callId, snapshot.id, visitor(call)))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    expect(announced()).toHaveLength(1);
  });

  it("the visitor deletes the photos she sent, not the advisor's (403); the advisor and admins delete any", async () => {
    const call = await activeCall();
    const hers = await uploaded(call.callId, visitor(call));
    const herMessage = await say(call.callId, visitor(call), '', hers.id);
    // (A second apart: messages of one millisecond are ordered by their random ids.)
    t.clock.advance(1000);
    const evas = await uploaded(call.callId, staff(eva));
    const evaMessage = await say(call.callId, staff(eva), 'Este tono', evas.id);
    const admins = await uploaded(call.callId, staff(admin));

    for (const imageId of [evas.id, admins.id]) {
      expect(errorOf(await remove(call.callId, imageId, visitor(call)))).toEqual([
        403,
        'FORBIDDEN',
      ]);
    }
    expect(await messages(call.callId, visitor(call))).toEqual([herMessage, evaMessage]);
    expect(await imageStatus(call.callId, evas.id, visitor(call))).toBe(200);
    expect(announced()).toEqual([]);

    expect((await remove(call.callId, hers.id, visitor(call))).body.data).toEqual({
      callId: call.callId,
      messageIds: [herMessage.id],
      imageId: hers.id,
    });
    // Eva removes her own photo (its message keeps the text), the admin Eva's... all of them.
    expect((await remove(call.callId, evas.id, staff(eva))).body.data).toEqual({
      callId: call.callId,
      messageIds: [],
      imageId: evas.id,
    });
    expect((await remove(call.callId, admins.id, staff(eva))).status).toBe(200);
    const again = await uploaded(call.callId, visitor(call));
    expect((await remove(call.callId, again.id, staff(admin))).status).toBe(200);
    expect(await messages(call.callId, staff(eva))).toEqual([{ ...evaMessage, image: null }]);
    expect(await storedImages()).toEqual([]);
    expect(announced().map(([, p]) => (p as ChatDeleted).imageId)).toEqual([
      hers.id,
      evas.id,
      admins.id,
      again.id,
    ]);
  });

  it("refuses whoever is not a party (401, 403) and another call's or an unknown photo (404), changing nothing", async () => {
    const call = await pendingCall();
    // Queued behind it: a real key, of another call.
    const second = await requestCall(t.app, { name: 'Otra Visitante' });
    const theirs = await uploaded(second.callId, visitor(second));
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    const snapshot = await uploaded(call.callId, staff(eva), 'snapshot');
    await say(call.callId, staff(eva), '', snapshot.id);
    const images = await storedImages();
    const stored = await storedMessages();

    const cases: Array<[string, Creds, number, string]> = [
      ['anonymous', {}, 401, 'UNAUTHENTICATED'],
      ["another call's key", visitor(second), 403, 'INVALID_CLIENT_KEY'],
      ['a made-up key', { clientKey: 'not-the-key' }, 403, 'INVALID_CLIENT_KEY'],
      ['another advisor', staff(bea), 403, 'FORBIDDEN'],
    ];
    for (const [who, creds, status, code] of cases) {
      expect([who, ...errorOf(await remove(call.callId, snapshot.id, creds))]).toEqual([
        who,
        status,
        code,
      ]);
    }
    // Her key opens her call, not another call's photos; nor does a staff session.
    for (const creds of [visitor(call), staff(eva), staff(admin)]) {
      expect(errorOf(await remove(call.callId, theirs.id, creds))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
      expect(errorOf(await remove(call.callId, `img_${'0'.repeat(32)}`, creds))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
    }
    expect(errorOf(await remove(second.callId, snapshot.id, visitor(second)))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    expect(errorOf(await remove('call_unknown', snapshot.id, staff(admin)))).toEqual([
      404,
      'CALL_NOT_FOUND',
    ]);
    expect(await storedImages()).toEqual(images);
    expect(await storedMessages()).toEqual(stored);
    expect(announced()).toEqual([]);
  });

  it('deletes while she waits and after the end, by the same rule', async () => {
    const call = await pendingCall();
    const waiting = await uploaded(call.callId, visitor(call));
    const captioned = await say(call.callId, visitor(call), 'Así lo tengo', waiting.id);
    // The advisor it only rings is not in the chat: she deletes nothing.
    expect(errorOf(await remove(call.callId, waiting.id, staff(eva)))).toEqual([403, 'FORBIDDEN']);
    expect((await remove(call.callId, waiting.id, visitor(call))).body.data).toEqual({
      callId: call.callId,
      messageIds: [],
      imageId: waiting.id,
    });

    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    const snapshot = await uploaded(call.callId, staff(eva), 'snapshot');
    const shown = await say(call.callId, staff(eva), '', snapshot.id);
    const evas = await uploaded(call.callId, staff(eva));
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, visitor(call))).status).toBe(
      200,
    );
    expect(errorOf(await remove(call.callId, evas.id, visitor(call)))).toEqual([403, 'FORBIDDEN']);
    expect((await remove(call.callId, snapshot.id, visitor(call))).body.data).toEqual({
      callId: call.callId,
      messageIds: [shown.id],
      imageId: snapshot.id,
    });
    expect((await remove(call.callId, evas.id, staff(eva))).status).toBe(200);
    expect(await messages(call.callId, visitor(call))).toEqual([{ ...captioned, image: null }]);
    expect(await storedImages()).toEqual([]);
  });

  it('documents the deletion and the kind in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    type Op = {
      parameters?: Array<{ name: string; in: string }>;
      responses?: Record<string, unknown>;
    };
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, Op>> };
    const del = doc.paths['/api/calls/{callId}/images/{imageId}']?.delete;
    expect(del?.parameters?.map((p) => [p.in, p.name])).toEqual([
      ['path', 'callId'],
      ['path', 'imageId'],
    ]);
    expect(Object.keys(del?.responses ?? {})).toContain('200');
    const up = doc.paths['/api/calls/{callId}/images']?.post;
    expect(up?.parameters?.map((p) => [p.in, p.name])).toContainEqual(['query', 'kind']);
  });
});
