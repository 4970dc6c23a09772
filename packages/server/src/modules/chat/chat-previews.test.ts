/**
 * The stylist's hair colour preview in the chat (docs/product.md#hair-colour-preview), on both
 * databases: the advisor who took the call adds it (a photo of kind `preview`, before and after
 * side by side, with the shade in the message's text) while the call is active, and the visitor's
 * chat hears it at once; nobody else may (not the visitor, not an admin watching, not another
 * stylist), and not before the call is taken. The visitor may delete it, like a snapshot of her.
 */
import { randomUUID } from 'node:crypto';
import {
  chatMessageSchema,
  type ChatHistory,
  type ChatImage,
  type ChatMessage,
  type ErrorBody,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, requestCall, type RequestedCall, type TestAdvisor } from '../../test/fixtures.js';
import { openChatBed } from '../../test/chat-bed.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { testPhoto } from '../../test/photos.js';
import { ask, closeSockets, next, open } from '../../test/socket-clients.js';

type Creds = { token?: string; clientKey?: string };
type Answer<T> = { status: number; body: { success: boolean; data?: T } & Partial<ErrorBody> };

describe.each(await dialects())('colour previews in the call (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;
  let photo: Buffer;

  beforeEach(async () => {
    ({ t, url, admin, eva, bea } = await openChatBed(dialect));
    photo = await testPhoto({ width: 128, height: 48 });
  });

  afterEach(async () => {
    closeSockets();
    await t.close();
  });

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });
  const headersOf = (creds: Creds): Record<string, string> => ({
    ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
    ...(creds.clientKey !== undefined ? { 'x-client-key': creds.clientKey } : {}),
  });

  async function activeCall(): Promise<RequestedCall> {
    const call = await requestCall(t.app, { name: 'Ana Visitante' });
    expect(call.advisorId).toBe(eva.id);
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva));
    expect(accepted.status).toBe(200);
    return call;
  }

  async function upload(callId: string, creds: Creds): Promise<Answer<ChatImage>> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${callId}/images?kind=preview`,
      headers: { ...headersOf(creds), 'content-type': 'image/jpeg' },
      payload: photo,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Answer<ChatImage>['body'] };
  }

  const errorOf = <T>(res: Answer<T>) => [res.status, res.body.error?.code];
  const storedPreviews = async () =>
    (await t.db.db.selectFrom('call_images').select(['kind']).execute()).filter(
      (r) => r.kind === 'preview',
    ).length;

  it('the call’s stylist shows her preview: stored as one, heard at once with its shade', async () => {
    const call = await activeCall();
    const ana = await open(url);
    expect(
      (await ask(ana, 'client:connect', { callId: call.callId, clientKey: call.clientKey })).ok,
    ).toBe(true);
    expect((await ask(ana, 'chat:join', { callId: call.callId })).ok).toBe(true);
    const heard = next(ana, 'chat:message');

    const res = await upload(call.callId, staff(eva));
    expect(errorOf(res)).toEqual([201, undefined]);
    const image = res.body.data!;
    expect(image).toMatchObject({ kind: 'preview', width: 128, height: 48 });
    const sent = await api<ChatMessage>(t.app, 'POST', `/api/calls/${call.callId}/messages`, {
      ...staff(eva),
      body: { id: randomUUID(), body: '7.3 Rubio medio dorado', imageId: image.id },
    });
    expect(sent.status).toBe(201);
    const message = chatMessageSchema.parse(await heard);
    expect(message).toMatchObject({
      senderType: 'advisor',
      body: '7.3 Rubio medio dorado',
      image: { id: image.id, kind: 'preview' },
    });
    const history = await api<ChatHistory>(
      t.app,
      'GET',
      `/api/calls/${call.callId}/messages`,
      visitor(call),
    );
    expect(history.data.messages.map((m) => m.image?.kind)).toEqual(['preview']);
  });

  it('nobody else adds one, nor before the call is taken or after it ended', async () => {
    const ringing = await requestCall(t.app, { name: 'Lía Espera' });
    expect(errorOf(await upload(ringing.callId, staff(eva)))).toEqual([403, 'FORBIDDEN']);
    await api(t.app, 'POST', `/api/calls/${ringing.callId}/cancel`, visitor(ringing));
    const call = await activeCall();
    expect(errorOf(await upload(call.callId, visitor(call)))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await upload(call.callId, staff(admin)))).toEqual([403, 'FORBIDDEN']);
    expect((await upload(call.callId, staff(bea))).status).toBe(403);
    const ended = await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva));
    expect(ended.status).toBe(200);
    expect(errorOf(await upload(call.callId, staff(eva)))).toEqual([409, 'CALL_NOT_ACTIVE']);
    expect(await storedPreviews()).toBe(0);
  });

  it('the visitor deletes a preview of her', async () => {
    const call = await activeCall();
    const image = (await upload(call.callId, staff(eva))).body.data!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/calls/${call.callId}/images/${image.id}`,
      headers: { ...headersOf(visitor(call)), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPreviews()).toBe(0);
  });
});
