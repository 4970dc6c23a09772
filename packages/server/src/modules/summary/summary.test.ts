/**
 * Recommendations and the visitor's summary over the real stack, on both databases: real calls
 * (requested, accepted, chatted in with photos, ended), the advisor's recommendations and their
 * edit window, the visitor's link and summary with its one 404 for anything wrong, her deletions,
 * and the nightly purge across two instances. Time is the app's manual clock: no sleeps.
 */
import { randomUUID } from 'node:crypto';
import {
  RECOMMENDATION_ITEMS_MAX,
  RECOMMENDATION_TEXT_MAX,
  SUMMARY_KEY_HEADER,
  callSummarySchema,
  type CallSummary,
  type ChatHistory,
  type ChatImage,
  type ChatImageKind,
  type ChatMessage,
  type Recommendations,
  type SummaryLink,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newSecret } from '../../lib/ids.js';
import {
  api,
  createCallsTestApp,
  databaseText,
  insertAdvisor,
  insertSession,
  refreshPresence,
  requestCall,
  setSystemSettings,
  type RequestedCall,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { testPhoto } from '../../test/photos.js';

type Creds = { token?: string; clientKey?: string };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(await dialects())('recommendations and the summary (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;
  let photo: Buffer;

  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    admin = await insertAdvisor(t.db.db, {
      name: 'Rosa Admin',
      isAdmin: true,
      status: 'offline',
      now: t.clock.now(),
    });
    eva = await insertAdvisor(t.db.db, {
      name: 'Eva Estilista',
      title: 'Colorista',
      now: t.clock.now(),
    });
    // Signed in but not taking calls: every call rings Eva.
    bea = await insertAdvisor(t.db.db, { name: 'Bea Otra', status: 'offline', now: t.clock.now() });
    photo = await testPhoto({ width: 64, height: 48 });
  });

  afterEach(async () => {
    await t.close();
  });

  // ------------------------------------------------------------------ helpers

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });

  /** A call requested now (Eva online again at the clock's time) and ringing Eva. */
  async function pendingCall(name = 'Ana Visitante'): Promise<RequestedCall> {
    await refreshPresence(t.db.db, t.clock.now());
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

  const end = async (call: RequestedCall) =>
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, staff(eva))).status).toBe(
      200,
    );

  /** A call Eva took and ended 10 min 30 s later; the clock is then at its end. */
  async function completedCall(name?: string): Promise<RequestedCall> {
    const call = await activeCall(name);
    t.clock.advance(10 * MINUTE + 30_000);
    await end(call);
    return call;
  }

  const say = async (callId: string, creds: Creds, body: string, imageId?: string) => {
    const res = await api<ChatMessage>(t.app, 'POST', `/api/calls/${callId}/messages`, {
      ...creds,
      body: { id: randomUUID(), body, ...(imageId ? { imageId } : {}) },
    });
    expect(res.status).toBe(201);
    return res.data;
  };

  async function upload(callId: string, creds: Creds, kind?: ChatImageKind): Promise<ChatImage> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${callId}/images${kind ? `?kind=${kind}` : ''}`,
      headers: {
        ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
        ...(creds.clientKey ? { 'x-client-key': creds.clientKey } : {}),
        'content-type': 'image/jpeg',
      },
      payload: photo,
    });
    expect(res.statusCode).toBe(201);
    return (JSON.parse(res.body) as { data: ChatImage }).data;
  }

  type Chat = { herPhoto: ChatImage; herCaptioned: ChatImage; evaPhoto: ChatImage };

  /**
   * A completed call with a chat: her text, her photo alone, Eva's text with a photo, her photo
   * with a caption, Eva's text. Each a second apart.
   */
  async function completedCallWithChat(name?: string): Promise<RequestedCall & Chat> {
    const call = await activeCall(name);
    const her = visitor(call);
    await say(call.callId, her, 'Hola, tengo frizz');
    t.clock.advance(1000);
    const herPhoto = await upload(call.callId, her);
    await say(call.callId, her, '', herPhoto.id);
    t.clock.advance(1000);
    const evaPhoto = await upload(call.callId, staff(eva));
    await say(call.callId, staff(eva), 'Mira este peinado', evaPhoto.id);
    t.clock.advance(1000);
    const herCaptioned = await upload(call.callId, her);
    await say(call.callId, her, 'Así lo tengo hoy', herCaptioned.id);
    t.clock.advance(1000);
    await say(call.callId, staff(eva), 'Te recomiendo un aceite');
    t.clock.advance(10 * MINUTE + 26_000);
    await end(call);
    return { ...call, herPhoto, herCaptioned, evaPhoto };
  }

  const recommendations = (callId: string, creds: Creds) =>
    api<Recommendations>(t.app, 'GET', `/api/calls/${callId}/recommendations`, creds);
  const writeRecommendations = (callId: string, creds: Creds, body: unknown) =>
    api<Recommendations>(t.app, 'PUT', `/api/calls/${callId}/recommendations`, {
      ...creds,
      body,
    });

  const summaryLink = (callId: string, creds: Creds) =>
    api<SummaryLink>(t.app, 'GET', `/api/calls/${callId}/summary-link`, creds);

  /** The visitor's key, from the path of her link. */
  async function keyOf(call: RequestedCall): Promise<string> {
    const res = await summaryLink(call.callId, visitor(call));
    expect(res.status).toBe(200);
    const [path, key] = res.data.path.split('#');
    expect(path).toBe(`/resumen/${call.callId}`);
    if (!key) throw new Error('no key in the path');
    return key;
  }

  const withKey = (key: string | null): { headers: Record<string, string> } => ({
    headers: key === null ? {} : { [SUMMARY_KEY_HEADER]: key },
  });
  const summary = (callId: string, key: string | null) =>
    api<CallSummary>(t.app, 'GET', `/api/summaries/${callId}`, withKey(key));
  const summaryImage = (callId: string, imageId: string, key: string | null) =>
    t.app.inject({
      method: 'GET',
      url: `/api/summaries/${callId}/images/${imageId}`,
      ...withKey(key),
    });
  const deleteImage = (callId: string, imageId: string, key: string | null) =>
    api<CallSummary>(t.app, 'DELETE', `/api/summaries/${callId}/images/${imageId}`, withKey(key));
  const deleteChat = (callId: string, key: string | null) =>
    api<CallSummary>(t.app, 'DELETE', `/api/summaries/${callId}/messages`, withKey(key));

  const chatOf = async (callId: string): Promise<ChatMessage[]> =>
    (await api<ChatHistory>(t.app, 'GET', `/api/calls/${callId}/messages`, staff(admin))).data
      .messages;

  const errorOf = (res: { status: number; body: { error?: { code: string } } }) => [
    res.status,
    res.body.error?.code,
  ];

  /** Every row the summary and the chat keep, per table, for "nothing else changed". */
  const stored = async () => ({
    summaries: await t.db.db.selectFrom('call_summaries').selectAll().orderBy('call_id').execute(),
    keys: await t.db.db
      .selectFrom('summary_keys')
      .select(['call_id', 'key_hash'])
      .orderBy('key_hash')
      .execute(),
    messages: await t.db.db
      .selectFrom('call_messages')
      .selectAll()
      .orderBy('call_id')
      .orderBy('id')
      .execute(),
    images: await t.db.db
      .selectFrom('call_images')
      .select(['id', 'call_id', 'uploader_type', 'size_bytes'])
      .orderBy('id')
      .execute(),
    calls: await t.db.db.selectFrom('calls').selectAll().orderBy('id').execute(),
  });

  // ------------------------------------------------------------------ recommendations

  describe('recommendations', () => {
    const written = {
      text: '  Lava con champú sin sulfatos y seca al aire.  ',
      items: [
        { name: 'Champú sin sulfatos', pricePen: 19.99, url: 'https://tienda.pe/champu' },
        { name: 'Corte de puntas', note: 'En dos meses', pricePen: 35 },
      ],
    };
    // Free items: no catalogue service, no duration.
    const items = [
      {
        serviceId: null,
        name: 'Champú sin sulfatos',
        note: '',
        url: 'https://tienda.pe/champu',
        pricePen: 19.99,
        durationMinutes: null,
      },
      {
        serviceId: null,
        name: 'Corte de puntas',
        note: 'En dos meses',
        url: null,
        pricePen: 35,
        durationMinutes: null,
      },
    ];

    it('the advisor who took the call writes them during the call and until 24 h after it; admins too', async () => {
      const call = await activeCall();
      expect((await recommendations(call.callId, staff(eva))).body).toEqual({
        success: true,
        data: { callId: call.callId, text: '', items: [], updatedAt: null, editableUntil: null },
      });

      const during = await writeRecommendations(call.callId, staff(eva), written);
      expect(during.status).toBe(200);
      expect(during.data).toEqual({
        callId: call.callId,
        text: 'Lava con champú sin sulfatos y seca al aire.',
        items,
        updatedAt: t.clock.now().toISOString(),
        editableUntil: null,
      });
      expect((await recommendations(call.callId, staff(eva))).data).toEqual(during.data);
      expect((await recommendations(call.callId, staff(admin))).data).toEqual(during.data);
      // The call keeps when it was first given a plan (the reports' funnel counts it after the
      // summary is purged); later saves leave it.
      const planAt = () =>
        t.db.db
          .selectFrom('calls')
          .select('plan_at')
          .where('id', '=', call.callId)
          .executeTakeFirstOrThrow();
      const firstSave = t.clock.now().toISOString();
      expect(await planAt()).toEqual({ plan_at: firstSave });

      t.clock.advance(10 * MINUTE);
      await end(call);
      const endedAt = t.clock.now().getTime();
      const until = new Date(endedAt + DAY).toISOString();
      expect((await recommendations(call.callId, staff(eva))).data.editableUntil).toBe(until);

      // Right up to the last millisecond of the window…
      t.clock.set(until);
      const last = await writeRecommendations(call.callId, staff(eva), { text: 'Última versión' });
      expect(last.data).toEqual({
        callId: call.callId,
        text: 'Última versión',
        items: [],
        updatedAt: until,
        editableUntil: until,
      });
      const byAdmin = await writeRecommendations(call.callId, staff(admin), {
        text: 'Revisado',
        items,
      });
      expect(byAdmin.status).toBe(200);
      const row = await t.db.db
        .selectFrom('call_summaries')
        .select(['updated_by', 'recommendations'])
        .where('call_id', '=', call.callId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ updated_by: admin.id, recommendations: 'Revisado' });
      expect(await planAt()).toEqual({ plan_at: firstSave });

      // …then closed, for her advisor and admins alike; they still read them.
      t.clock.advance(1);
      for (const who of [eva, admin]) {
        const late = await writeRecommendations(call.callId, staff(who), { text: 'Tarde' });
        expect(errorOf(late)).toEqual([409, 'RECOMMENDATIONS_CLOSED']);
      }
      expect((await recommendations(call.callId, staff(eva))).data).toEqual(byAdmin.data);
    });

    it('refuses everyone else: anonymous and the visitor 401, another advisor or the one only rung 403, an unknown call 404', async () => {
      const call = await activeCall();
      const cases: Array<[string, Creds, number, string]> = [
        ['anonymous', {}, 401, 'UNAUTHENTICATED'],
        ['the visitor', visitor(call), 401, 'UNAUTHENTICATED'],
        ['another advisor', staff(bea), 403, 'FORBIDDEN'],
      ];
      for (const [who, creds, status, code] of cases) {
        const read = await recommendations(call.callId, creds);
        expect([who, ...errorOf(read)]).toEqual([who, status, code]);
        const write = await writeRecommendations(call.callId, creds, { text: 'Hola' });
        expect([who, ...errorOf(write)]).toEqual([who, status, code]);
      }
      expect(errorOf(await recommendations('call_unknown', staff(admin)))).toEqual([
        404,
        'CALL_NOT_FOUND',
      ]);

      // A pending call rings Eva: not hers yet; not written by anyone yet (409).
      await end(call);
      const pending = await pendingCall('Lola');
      expect(errorOf(await recommendations(pending.callId, staff(eva)))).toEqual([
        403,
        'FORBIDDEN',
      ]);
      expect((await recommendations(pending.callId, staff(admin))).data.editableUntil).toBeNull();
      expect(
        errorOf(await writeRecommendations(pending.callId, staff(admin), { text: 'x' })),
      ).toEqual([409, 'CALL_NOT_ACTIVE']);
      const cancel = await api(t.app, 'POST', `/api/calls/${pending.callId}/cancel`, {
        ...visitor(pending),
        body: {},
      });
      expect(cancel.status).toBe(200);
      expect(
        errorOf(await writeRecommendations(pending.callId, staff(admin), { text: 'x' })),
      ).toEqual([409, 'CALL_NOT_ACTIVE']);
      expect((await stored()).summaries).toEqual([]);
    });

    it('refuses invalid bodies with 400 and changes nothing', async () => {
      const call = await activeCall();
      expect((await writeRecommendations(call.callId, staff(eva), written)).status).toBe(200);
      const before = await stored();
      const item = { name: 'Aceite de argán' };
      const invalid: Array<[string, unknown]> = [
        [
          'too many items',
          { items: Array.from({ length: RECOMMENDATION_ITEMS_MAX + 1 }, () => item) },
        ],
        ['a text too long', { text: 'a'.repeat(RECOMMENDATION_TEXT_MAX + 1) }],
        ['a NUL in the text', { text: 'Hola\u0000' }],
        ['a NUL in a name', { items: [{ name: 'Aceite\u0000' }] }],
        ['an empty name', { items: [{ name: '   ' }] }],
        ['a url without http(s)', { items: [{ ...item, url: 'tienda.pe/aceite' }] }],
        ['a javascript: url', { items: [{ ...item, url: 'javascript:alert(1)' }] }],
        ['a price with 3 decimals', { items: [{ ...item, pricePen: 19.999 }] }],
        ['a negative price', { items: [{ ...item, pricePen: -1 }] }],
        ['a price as text', { items: [{ ...item, pricePen: '20' }] }],
        ['an unknown field', { text: 'Hola', author: 'Eva' }],
        ['an unknown item field', { items: [{ ...item, stock: 3 }] }],
      ];
      for (const [what, body] of invalid) {
        const res = await writeRecommendations(call.callId, staff(eva), body);
        expect([what, ...errorOf(res)]).toEqual([what, 400, 'VALIDATION_ERROR']);
      }
      expect(await stored()).toEqual(before);
    });
  });

  // ------------------------------------------------------------------ the link and the summary

  describe('the summary', () => {
    it('the visitor gets her link and the summary: the call, the recommendations, the chat and its photos', async () => {
      const call = await completedCallWithChat();
      const endedAt = t.clock.now().toISOString();
      expect(
        (
          await writeRecommendations(call.callId, staff(eva), {
            text: 'Aceite dos veces por semana',
            items: [{ name: 'Aceite de argán', pricePen: 45.5 }],
          })
        ).status,
      ).toBe(200);
      const recommendedAt = t.clock.now().toISOString();

      const link = await summaryLink(call.callId, visitor(call));
      expect(link.status).toBe(200);
      const expiresAt = new Date(Date.parse(endedAt) + 30 * DAY).toISOString();
      expect(link.data.expiresAt).toBe(expiresAt);
      expect(link.data.path).toMatch(new RegExp(`^/resumen/${call.callId}#[\\w-]{43}$`));
      // The same link every time she asks.
      expect((await summaryLink(call.callId, visitor(call))).data).toEqual(link.data);
      const key = await keyOf(call);
      // Only its hash is stored: the key of her link is nowhere in the database.
      expect(await databaseText(t.db)).not.toContain(key);
      expect((await stored()).keys).toEqual([{ call_id: call.callId, key_hash: hashSecret(key) }]);

      const res = await summary(call.callId, key);
      expect(res.status).toBe(200);
      const messages = await chatOf(call.callId);
      expect(messages).toHaveLength(5);
      expect(callSummarySchema.parse(res.data)).toEqual({
        callId: call.callId,
        // not named yet: the neutral name, no contact the salon did not give
        siteName: 'Nuestro salón',
        salonContacts: { address: '', phone: '', whatsapp: '', email: '' },
        contactUrl: null,
        clientName: 'Ana Visitante',
        subject: 'hair_care',
        advisor: { name: 'Eva Estilista', title: 'Colorista' },
        startedAt: '2026-11-20T15:00:00.000Z',
        endedAt,
        durationMinutes: 11,
        recommendations: {
          text: 'Aceite dos veces por semana',
          items: [
            {
              serviceId: null,
              name: 'Aceite de argán',
              note: '',
              url: null,
              pricePen: 45.5,
              durationMinutes: null,
              bookable: false,
            },
          ],
          updatedAt: recommendedAt,
        },
        messages,
        // She sent no intake with this request (calls/intake.test.ts: one that has it).
        intake: null,
        expiresAt,
      });

      // The salon's contact address when set; an advisor without a title has none.
      await setSystemSettings(t.db.db, { contactUrl: 'https://salon.pe/reservas' });
      await t.db.db.updateTable('advisors').set({ title: '' }).where('id', '=', eva.id).execute();
      expect((await summary(call.callId, key)).data).toMatchObject({
        contactUrl: 'https://salon.pe/reservas',
        advisor: { name: 'Eva Estilista', title: null },
      });

      // Her photos and Eva's, as the call's own photo route serves them.
      for (const image of [call.herPhoto, call.evaPhoto]) {
        const served = await summaryImage(call.callId, image.id, key);
        const original = await t.app.inject({
          method: 'GET',
          url: `/api/calls/${call.callId}/images/${image.id}`,
          headers: { authorization: `Bearer ${eva.token}` },
        });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
        for (const header of [
          'content-type',
          'content-length',
          'cache-control',
          'x-content-type-options',
          'content-disposition',
          'content-security-policy',
        ]) {
          expect([header, served.headers[header]]).toEqual([header, original.headers[header]]);
        }
      }
    });

    it("answers one 404 for a wrong, missing or other call's key, and serves no photo without the key", async () => {
      const call = await completedCallWithChat();
      const other = await completedCallWithChat('Otra Visitante');
      const key = await keyOf(call);
      const otherKey = await keyOf(other);
      const wrongKeys: Array<[string, string | null]> = [
        ['no key', null],
        ['an empty key', ''],
        ['a made-up key', newSecret()],
        ["another call's key", otherKey],
        ['the key with one more character', `${key}x`],
        ['the hash of the key, as the database holds it', hashSecret(key)],
        ['a huge key', 'k'.repeat(10_000)],
      ];
      for (const [what, wrong] of wrongKeys) {
        expect([what, ...errorOf(await summary(call.callId, wrong))]).toEqual([
          what,
          404,
          'SUMMARY_NOT_FOUND',
        ]);
        const image = await summaryImage(call.callId, call.herPhoto.id, wrong);
        expect([what, image.statusCode, image.headers['content-type']]).toEqual([
          what,
          404,
          'application/json; charset=utf-8',
        ]);
      }
      expect(errorOf(await summary('call_unknown', key))).toEqual([404, 'SUMMARY_NOT_FOUND']);
      // A valid key does not open another call's photo, nor an unknown one.
      for (const imageId of [other.herPhoto.id, 'img_unknown']) {
        const guessed = await summaryImage(call.callId, imageId, key);
        expect(guessed.statusCode).toBe(404);
        expect((JSON.parse(guessed.body) as { error: { code: string } }).error.code).toBe(
          'IMAGE_NOT_FOUND',
        );
      }
      expect((await summary(call.callId, key)).status).toBe(200);
    });

    it('exists only for a completed call: none while active, none for a cancelled one', async () => {
      const call = await activeCall();
      expect(errorOf(await summaryLink(call.callId, visitor(call)))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      // Recommendations written during the call made its row, and no key: nothing opens it yet.
      await writeRecommendations(call.callId, staff(eva), { text: 'Aceite' });
      expect((await stored()).summaries.map((r) => r.call_id)).toEqual([call.callId]);
      expect((await stored()).keys).toEqual([]);
      // Even a key of its own opens no summary of a call still active.
      const early = newSecret();
      await t.db.db
        .insertInto('summary_keys')
        .values({
          key_hash: hashSecret(early),
          call_id: call.callId,
          created_at: t.clock.now().toISOString(),
        })
        .execute();
      expect(errorOf(await summary(call.callId, early))).toEqual([404, 'SUMMARY_NOT_FOUND']);
      t.clock.advance(MINUTE);
      await end(call);
      expect((await summary(call.callId, early)).status).toBe(200);
      expect((await summary(call.callId, await keyOf(call))).status).toBe(200);

      const cancelled = await pendingCall('Lola');
      await say(cancelled.callId, visitor(cancelled), 'Sigo esperando');
      await api(t.app, 'POST', `/api/calls/${cancelled.callId}/cancel`, {
        ...visitor(cancelled),
        body: {},
      });
      expect(errorOf(await summaryLink(cancelled.callId, visitor(cancelled)))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      const rows = await t.db.db
        .selectFrom('call_summaries')
        .select('call_id')
        .where('call_id', '=', cancelled.callId)
        .execute();
      expect(rows).toEqual([]);
    });

    it("the link is the visitor's: her call key, as on the call's other routes", async () => {
      const call = await completedCall();
      const other = await completedCall('Otra Visitante');
      const cases: Array<[string, Creds, number, string]> = [
        ['no key', {}, 401, 'UNAUTHENTICATED'],
        ['her advisor', staff(eva), 401, 'UNAUTHENTICATED'],
        ["another call's key", visitor(other), 403, 'INVALID_CLIENT_KEY'],
        ['a made-up key', { clientKey: 'not-the-key' }, 403, 'INVALID_CLIENT_KEY'],
      ];
      for (const [who, creds, status, code] of cases) {
        expect([who, ...errorOf(await summaryLink(call.callId, creds))]).toEqual([
          who,
          status,
          code,
        ]);
      }
      expect(errorOf(await summaryLink('call_unknown', visitor(call)))).toEqual([
        404,
        'CALL_NOT_FOUND',
      ]);
      expect(await t.db.db.selectFrom('call_summaries').select('call_id').execute()).toEqual([]);
    });

    it('expires retentionDays after the end, before any purge: summary, photos and link', async () => {
      const call = await completedCallWithChat();
      const endedAt = t.clock.now().getTime();
      const key = await keyOf(call);
      t.clock.set(new Date(endedAt + 30 * DAY));
      expect((await summary(call.callId, key)).status).toBe(200);
      t.clock.advance(1);
      expect(errorOf(await summary(call.callId, key))).toEqual([404, 'SUMMARY_NOT_FOUND']);
      expect((await summaryImage(call.callId, call.herPhoto.id, key)).statusCode).toBe(404);
      expect(errorOf(await summaryLink(call.callId, visitor(call)))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      expect(errorOf(await deleteChat(call.callId, key))).toEqual([404, 'SUMMARY_NOT_FOUND']);
      expect(await t.db.db.selectFrom('call_messages').select('id').execute()).toHaveLength(5);
      // The admin keeps it longer: it is back, until the new date.
      await setSystemSettings(t.db.db, { retentionDays: 60 });
      const longer = await summary(call.callId, key);
      expect(longer.data.expiresAt).toBe(new Date(endedAt + 60 * DAY).toISOString());
    });

    it(`limits summary requests per address: key guessing gets 429`, async () => {
      const call = await completedCall();
      for (let i = 0; i < 60; i += 1) {
        expect((await summary(call.callId, newSecret())).status).toBe(404);
      }
      expect(errorOf(await summary(call.callId, newSecret()))).toEqual([429, 'RATE_LIMITED']);
    });
  });

  // ------------------------------------------------------------------ deletion by the visitor

  describe('deletion by the visitor', () => {
    it('deletes a photo she sent: a captioned message keeps its text, a bare photo goes', async () => {
      const call = await completedCallWithChat();
      const other = await completedCallWithChat('Otra Visitante');
      const key = await keyOf(call);
      await keyOf(other);
      const before = await stored();
      const messages = await chatOf(call.callId);

      const bare = await deleteImage(call.callId, call.herPhoto.id, key);
      expect(bare.status).toBe(200);
      expect(callSummarySchema.parse(bare.data).messages).toEqual(
        messages.filter((m) => m.image?.id !== call.herPhoto.id),
      );
      const captioned = await deleteImage(call.callId, call.herCaptioned.id, key);
      expect(captioned.status).toBe(200);
      const expected = messages
        .filter((m) => m.image?.id !== call.herPhoto.id)
        .map((m) => (m.image?.id === call.herCaptioned.id ? { ...m, image: null } : m));
      expect(captioned.data.messages).toEqual(expected);
      expect(await chatOf(call.callId)).toEqual(expected);
      expect((await summary(call.callId, key)).data).toEqual(captioned.data);

      // Gone from the database; nothing else changed.
      const after = await stored();
      const gone = new Set([call.herPhoto.id, call.herCaptioned.id]);
      expect(after.images).toEqual(before.images.filter((i) => !gone.has(i.id)));
      expect(after.messages).toEqual(
        before.messages
          .filter((m) => m.image_id !== call.herPhoto.id)
          .map((m) => (m.image_id === call.herCaptioned.id ? { ...m, image_id: null } : m)),
      );
      expect(after.summaries).toEqual(before.summaries);
      expect(after.calls).toEqual(before.calls);
      // Deleted means gone: the photo is no longer served, nor deleted twice.
      expect((await summaryImage(call.callId, call.herPhoto.id, key)).statusCode).toBe(404);
      expect(errorOf(await deleteImage(call.callId, call.herPhoto.id, key))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
    });

    it("refuses the advisor's photo (403), another call's (404) and a wrong key (404), changing nothing", async () => {
      const call = await completedCallWithChat();
      const other = await completedCallWithChat('Otra Visitante');
      const key = await keyOf(call);
      const before = await stored();
      expect(errorOf(await deleteImage(call.callId, call.evaPhoto.id, key))).toEqual([
        403,
        'FORBIDDEN',
      ]);
      expect(errorOf(await deleteImage(call.callId, other.herPhoto.id, key))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
      expect(errorOf(await deleteImage(call.callId, call.herPhoto.id, newSecret()))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      expect(errorOf(await deleteImage(call.callId, call.herPhoto.id, null))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      expect(errorOf(await deleteChat(call.callId, newSecret()))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      expect(await stored()).toEqual(before);
    });

    it("deletes a snapshot of her video the advisor took, through the call's one deletion, announcing nothing", async () => {
      const call = await activeCall();
      const snapshot = await upload(call.callId, staff(eva), 'snapshot');
      await say(call.callId, staff(eva), '', snapshot.id);
      t.clock.advance(1000);
      const captioned = await say(call.callId, staff(eva), 'Tus raíces', snapshot.id);
      t.clock.advance(MINUTE);
      await end(call);
      const key = await keyOf(call);
      const shown = (await summary(call.callId, key)).data.messages;
      expect(shown.map((m) => m.image?.kind)).toEqual(['snapshot', 'snapshot']);

      const res = await deleteImage(call.callId, snapshot.id, key);
      expect(res.status).toBe(200);
      expect(callSummarySchema.parse(res.data).messages).toEqual([{ ...captioned, image: null }]);
      expect(await chatOf(call.callId)).toEqual([{ ...captioned, image: null }]);
      expect((await summaryImage(call.callId, snapshot.id, key)).statusCode).toBe(404);
      expect(await t.db.db.selectFrom('call_images').select('id').execute()).toEqual([]);
      expect(t.notifier.of('chat:deleted')).toEqual([]);
    });

    it('deletes the still of her face and its drawn copy, only with her own key; both gone from storage', async () => {
      const call = await activeCall();
      const still = await upload(call.callId, staff(eva), 'snapshot');
      await say(call.callId, staff(eva), '', still.id);
      t.clock.advance(1000);
      // The drawn copy of a still is sent as a still too (her face, hers to remove).
      const drawn = await upload(call.callId, staff(eva), 'snapshot');
      await say(call.callId, staff(eva), 'Así quedaría el flequillo', drawn.id);
      t.clock.advance(MINUTE);
      await end(call);
      const other = await completedCallWithChat('Otra Visitante');
      const key = await keyOf(call);
      const otherKey = await keyOf(other);
      const before = await stored();

      // Another visitor's key (or none) opens nothing of hers, and deletes nothing.
      expect(errorOf(await deleteImage(call.callId, still.id, otherKey))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      expect(errorOf(await deleteImage(other.callId, still.id, otherKey))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
      expect(errorOf(await deleteImage(call.callId, drawn.id, null))).toEqual([
        404,
        'SUMMARY_NOT_FOUND',
      ]);
      expect(await stored()).toEqual(before);

      expect((await deleteImage(call.callId, still.id, key)).status).toBe(200);
      const res = await deleteImage(call.callId, drawn.id, key);
      expect(res.status).toBe(200);
      expect(res.data.messages.map((m) => [m.body, m.image])).toEqual([
        ['Así quedaría el flequillo', null],
      ]);
      for (const id of [still.id, drawn.id])
        expect((await summaryImage(call.callId, id, key)).statusCode).toBe(404);
      const left = await t.db.db
        .selectFrom('call_images')
        .select('id')
        .where('call_id', '=', call.callId)
        .execute();
      expect(left).toEqual([]);
      // The other call's photos are untouched.
      expect((await stored()).images.filter((i) => i.call_id === other.callId)).toEqual(
        before.images.filter((i) => i.call_id === other.callId),
      );
    });

    it('deletes the whole chat of her call: every message and photo, whoever sent them', async () => {
      const call = await completedCallWithChat();
      const other = await completedCallWithChat('Otra Visitante');
      await writeRecommendations(call.callId, staff(eva), { text: 'Aceite' });
      const key = await keyOf(call);
      const before = await stored();

      const res = await deleteChat(call.callId, key);
      expect(res.status).toBe(200);
      expect(callSummarySchema.parse(res.data)).toMatchObject({
        callId: call.callId,
        messages: [],
        recommendations: { text: 'Aceite' },
      });
      expect(await chatOf(call.callId)).toEqual([]);
      const after = await stored();
      expect(after.messages).toEqual(before.messages.filter((m) => m.call_id !== call.callId));
      expect(after.images).toEqual(before.images.filter((i) => i.call_id !== call.callId));
      expect(after.images.map((i) => i.call_id)).toEqual([
        other.callId,
        other.callId,
        other.callId,
      ]);
      expect(after.summaries).toEqual(before.summaries);
      expect(after.calls).toEqual(before.calls);
      // Again: nothing left to delete, still fine.
      expect((await deleteChat(call.callId, key)).data.messages).toEqual([]);
    });
  });

  // ------------------------------------------------------------------ retention

  describe('retention', () => {
    it('purges the chat, photos and summaries of calls past retentionDays at 03:00 Lima, once across two instances; the calls stay', async () => {
      // Ended on 2026-11-20 (Lima): old. A cancelled call with a message from the waiting room too.
      const old = await completedCallWithChat();
      const oldKey = await keyOf(old);
      const cancelled = await pendingCall('Lola');
      await say(cancelled.callId, visitor(cancelled), 'Sigo esperando');
      await api(t.app, 'POST', `/api/calls/${cancelled.callId}/cancel`, {
        ...visitor(cancelled),
        body: {},
      });
      // Ended on 2026-12-10: fresh for another 30 days.
      t.clock.set('2026-12-10T15:00:00.000Z');
      // (Sessions last a week.)
      eva = { ...eva, token: await insertSession(t.db.db, eva.id, t.clock.now()) };
      const fresh = await completedCallWithChat('Otra Visitante');
      const freshKey = await keyOf(fresh);
      const before = await stored();
      const isOld = (callId: string) => callId === old.callId || callId === cancelled.callId;

      const second = await createTestApp({ db: t.db, clock: t.clock, instanceId: 'second' });
      try {
        const sweepBoth = async () => [
          (await t.app.container.sweeper.sweep(t.clock.now())).purged,
          (await second.app.container.sweeper.sweep(t.clock.now())).purged,
        ];
        // 2026-12-21 02:59 in Lima: both are past their 30 days, the purge is not due yet.
        t.clock.set('2026-12-21T07:59:59.999Z');
        expect(await sweepBoth()).toEqual([0, 0]);
        expect(await stored()).toEqual(before);
        expect(errorOf(await summary(old.callId, oldKey))).toEqual([404, 'SUMMARY_NOT_FOUND']);

        // 03:00 in Lima: one instance purges, once.
        t.clock.set('2026-12-21T08:00:00.000Z');
        const oldRows =
          before.messages.filter((m) => isOld(m.call_id)).length +
          before.images.filter((i) => isOld(i.call_id)).length +
          before.summaries.filter((s) => isOld(s.call_id)).length;
        // messages (5 of the old call, 1 of the cancelled one), photos, the old call's summary
        expect(oldRows).toBe(5 + 1 + 3 + 1);
        expect(await sweepBoth()).toEqual([oldRows, 0]);
        t.clock.advance(60 * MINUTE);
        expect(await sweepBoth()).toEqual([0, 0]);

        const after = await stored();
        expect(after.messages).toEqual(before.messages.filter((m) => !isOld(m.call_id)));
        expect(after.images).toEqual(before.images.filter((i) => !isOld(i.call_id)));
        expect(after.summaries).toEqual(before.summaries.filter((s) => !isOld(s.call_id)));
        // The keys of a purged summary go with it.
        expect(before.keys.map((k) => k.call_id)).toContain(old.callId);
        expect(after.keys).toEqual(before.keys.filter((k) => !isOld(k.call_id)));
        expect(after.messages.map((m) => m.call_id)).toContain(fresh.callId);
        expect(after.calls).toEqual(before.calls);
        expect((await summary(fresh.callId, freshKey)).status).toBe(200);
        const day = await t.db.db
          .selectFrom('retention_purges')
          .selectAll()
          .executeTakeFirstOrThrow();
        expect(day).toEqual({
          day: '2026-12-21',
          claimed_at: '2026-12-21T08:00:00.000Z',
          claimed_by: t.app.container.instanceId,
          finished_at: '2026-12-21T08:00:00.000Z',
          purged: oldRows,
        });

        // The fresh call (ended 2026-12-10 10:10 in Lima) goes in the first purge after its 30 days.
        t.clock.set('2027-01-09T08:00:00.000Z');
        expect((await sweepBoth()).sort()).toEqual([0, 0]);
        t.clock.set('2027-01-10T08:00:00.000Z');
        expect((await sweepBoth()).reduce((a, b) => a + b)).toBe(5 + 3 + 1);
        expect(await stored()).toMatchObject({
          messages: [],
          images: [],
          summaries: [],
          keys: [],
        });
        expect((await stored()).calls).toEqual(before.calls);
      } finally {
        await second.close();
      }
    });
  });
});
