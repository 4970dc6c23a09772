/**
 * Chat in the call over the real stack, on both databases: real calls (requested, accepted, ended),
 * the REST routes with the visitor's key or a session, and real Socket.IO clients in the call's
 * chat room. No sleeps: every wait is for an event or an acknowledgement, and "not delivered" is
 * checked after a ping round trip (a socket's events arrive in order).
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGE_MAX,
  CHAT_RATE_MAX,
  chatHistorySchema,
  chatMessageSchema,
  type ChatHistory,
  type ChatMessage,
  type ChatSenderType,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, requestCall, type RequestedCall, type TestAdvisor } from '../../test/fixtures.js';
import { openChatBed } from '../../test/chat-bed.js';
import { dialects, type TestApp } from '../../test/helpers.js';
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

describe.each(await dialects())('chat in the call (%s)', (dialect) => {
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

  // ------------------------------------------------------------------ helpers

  async function pendingCall(name = 'Ana Visitante'): Promise<RequestedCall> {
    const call = await requestCall(t.app, { name });
    expect(call.advisorId).toBe(eva.id);
    return call;
  }

  /** A call requested by a visitor and accepted by `by` (Eva unless told). */
  async function activeCall(by: TestAdvisor = eva, name?: string): Promise<RequestedCall> {
    const call = await pendingCall(name);
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: by.token,
    });
    expect(accepted.status).toBe(200);
    return call;
  }

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });

  const post = (callId: string, creds: Creds, body: unknown) =>
    api<ChatMessage>(t.app, 'POST', `/api/calls/${callId}/messages`, { ...creds, body });
  const history = (callId: string, creds: Creds) =>
    api<ChatHistory>(t.app, 'GET', `/api/calls/${callId}/messages`, creds);

  /** The message the server answers for a send at the clock's current time. */
  const expected = (
    callId: string,
    id: string,
    senderType: ChatSenderType,
    senderName: string,
    body: string,
  ): ChatMessage => ({
    id,
    callId,
    senderType,
    senderName,
    body,
    image: null,
    sentAt: t.clock.now().toISOString(),
  });

  const delivered = (callId: string) =>
    t.notifier.of('chat:message', `chat:${callId}`).map((e) => e.payload);

  async function visitorSocket(call: RequestedCall): Promise<Client> {
    const s = await open(url);
    const r = await ask(s, 'client:connect', { callId: call.callId, clientKey: call.clientKey });
    expect(r.ok).toBe(true);
    return s;
  }

  const staffSocket = (who: TestAdvisor): Promise<Client> => open(url, { token: who.token });

  function okData(r: AckResult): unknown {
    if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
    return r.data;
  }

  async function joinChat(s: Client, callId: string): Promise<ChatHistory> {
    return chatHistorySchema.parse(okData(await ask(s, 'chat:join', { callId })));
  }

  /** Every `chat:message` the socket receives, in order. */
  const messagesHeardBy = (s: Client): ChatMessage[] => heardBy(s, 'chat:message');

  // ------------------------------------------------------------------ REST

  it('the visitor and her advisor write over REST; everyone reads the history oldest first', async () => {
    const call = await activeCall();
    const first = randomUUID();
    const sent = await post(call.callId, visitor(call), {
      id: first,
      body: '  Hola, tengo frizz  ',
    });
    expect(sent.status).toBe(201);
    const hola = expected(call.callId, first, 'client', 'Ana Visitante', 'Hola, tengo frizz');
    expect(sent.body).toEqual({ success: true, data: hola });

    t.clock.advance(1000);
    const second = randomUUID();
    const answer = await post(call.callId, staff(eva), { id: second, body: 'Te ayudo con eso' });
    expect(answer.status).toBe(201);
    const ayudo = expected(call.callId, second, 'advisor', 'Eva Estilista', 'Te ayudo con eso');
    expect(answer.data).toEqual(ayudo);

    t.clock.advance(1000);
    // Stored and answered as sent: the web renders text, the server processes no HTML.
    const markup = '<b>¿Sirve</b> el aceite & "argán"? <script>x</script>';
    const third = randomUUID();
    expect((await post(call.callId, visitor(call), { id: third, body: markup })).status).toBe(201);
    const aceite = expected(call.callId, third, 'client', 'Ana Visitante', markup);

    for (const creds of [visitor(call), staff(eva), staff(admin)]) {
      const res = await history(call.callId, creds);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { callId: call.callId, messages: [hola, ayudo, aceite] },
      });
    }
    // Delivered to the call's chat room once each, after storing.
    expect(delivered(call.callId)).toEqual([hola, ayudo, aceite]);
  });

  it('the visitor writes while she waits; the advisor the call only rings reads it once she answers', async () => {
    const call = await pendingCall();
    const waiting = randomUUID();
    const res = await post(call.callId, visitor(call), { id: waiting, body: 'Sigo esperando' });
    expect(res.status).toBe(201);
    const msg = expected(call.callId, waiting, 'client', 'Ana Visitante', 'Sigo esperando');

    // Ringing is not taking: she may pass, so she is not in the chat yet.
    expect((await history(call.callId, staff(eva))).body.error?.code).toBe('FORBIDDEN');
    expect((await post(call.callId, staff(eva), { id: randomUUID(), body: 'x' })).status).toBe(403);
    // An admin reads at once, but writes only in an active call.
    expect((await history(call.callId, staff(admin))).data.messages).toEqual([msg]);
    const early = await post(call.callId, staff(admin), { id: randomUUID(), body: 'Hola' });
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('CALL_NOT_ACTIVE');

    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    expect((await history(call.callId, staff(eva))).data.messages).toEqual([msg]);
    expect(
      (await post(call.callId, staff(eva), { id: randomUUID(), body: 'Ya estoy' })).status,
    ).toBe(201);
  });

  it('an admin reads and writes as admin; an admin who took the call writes as its advisor', async () => {
    const call = await activeCall();
    const id = randomUUID();
    const res = await post(call.callId, staff(admin), { id, body: 'Superviso la llamada' });
    expect(res.status).toBe(201);
    expect(res.data).toEqual(
      expected(call.callId, id, 'admin', 'Rosa Admin', 'Superviso la llamada'),
    );
    expect((await history(call.callId, staff(admin))).data.messages).toEqual([res.data]);

    await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva));
    // The next call rings Eva, and the admin takes it himself.
    const taken = await pendingCall('Lola');
    expect(
      (await api(t.app, 'POST', `/api/calls/${taken.callId}/accept`, staff(admin))).status,
    ).toBe(200);
    const own = randomUUID();
    const mine = await post(taken.callId, staff(admin), { id: own, body: 'Te atiendo yo' });
    expect(mine.data).toEqual(
      expected(taken.callId, own, 'advisor', 'Rosa Admin', 'Te atiendo yo'),
    );
    // Eva was only rung: this call's chat is not hers.
    expect((await history(taken.callId, staff(eva))).status).toBe(403);
  });

  it('refuses whoever is not a party: no credentials 401, a wrong key or another advisor 403, an unknown call 404', async () => {
    const call = await pendingCall();
    // Queued behind it (Eva takes one call at a time): a real key, of another call.
    const second = await requestCall(t.app, { name: 'Otra Visitante' });
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    const body = { id: randomUUID(), body: 'Hola' };
    const cases: Array<[string, Creds, number, string]> = [
      ['anonymous', {}, 401, 'UNAUTHENTICATED'],
      ["another call's key", visitor(second), 403, 'INVALID_CLIENT_KEY'],
      ['a made-up key', { clientKey: 'not-the-key' }, 403, 'INVALID_CLIENT_KEY'],
      ['another advisor', staff(bea), 403, 'FORBIDDEN'],
    ];
    for (const [who, creds, status, code] of cases) {
      const read = await history(call.callId, creds);
      expect([who, read.status, read.body.error?.code]).toEqual([who, status, code]);
      const write = await post(call.callId, creds, body);
      expect([who, write.status, write.body.error?.code]).toEqual([who, status, code]);
    }
    for (const creds of [staff(admin), visitor(call)]) {
      const unknown = await history('call_unknown', creds);
      expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'CALL_NOT_FOUND']);
      const write = await post('call_unknown', creds, body);
      expect([write.status, write.body.error?.code]).toEqual([404, 'CALL_NOT_FOUND']);
    }
    expect((await history(call.callId, staff(admin))).data.messages).toEqual([]);
  });

  it('a resend of an id answers the stored message and is delivered once; the id from another sender or with another text is 409', async () => {
    const call = await activeCall();
    const id = randomUUID();
    const first = await post(call.callId, visitor(call), { id, body: 'Solo una vez' });
    expect(first.status).toBe(201);
    t.clock.advance(5000);
    // e.g. the acknowledgement was lost and the page sends it again, later.
    const again = await post(call.callId, visitor(call), { id, body: ' Solo una vez ' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, data: first.data });

    const clashes: Array<[Creds, string]> = [
      [staff(eva), 'Solo una vez'],
      [staff(admin), 'Solo una vez'],
      [visitor(call), 'Otro texto'],
    ];
    for (const [creds, text] of clashes) {
      const res = await post(call.callId, creds, { id, body: text });
      expect([res.status, res.body.error?.code]).toEqual([409, 'CHAT_ID_IN_USE']);
    }
    // The same id in another call is another message.
    await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva));
    const next = await activeCall(eva, 'Marta');
    expect((await post(next.callId, visitor(next), { id, body: 'Solo una vez' })).status).toBe(201);

    expect((await history(call.callId, staff(eva))).data.messages).toEqual([first.data]);
    expect(delivered(call.callId)).toEqual([first.data]);
  });

  it('takes no message after the call ended or was cancelled; the history stays readable and a resend still answers', async () => {
    const call = await activeCall();
    const id = randomUUID();
    const before = await post(call.callId, visitor(call), { id, body: 'Gracias' });
    expect(before.status).toBe(201);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, visitor(call))).status).toBe(
      200,
    );
    for (const creds of [visitor(call), staff(eva), staff(admin)]) {
      const late = await post(call.callId, creds, { id: randomUUID(), body: 'Una cosa más' });
      expect([late.status, late.body.error?.code]).toEqual([409, 'CALL_NOT_ACTIVE']);
    }
    expect((await post(call.callId, visitor(call), { id, body: 'Gracias' })).status).toBe(200);
    for (const creds of [visitor(call), staff(eva), staff(admin)])
      expect((await history(call.callId, creds)).data.messages).toEqual([before.data]);

    const gone = await pendingCall('Se fue');
    expect(
      (await post(gone.callId, visitor(gone), { id: randomUUID(), body: 'Hola' })).status,
    ).toBe(201);
    expect(
      (await api(t.app, 'POST', `/api/calls/${gone.callId}/cancel`, visitor(gone))).status,
    ).toBe(200);
    const late = await post(gone.callId, visitor(gone), { id: randomUUID(), body: 'Sigo aquí' });
    expect([late.status, late.body.error?.code]).toEqual([409, 'CALL_NOT_ACTIVE']);
  });

  it(`lets each sender send ${CHAT_RATE_MAX} messages per call and window, then 429 with the wait; resends are not counted`, async () => {
    const call = await activeCall();
    const ids = Array.from({ length: CHAT_RATE_MAX + 1 }, () => randomUUID());
    const results = await Promise.all(
      ids.map((id, i) => post(call.callId, visitor(call), { id, body: `Mensaje ${i}` })),
    );
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 201)).toHaveLength(CHAT_RATE_MAX);
    expect(refused).toHaveLength(1);
    const [over] = refused;
    expect(over?.body.error?.code).toBe('RATE_LIMITED');
    const wait = (over?.body.error?.details as { retryAfterSeconds?: unknown } | undefined)
      ?.retryAfterSeconds;
    expect(typeof wait === 'number' && wait >= 1).toBe(true);

    // A stored id answers before the limit is looked at; the refused one stays unsent.
    const storedIndex = results.findIndex((r) => r.status === 201);
    const storedId = ids[storedIndex] ?? '';
    expect(
      (await post(call.callId, visitor(call), { id: storedId, body: `Mensaje ${storedIndex}` }))
        .status,
    ).toBe(200);
    expect(
      (await post(call.callId, visitor(call), { id: randomUUID(), body: 'Otro' })).status,
    ).toBe(429);
    // The limit is per sender: the advisor still writes.
    expect((await post(call.callId, staff(eva), { id: randomUUID(), body: 'Calma' })).status).toBe(
      201,
    );
    expect((await history(call.callId, staff(eva))).data.messages).toHaveLength(CHAT_RATE_MAX + 1);
  });

  it('answers bad input with 400 and stores nothing: empty, blank, too long, a NUL character, an id that is not a UUID', async () => {
    const call = await activeCall();
    const bad: unknown[] = [
      { id: randomUUID(), body: '' },
      { id: randomUUID(), body: '   \n\t ' },
      { id: randomUUID(), body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) },
      { id: randomUUID(), body: 'ab\u0000cd' },
      { id: 'msg-1', body: 'Hola' },
      { body: 'Hola' },
      { id: randomUUID() },
      { id: randomUUID(), body: 42 },
    ];
    for (const body of bad) {
      const res = await post(call.callId, visitor(call), body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.error?.code]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        'VALIDATION_ERROR',
      ]);
    }
    expect((await history(call.callId, visitor(call))).data.messages).toEqual([]);

    // The longest message fits once trimmed; other control characters are stored as sent.
    const longest = 'y'.repeat(CHAT_MESSAGE_MAX);
    expect(
      (await post(call.callId, visitor(call), { id: randomUUID(), body: `  ${longest}\n` })).data
        .body,
    ).toBe(longest);
    const controls = 'línea 1\nlínea 2\u0001\u001b[31m';
    expect(
      (await post(call.callId, visitor(call), { id: randomUUID(), body: controls })).data.body,
    ).toBe(controls);

    // Over the socket the same schema answers VALIDATION_ERROR in the ack.
    const s = await visitorSocket(call);
    const r = await ask(s, 'chat:send', { callId: call.callId, id: randomUUID(), body: ' ' });
    expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    expect((await history(call.callId, visitor(call))).data.messages).toHaveLength(2);
  });

  // ------------------------------------------------------------------ Socket.IO

  it('chat:join answers the history and joins the room; chat:send acks the message and reaches the others, not the sender', async () => {
    const call = await activeCall();
    const early = randomUUID();
    await post(call.callId, visitor(call), { id: early, body: 'Antes de conectar' });
    const antes = expected(call.callId, early, 'client', 'Ana Visitante', 'Antes de conectar');
    t.clock.advance(1000);

    const ana = await visitorSocket(call);
    const evaSocket = await staffSocket(eva);
    const adminSocket = await staffSocket(admin);
    // Connected to the call but not in its chat: hears nothing of it.
    const bystander = await visitorSocket(call);
    const heard = {
      ana: messagesHeardBy(ana),
      eva: messagesHeardBy(evaSocket),
      admin: messagesHeardBy(adminSocket),
      bystander: messagesHeardBy(bystander),
    };
    for (const s of [ana, evaSocket, adminSocket])
      expect(await joinChat(s, call.callId)).toEqual({ callId: call.callId, messages: [antes] });

    const id = randomUUID();
    const reachesEva = next(evaSocket, 'chat:message');
    const reachesAdmin = next(adminSocket, 'chat:message');
    const ack = await ask(ana, 'chat:send', { callId: call.callId, id, body: ' ¿Me ves? ' });
    const veo = expected(call.callId, id, 'client', 'Ana Visitante', '¿Me ves?');
    expect(chatMessageSchema.parse(okData(ack))).toEqual(veo);
    expect(await reachesEva).toEqual(veo);
    expect(await reachesAdmin).toEqual(veo);

    // Sent over REST, it reaches the whole room, the sender's sockets included.
    t.clock.advance(1000);
    const reply = randomUUID();
    const toAna = next(ana, 'chat:message');
    const toEva = next(evaSocket, 'chat:message', (m) => m.id === reply);
    const res = await post(call.callId, staff(eva), { id: reply, body: 'Sí, te veo' });
    expect(res.status).toBe(201);
    expect(await toAna).toEqual(res.data);
    expect(await toEva).toEqual(res.data);

    for (const s of [ana, evaSocket, adminSocket, bystander]) await flushed(s);
    expect(heard).toEqual({
      ana: [res.data],
      eva: [veo, res.data],
      admin: [veo, res.data],
      bystander: [],
    });
    expect(await joinChat(bystander, call.callId)).toEqual({
      callId: call.callId,
      messages: [antes, veo, res.data],
    });
  });

  it('a resend over the socket answers the stored message and nobody hears it twice', async () => {
    const call = await activeCall();
    const ana = await visitorSocket(call);
    const evaSocket = await staffSocket(eva);
    await joinChat(evaSocket, call.callId);
    const heard = messagesHeardBy(evaSocket);
    const id = randomUUID();
    const payload = { callId: call.callId, id, body: 'Una vez' };
    const firstAck = okData(await ask(ana, 'chat:send', payload));
    t.clock.advance(3000);
    // A reconnect: the page sends what it has not seen acknowledged again.
    expect(okData(await ask(ana, 'chat:send', payload))).toEqual(firstAck);
    const clash = await ask(evaSocket, 'chat:send', payload);
    expect(clash).toMatchObject({ ok: false, error: { code: 'CHAT_ID_IN_USE' } });
    await flushed(evaSocket);
    expect(heard).toEqual([firstAck]);
  });

  it('over the socket: the visitor of a call requested there writes at once; others are refused', async () => {
    const s = await open(url);
    const created = okData(
      await ask(s, 'call:request', {
        clientInfo: { name: 'Sol', phone: '+51 911 000 111', email: 'sol@example.pe' },
        consent: true,
      }),
    ) as { callId: string };
    const { callId } = created;
    // Her key is remembered for the call she requested on this socket.
    expect(await joinChat(s, callId)).toEqual({ callId, messages: [] });
    const id = randomUUID();
    expect(
      chatMessageSchema.parse(okData(await ask(s, 'chat:send', { callId, id, body: 'Hola' }))),
    ).toEqual(expected(callId, id, 'client', 'Sol', 'Hola'));

    const anonymous = await open(url);
    const other = await staffSocket(bea);
    const ringing = await staffSocket(eva);
    const refusals: Array<[Client, string, string]> = [
      [anonymous, callId, 'UNAUTHENTICATED'],
      [other, callId, 'FORBIDDEN'],
      [ringing, callId, 'FORBIDDEN'],
      [other, 'call_unknown', 'CALL_NOT_FOUND'],
    ];
    for (const [socket, target, code] of refusals) {
      for (const [event, payload] of [
        ['chat:join', { callId: target }],
        ['chat:send', { callId: target, id: randomUUID(), body: 'Hola' }],
      ] as const) {
        const r = await ask(socket, event, payload);
        expect([event, target, r.ok ? null : r.error.code]).toEqual([event, target, code]);
      }
    }
    // Refused sockets are not in the room.
    const room = await t.app.realtime.io.in(`chat:${callId}`).fetchSockets();
    expect(room.map((x) => x.id)).toEqual([s.id]);
  });
});
