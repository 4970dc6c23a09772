/**
 * Close-up requests over the real stack (Socket.IO, the database), on both databases: the call's
 * stylist asks (`closeup:request`), only the call's own sockets (its visitor's) hear
 * `closeup:requested`; the visitor's screen tells how it goes (`closeup:status`) and the call's
 * chat room hears `closeup:state`; her photo of kind `closeup` is stored at its own resolution,
 * past the chat's usual edge, without metadata. Who may ask and answer, and only while the call
 * is active. No sleeps: "heard nothing" is checked after a ping round trip.
 */
import {
  CHAT_IMAGE_MAX_EDGE,
  CLOSEUP_IMAGE_MAX_EDGE,
  closeupRequestSchema,
  closeupStatusPayload,
  type ChatImage,
  type CloseupRequest,
} from '@belleza/contract';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, requestCall, type RequestedCall, type TestAdvisor } from '../../test/fixtures.js';
import { openChatBed } from '../../test/chat-bed.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { METADATA_MARKS, testPhoto } from '../../test/photos.js';
import {
  ask,
  closeSockets,
  next,
  open,
  type AckResult,
  type Client,
  heardBy,
  flushed,
} from '../../test/socket-clients.js';

type Creds = { token?: string; clientKey?: string };
type Answer<T> = { status: number; body: { data?: T; error?: { code: string } } };

const refusal = (r: AckResult) => (r.ok ? 'ok' : r.error.code);

describe.each(await dialects())('close-up requests (%s)', (dialect) => {
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

  async function accept(call: RequestedCall): Promise<RequestedCall> {
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: eva.token,
    });
    expect(accepted.status).toBe(200);
    return call;
  }

  const activeCall = async () => accept(await pendingCall());

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

  async function upload(callId: string, creds: Creds, kind: string, data: Buffer) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${callId}/images?kind=${kind}`,
      headers: {
        ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
        ...(creds.clientKey !== undefined ? { 'x-client-key': creds.clientKey } : {}),
        'content-type': 'image/jpeg',
      },
      payload: data,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Answer<ChatImage>['body'] };
  }

  it("the stylist's request reaches only the visitor's own sockets, naming who asks", async () => {
    const call = await activeCall();
    const ana = await visitorSocket(call);
    const evaSocket = await staffSocket(eva, call.callId);
    const watching = await staffSocket(admin, call.callId);
    // Queued behind it (Eva is busy): another call's visitor.
    const elsewhere = await visitorSocket(await requestCall(t.app, { name: 'Otra' }));
    const heardByOthers = [evaSocket, watching, elsewhere].map((s) =>
      heardBy(s, 'closeup:requested'),
    );

    const toAna = next(ana, 'closeup:requested');
    const res = await ask(evaSocket, 'closeup:request', { callId: call.callId });
    if (!res.ok) throw new Error(res.error.code);
    const request = closeupRequestSchema.parse(res.data);
    expect(request).toEqual({
      callId: call.callId,
      requestId: request.requestId,
      requestedBy: 'Eva Estilista',
    } satisfies CloseupRequest);
    expect(request.requestId).toMatch(/^closeup_/);
    expect(closeupRequestSchema.parse(await toAna)).toEqual(request);
    expect(t.notifier.of('closeup:requested').map((e) => e.room)).toEqual([`call:${call.callId}`]);
    await Promise.all([evaSocket, watching, elsewhere].map(flushed));
    expect(heardByOthers).toEqual([[], [], []]);
  });

  it('refuses the visitor, an admin watching, another stylist, strangers, a call not yet answered and an ended call; nobody hears anything', async () => {
    const waiting = await pendingCall();
    const ana = await visitorSocket(waiting);
    const heard = heardBy(ana, 'closeup:requested');
    const evaSocket = await open(url, { token: eva.token });
    // Ringing: not hers yet.
    expect(refusal(await ask(evaSocket, 'closeup:request', { callId: waiting.callId }))).toBe(
      'FORBIDDEN',
    );

    await accept(waiting);
    const adminSocket = await open(url, { token: admin.token });
    const beaSocket = await open(url, { token: bea.token });
    const stranger = await open(url);
    const cases: Array<[string, Client, string]> = [
      ['the visitor', ana, 'FORBIDDEN'],
      ['an admin watching', adminSocket, 'FORBIDDEN'],
      ['another stylist', beaSocket, 'FORBIDDEN'],
      ['a socket with no key', stranger, 'UNAUTHENTICATED'],
    ];
    for (const [who, socket, code] of cases)
      expect([
        who,
        refusal(await ask(socket, 'closeup:request', { callId: waiting.callId })),
      ]).toEqual([who, code]);
    expect(refusal(await ask(evaSocket, 'closeup:request', { callId: 'call_unknown' }))).toBe(
      'CALL_NOT_FOUND',
    );
    expect(refusal(await ask(evaSocket, 'closeup:request', { callId: '' }))).toBe(
      'VALIDATION_ERROR',
    );

    expect(
      (await api(t.app, 'POST', `/api/calls/${waiting.callId}/end`, { token: eva.token })).status,
    ).toBe(200);
    expect(refusal(await ask(evaSocket, 'closeup:request', { callId: waiting.callId }))).toBe(
      'CALL_NOT_ACTIVE',
    );
    await flushed(ana);
    expect(heard).toEqual([]);
    expect(t.notifier.of('closeup:requested')).toEqual([]);
  });

  it("the visitor's answers reach the stylist's screen at once; only she gives them, while the call is active", async () => {
    const call = await activeCall();
    const ana = await visitorSocket(call);
    const evaSocket = await staffSocket(eva, call.callId);
    const requested = await ask(evaSocket, 'closeup:request', { callId: call.callId });
    if (!requested.ok) throw new Error(requested.error.code);
    const { requestId } = closeupRequestSchema.parse(requested.data);

    const toEva = next(evaSocket, 'closeup:state');
    const answered = await ask(ana, 'closeup:status', {
      callId: call.callId,
      requestId,
      state: 'rear-camera',
    });
    expect(answered.ok).toBe(true);
    expect(closeupStatusPayload.parse(await toEva)).toEqual({
      callId: call.callId,
      requestId,
      state: 'rear-camera',
    });

    // Staff cannot speak for her device; a state the contract does not know is refused.
    const heard = heardBy(evaSocket, 'closeup:state');
    expect(
      refusal(
        await ask(evaSocket, 'closeup:status', { callId: call.callId, requestId, state: 'sent' }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      refusal(await ask(ana, 'closeup:status', { callId: call.callId, requestId, state: 'done!' })),
    ).toBe('VALIDATION_ERROR');

    await api(t.app, 'POST', `/api/calls/${call.callId}/end`, { token: eva.token });
    expect(
      refusal(
        await ask(ana, 'closeup:status', { callId: call.callId, requestId, state: 'cancelled' }),
      ),
    ).toBe('CALL_NOT_ACTIVE');
    await flushed(evaSocket);
    expect(heard).toEqual([]);
  });

  it('stores her close-up at the resolution it was taken, past the chat photos’ edge, with no metadata; only she sends one, in the call', async () => {
    const call = await activeCall();
    const big = await testPhoto({ width: 4000, height: 3000, metadata: true });

    const closeup = await upload(call.callId, { clientKey: call.clientKey }, 'closeup', big);
    expect([closeup.status, closeup.body.data?.kind]).toEqual([201, 'closeup']);
    expect([closeup.body.data?.width, closeup.body.data?.height]).toEqual([4000, 3000]);
    // The same photo sent as a plain one is shrunk as chat photos are.
    const plain = await upload(call.callId, { clientKey: call.clientKey }, 'photo', big);
    expect([plain.body.data?.width, plain.body.data?.height]).toEqual([
      CHAT_IMAGE_MAX_EDGE,
      (CHAT_IMAGE_MAX_EDGE * 3) / 4,
    ]);
    // Larger than a close-up keeps: shrunk to its edge.
    const huge = await testPhoto({ width: 4400, height: 3300 });
    const shrunk = await upload(call.callId, { clientKey: call.clientKey }, 'closeup', huge);
    expect([shrunk.body.data?.width, shrunk.body.data?.height]).toEqual([
      CLOSEUP_IMAGE_MAX_EDGE,
      (CLOSEUP_IMAGE_MAX_EDGE * 3) / 4,
    ]);

    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/calls/${call.callId}/images/${closeup.body.data?.id ?? ''}`,
      headers: { authorization: `Bearer ${eva.token}` },
    });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp, meta.icc]).toEqual([
      4000,
      3000,
      undefined,
      undefined,
      undefined,
    ]);
    const bytes = stored.rawPayload.toString('latin1');
    for (const mark of Object.values(METADATA_MARKS)) expect(bytes).not.toContain(mark);

    // The stylist and an admin cannot send one as hers.
    for (const token of [eva.token, admin.token])
      expect((await upload(call.callId, { token }, 'closeup', big)).body.error?.code).toBe(
        'FORBIDDEN',
      );
    await api(t.app, 'POST', `/api/calls/${call.callId}/end`, { token: eva.token });
    expect(
      (await upload(call.callId, { clientKey: call.clientKey }, 'closeup', big)).body.error?.code,
    ).toBe('CALL_NOT_ACTIVE');
  });
});
