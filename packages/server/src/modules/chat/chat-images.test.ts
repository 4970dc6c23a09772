/**
 * Photos in the chat over the real stack, on both databases: uploads as raw bodies from the
 * visitor, the advisor and an admin, what is stored (re-encoded, shrunk, upright, without
 * metadata), who may read the bytes back, hostile uploads (nothing stored), and messages that show
 * a photo over REST and Socket.IO. Test photos are made in memory (test/photos.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_IMAGE_MAX_EDGE,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_WAITING_MAX,
  chatMessageSchema,
  type ChatImage,
  type ChatMessage,
  type ErrorBody,
} from '@belleza/contract';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, requestCall, type RequestedCall, type TestAdvisor } from '../../test/fixtures.js';
import { openChatBed } from '../../test/chat-bed.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import {
  decompressionBomb,
  hevcHeic,
  METADATA_MARKS,
  POLYGLOT_HTML,
  polyglotJpeg,
  testPhoto,
} from '../../test/photos.js';
import { CHAT_IMAGES_PER_ADDRESS } from '../../lib/limits.js';
import {
  ask,
  closeSockets,
  listenUrl,
  next,
  open,
  type Client,
} from '../../test/socket-clients.js';

type Creds = { token?: string; clientKey?: string };
type Uploaded = {
  status: number;
  body: { success: boolean; data?: ChatImage } & Partial<ErrorBody>;
};

describe.each(await dialects())('photos in the chat (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;

  beforeEach(async () => {
    ({ t, admin, eva, bea } = await openChatBed(dialect, { listen: false }));
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
    const accepted = await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva));
    expect(accepted.status).toBe(200);
    return call;
  }

  const visitor = (call: RequestedCall): Creds => ({ clientKey: call.clientKey });
  const staff = (who: TestAdvisor): Creds => ({ token: who.token });

  const headersOf = (creds: Creds): Record<string, string> => ({
    ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
    ...(creds.clientKey !== undefined ? { 'x-client-key': creds.clientKey } : {}),
  });

  /**
   * POST …/images with the bytes as the body (no content type when `contentType` is null), from
   * the client address `from` (the test client's own unless given).
   */
  async function upload(
    callId: string,
    creds: Creds,
    data: Buffer | string,
    contentType: string | null = 'image/jpeg',
    from?: string,
  ): Promise<Uploaded> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${callId}/images`,
      ...(from ? { remoteAddress: from } : {}),
      headers: { ...headersOf(creds), ...(contentType ? { 'content-type': contentType } : {}) },
      payload: data,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Uploaded['body'] };
  }

  /** An upload that must be stored: its answer's data. */
  async function uploaded(callId: string, creds: Creds, data: Buffer, type = 'image/jpeg') {
    const res = await upload(callId, creds, data, type);
    expect([res.status, res.body.error?.code]).toEqual([201, undefined]);
    if (!res.body.data) throw new Error('no data');
    return res.body.data;
  }

  const fetchImage = (callId: string, imageId: string, creds: Creds) =>
    t.app.inject({
      method: 'GET',
      url: `/api/calls/${callId}/images/${imageId}`,
      headers: headersOf(creds),
    });

  const errorOf = (res: { statusCode: number; body: string }) => [
    res.statusCode,
    (JSON.parse(res.body) as Partial<ErrorBody>).error?.code,
  ];

  const post = (callId: string, creds: Creds, body: unknown) =>
    api<ChatMessage>(t.app, 'POST', `/api/calls/${callId}/messages`, { ...creds, body });

  const storedRows = async () => ({
    images: (await t.db.db.selectFrom('call_images').select('id').execute()).length,
    messages: (await t.db.db.selectFrom('call_messages').select('id').execute()).length,
  });

  const storedBytes = async (id: string): Promise<Buffer> =>
    (
      await t.db.db
        .selectFrom('call_images')
        .select('data')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).data;

  const hasAny = (bytes: Buffer, marks: readonly string[]) => marks.some((m) => bytes.includes(m));

  // ------------------------------------------------------------------ uploads and reads

  it('the visitor, the advisor and an admin add photos: stored as upright JPEGs of at most 2048 px without metadata, served to the three of them', async () => {
    const call = await activeCall();
    // A camera photo turned on its side (EXIF orientation 6), with GPS, a copyright and XMP.
    const camera = await testPhoto({ width: 3000, height: 2000, orientation: 6, metadata: true });
    expect(hasAny(camera, Object.values(METADATA_MARKS))).toBe(true);
    const fromVisitor = await uploaded(call.callId, visitor(call), camera);
    expect(fromVisitor.id).toMatch(/^img_[0-9a-f]{32}$/);
    const upright = Math.round((2000 * CHAT_IMAGE_MAX_EDGE) / 3000);
    expect(fromVisitor).toEqual({
      id: fromVisitor.id,
      callId: call.callId,
      kind: 'photo',
      width: upright,
      height: CHAT_IMAGE_MAX_EDGE,
      contentType: 'image/jpeg',
      bytes: (await storedBytes(fromVisitor.id)).length,
    });

    const screenshot = await testPhoto({ width: 800, height: 600, format: 'png', metadata: true });
    const fromAdvisor = await uploaded(call.callId, staff(eva), screenshot, 'image/png');
    expect([fromAdvisor.width, fromAdvisor.height]).toEqual([800, 600]);
    const sticker = await testPhoto({ width: 500, height: 500, format: 'webp', alpha: true });
    const fromAdmin = await uploaded(call.callId, staff(admin), sticker, 'image/webp');
    expect([fromAdmin.width, fromAdmin.height]).toEqual([500, 500]);
    // HEIF coded in AV1 (AVIF) is a HEIF sharp reads.
    const avif = await testPhoto({ width: 640, height: 480, format: 'avif' });
    const fromHeif = await uploaded(call.callId, visitor(call), avif, 'image/heif');
    expect([fromHeif.width, fromHeif.height]).toEqual([640, 480]);

    for (const image of [fromVisitor, fromAdvisor, fromAdmin, fromHeif]) {
      const stored = await storedBytes(image.id);
      const meta = await sharp(stored).metadata();
      expect({
        format: meta.format,
        width: meta.width,
        height: meta.height,
        exif: meta.exif,
        xmp: meta.xmp,
        icc: meta.icc,
        orientation: meta.orientation,
        marks: hasAny(stored, Object.values(METADATA_MARKS)),
      }).toEqual({
        format: 'jpeg',
        width: image.width,
        height: image.height,
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        orientation: undefined,
        marks: false,
      });
      for (const creds of [visitor(call), staff(eva), staff(admin)]) {
        const res = await fetchImage(call.callId, image.id, creds);
        expect(res.statusCode).toBe(200);
        expect(res.headers).toMatchObject({
          'content-type': 'image/jpeg',
          'content-length': String(stored.length),
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
          'content-security-policy': "default-src 'none'; sandbox",
        });
        expect(res.rawPayload.equals(stored)).toBe(true);
      }
    }
  });

  it('refuses a photo to whoever is not a party: anonymous 401, another call’s key or another advisor 403, an id of another call or a guessed one 404', async () => {
    const call = await pendingCall();
    // Queued behind it: a real key, of another call.
    const second = await requestCall(t.app, { name: 'Otra Visitante' });
    const ringing = await upload(call.callId, staff(eva), await testPhoto({ width: 8, height: 8 }));
    // Ringing is not taking: the advisor is not in this chat yet (as for its messages).
    expect([ringing.status, ringing.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    const photo = await testPhoto({ width: 64, height: 48 });
    const mine = await uploaded(call.callId, visitor(call), photo);
    // The other visitor (still queued) adds a photo to her own call.
    const theirs = await uploaded(second.callId, visitor(second), photo);
    const before = await storedRows();

    const cases: Array<[string, Creds, number, string]> = [
      ['anonymous', {}, 401, 'UNAUTHENTICATED'],
      ["another call's key", visitor(second), 403, 'INVALID_CLIENT_KEY'],
      ['a made-up key', { clientKey: 'not-the-key' }, 403, 'INVALID_CLIENT_KEY'],
      ['another advisor', staff(bea), 403, 'FORBIDDEN'],
    ];
    for (const [who, creds, status, code] of cases) {
      const read = await fetchImage(call.callId, mine.id, creds);
      expect([who, ...errorOf(read)]).toEqual([who, status, code]);
      expect(read.rawPayload.includes(await storedBytes(mine.id))).toBe(false);
      const write = await upload(call.callId, creds, photo);
      expect([who, write.status, write.body.error?.code]).toEqual([who, status, code]);
    }
    // Refused before the body is read: even 20 MB from nobody is 401, not 413.
    const big = await upload(call.callId, {}, Buffer.alloc(20 * 1024 * 1024));
    expect([big.status, big.body.error?.code]).toEqual([401, 'UNAUTHENTICATED']);

    // The image id must belong to the call in the path: her key opens her call, not its photos.
    for (const creds of [visitor(call), staff(eva), staff(admin)]) {
      expect(errorOf(await fetchImage(call.callId, theirs.id, creds))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
      expect(errorOf(await fetchImage(call.callId, `img_${'0'.repeat(32)}`, creds))).toEqual([
        404,
        'IMAGE_NOT_FOUND',
      ]);
    }
    expect(errorOf(await fetchImage(second.callId, mine.id, visitor(second)))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    expect(errorOf(await fetchImage('call_unknown', mine.id, staff(admin)))).toEqual([
      404,
      'CALL_NOT_FOUND',
    ]);
    const unknownCall = await upload('call_unknown', staff(admin), photo);
    expect([unknownCall.status, unknownCall.body.error?.code]).toEqual([404, 'CALL_NOT_FOUND']);
    expect(await storedRows()).toEqual(before);
  });

  it('takes photos exactly when messages are taken: the visitor while she waits, the staff once the call is active, nobody after the end', async () => {
    const call = await pendingCall();
    const photo = await testPhoto({ width: 32, height: 32 });
    const waiting = await uploaded(call.callId, visitor(call), photo);
    const early = await upload(call.callId, staff(admin), photo);
    expect([early.status, early.body.error?.code]).toEqual([409, 'CALL_NOT_ACTIVE']);
    // An admin reads at once, as the chat's history.
    expect((await fetchImage(call.callId, waiting.id, staff(admin))).statusCode).toBe(200);

    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    await uploaded(call.callId, staff(eva), photo);
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/end`, visitor(call))).status).toBe(
      200,
    );
    const before = await storedRows();
    for (const creds of [visitor(call), staff(eva), staff(admin)]) {
      const late = await upload(call.callId, creds, photo);
      expect([late.status, late.body.error?.code]).toEqual([409, 'CALL_NOT_ACTIVE']);
      // What was shared stays readable, like the history.
      expect((await fetchImage(call.callId, waiting.id, creds)).statusCode).toBe(200);
    }
    expect(await storedRows()).toEqual(before);
  });

  it('answers bad uploads with a clear 4xx and stores nothing: not an image, 20 MB, a bomb, HEVC HEIC, other formats, wrong content types', async () => {
    const call = await activeCall();
    const jpeg = await testPhoto({ width: 64, height: 48 });
    const half = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const bad: Array<[string, Creds, Buffer | string, string | null, number, string]> = [
      // Refused by the body parser (no rate point, no decoding).
      [
        'a JPEG sent as application/json',
        visitor(call),
        jpeg,
        'application/json',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      ['JSON', visitor(call), '{"image":"x"}', 'application/json', 415, 'UNSUPPORTED_IMAGE'],
      ['a JPEG sent as text/html', visitor(call), jpeg, 'text/html', 415, 'UNSUPPORTED_IMAGE'],
      ['octet-stream', visitor(call), jpeg, 'application/octet-stream', 415, 'UNSUPPORTED_IMAGE'],
      [
        'multipart',
        visitor(call),
        jpeg,
        'multipart/form-data; boundary=x',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      ['image/gif', visitor(call), jpeg, 'image/gif', 415, 'UNSUPPORTED_IMAGE'],
      ['image/svg+xml', visitor(call), jpeg, 'image/svg+xml', 415, 'UNSUPPORTED_IMAGE'],
      ['no content type', visitor(call), jpeg, null, 415, 'UNSUPPORTED_IMAGE'],
      [
        '20 MB',
        visitor(call),
        Buffer.alloc(20 * 1024 * 1024, 0xff),
        'image/jpeg',
        413,
        'IMAGE_TOO_LARGE',
      ],
      // Read by sharp and refused (each sender has CHAT_IMAGE_RATE_MAX of these per minute).
      [
        'text labelled JPEG',
        visitor(call),
        'hola, no soy una foto',
        'image/jpeg',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      ['HTML labelled PNG', visitor(call), POLYGLOT_HTML, 'image/png', 415, 'UNSUPPORTED_IMAGE'],
      ['an empty body', visitor(call), Buffer.alloc(0), 'image/jpeg', 415, 'UNSUPPORTED_IMAGE'],
      ['a truncated JPEG', visitor(call), half, 'image/jpeg', 415, 'UNSUPPORTED_IMAGE'],
      [
        'a decompression bomb',
        staff(eva),
        decompressionBomb(),
        'image/png',
        413,
        'IMAGE_TOO_LARGE',
      ],
      ['an iPhone HEIC (HEVC)', staff(eva), hevcHeic(), 'image/heic', 415, 'UNSUPPORTED_IMAGE'],
      [
        'a GIF labelled JPEG',
        staff(eva),
        await testPhoto({ width: 8, height: 8, format: 'gif' }),
        'image/jpeg',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        'a TIFF labelled WebP',
        staff(eva),
        await testPhoto({ width: 8, height: 8, format: 'tiff' }),
        'image/webp',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        'an SVG labelled PNG',
        staff(eva),
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
        'image/png',
        415,
        'UNSUPPORTED_IMAGE',
      ],
    ];
    expect(decompressionBomb().length).toBeLessThan(100_000);
    for (const [what, creds, data, type, status, code] of bad) {
      const res = await upload(call.callId, creds, data, type);
      expect([what, res.status, res.body.error?.code]).toEqual([what, status, code]);
      expect(res.body.success).toBe(false);
      expect(await storedRows()).toEqual({ images: 0, messages: 0 });
    }
    const heic = await upload(call.callId, staff(eva), hevcHeic(), 'image/heic');
    expect(heic.body.error).toMatchObject({ details: { format: 'heic' } });
    expect(heic.body.error?.message).toMatch(/HEIC/);
    const bomb = await upload(call.callId, staff(admin), decompressionBomb(), 'image/png');
    expect(bomb.body.error).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      details: { maxPixels: CHAT_IMAGE_MAX_PIXELS },
    });
    const big = await upload(
      call.callId,
      staff(admin),
      Buffer.alloc(16 * 1024 * 1024),
      'image/png',
    );
    expect(big.body.error).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      details: { maxBytes: 15 * 1024 * 1024 },
    });
    expect(await storedRows()).toEqual({ images: 0, messages: 0 });
  });

  it('turns a JPEG/HTML polyglot into a clean JPEG: the HTML is not stored nor served', async () => {
    const call = await activeCall();
    const polyglot = await polyglotJpeg();
    expect(polyglot.includes('<script>')).toBe(true);
    const image = await uploaded(call.callId, visitor(call), polyglot);
    const stored = await storedBytes(image.id);
    expect(stored.includes('<script>')).toBe(false);
    expect(stored.includes('<html>')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    const served = await fetchImage(call.callId, image.id, staff(eva));
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it(`lets each sender add ${CHAT_IMAGE_RATE_MAX} photos per call and window, then 429 with the wait`, async () => {
    const call = await activeCall();
    const photo = await testPhoto({ width: 16, height: 16 });
    const results = await Promise.all(
      Array.from({ length: CHAT_IMAGE_RATE_MAX + 1 }, () =>
        upload(call.callId, visitor(call), photo),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(CHAT_IMAGE_RATE_MAX);
    const [over] = results.filter((r) => r.status === 429);
    expect(over?.body.error?.code).toBe('RATE_LIMITED');
    const wait = (over?.body.error?.details as { retryAfterSeconds?: unknown } | undefined)
      ?.retryAfterSeconds;
    expect(typeof wait === 'number' && wait >= 1).toBe(true);
    // Per sender: the advisor still shares hers.
    await uploaded(call.callId, staff(eva), photo);
    expect((await storedRows()).images).toBe(CHAT_IMAGE_RATE_MAX + 1);
  });

  // ------------------------------------------------------------------ bounded work per upload

  it(`takes a phone's 12 or 16 MP photo but refuses more than ${CHAT_IMAGE_MAX_PIXELS / 1_000_000} MP from its header, before decoding: 413, nothing stored`, async () => {
    const call = await activeCall();
    // A 36 MP PNG of a few KB: decoded, it costs a core a third of a second and ~100 MB.
    const bomb = decompressionBomb(6000);
    expect(bomb.length).toBeLessThan(20_000);
    const refused = await upload(call.callId, visitor(call), bomb, 'image/png');
    expect([refused.status, refused.body.error?.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    expect(refused.body.error?.details).toMatchObject({ maxPixels: CHAT_IMAGE_MAX_PIXELS });
    // Its first 100 bytes (the header and the start of its pixels; decoding would find the file
    // cut short, 415) are refused the same way: the size is read from the header, before decoding.
    const headerOnly = bomb.subarray(0, 100);
    const fromHeader = await upload(call.callId, visitor(call), headerOnly, 'image/png');
    expect([fromHeader.status, fromHeader.body.error?.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    // Just over the cap is over.
    const over = await upload(
      call.callId,
      staff(eva),
      await testPhoto({ width: 4100, height: 4000 }),
    );
    expect([over.status, over.body.error?.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    expect(await storedRows()).toEqual({ images: 0, messages: 0 });

    // A 12 MP phone photo (4032×3024) and a 16 MP one (4608×3456) are taken, shrunk to 2048 px.
    const twelve = await uploaded(
      call.callId,
      visitor(call),
      await testPhoto({ width: 4032, height: 3024 }),
    );
    expect([twelve.width, twelve.height]).toEqual([CHAT_IMAGE_MAX_EDGE, 1536]);
    const sixteen = await uploaded(
      call.callId,
      staff(eva),
      await testPhoto({ width: 3456, height: 4608 }),
    );
    expect([sixteen.width, sixteen.height]).toEqual([1536, CHAT_IMAGE_MAX_EDGE]);
  });

  it(`takes ${CHAT_IMAGE_WAITING_MAX} photos from the visitor while she waits, even sent all at once; then 409 before the body is read, until a stylist takes the call`, async () => {
    const call = await pendingCall();
    const photo = await testPhoto({ width: 32, height: 32 });
    // A refused photo does not count against her allowance.
    const notAPhoto = await upload(call.callId, visitor(call), 'hola, no soy una foto');
    expect([notAPhoto.status, notAPhoto.body.error?.code]).toEqual([415, 'UNSUPPORTED_IMAGE']);
    const tooBig = await upload(call.callId, visitor(call), decompressionBomb(6000), 'image/png');
    expect(tooBig.status).toBe(413);

    // Twice her allowance at the same moment: exactly her allowance is stored.
    const burst = await Promise.all(
      Array.from({ length: 2 * CHAT_IMAGE_WAITING_MAX }, () =>
        upload(call.callId, visitor(call), photo),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(CHAT_IMAGE_WAITING_MAX);
    const refusals = burst.filter((r) => r.status !== 201);
    expect(refusals.map((r) => [r.status, r.body.error?.code])).toEqual(
      refusals.map(() => [409, 'WAITING_PHOTO_LIMIT']),
    );
    expect(refusals[0]?.body.error?.details).toEqual({ max: CHAT_IMAGE_WAITING_MAX });
    expect((await storedRows()).images).toBe(CHAT_IMAGE_WAITING_MAX);

    // Refused before the body is read: 20 MB is 409, not 413.
    const big = await upload(call.callId, visitor(call), Buffer.alloc(20 * 1024 * 1024));
    expect([big.status, big.body.error?.code]).toEqual([409, 'WAITING_PHOTO_LIMIT']);
    // Her allowance is her call's: another visitor waiting has her own.
    const second = await requestCall(t.app, { name: 'Otra Visitante' });
    await uploaded(second.callId, visitor(second), photo);

    // Once the stylist has taken the call, the visitor sends more (the per-sender rate applies).
    expect((await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, staff(eva))).status).toBe(
      200,
    );
    await uploaded(call.callId, visitor(call), photo);
    expect((await storedRows()).images).toBe(CHAT_IMAGE_WAITING_MAX + 2);
  });

  it(`counts ${CHAT_IMAGES_PER_ADDRESS.points} photos per client address and window across senders and calls, then 429; another address is not held back`, async () => {
    const call = await activeCall();
    const second = await requestCall(t.app, { name: 'Otra Visitante' });
    const photo = await testPhoto({ width: 16, height: 16 });
    const home = '198.51.100.20';
    // Three senders of one call, each within her own per-sender rate, all from one address.
    const senders = [visitor(call), staff(eva), staff(admin)];
    expect(CHAT_IMAGES_PER_ADDRESS.points).toBeLessThanOrEqual(
      senders.length * CHAT_IMAGE_RATE_MAX,
    );
    for (let i = 0; i < CHAT_IMAGES_PER_ADDRESS.points; i += 1) {
      const res = await upload(
        call.callId,
        senders[i % senders.length] ?? {},
        photo,
        'image/jpeg',
        home,
      );
      expect([i, res.status]).toEqual([i, 201]);
    }
    // A fresh sender on another call, from the same address: over.
    const over = await upload(second.callId, visitor(second), photo, 'image/jpeg', home);
    expect([over.status, over.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    const wait = (over.body.error?.details as { retryAfterSeconds?: unknown } | undefined)
      ?.retryAfterSeconds;
    expect(typeof wait === 'number' && wait >= 1).toBe(true);
    // The same visitor from another address is not held back.
    const elsewhere = await upload(
      second.callId,
      visitor(second),
      photo,
      'image/jpeg',
      '203.0.113.7',
    );
    expect(elsewhere.status).toBe(201);
    expect((await storedRows()).images).toBe(CHAT_IMAGES_PER_ADDRESS.points + 1);
  });

  // ------------------------------------------------------------------ messages with a photo

  it('a message shows a photo of its sender in this call: stored, in the history, resent once; another call’s or another sender’s photo is refused', async () => {
    const call = await activeCall();
    const image = await uploaded(
      call.callId,
      visitor(call),
      await testPhoto({ width: 1200, height: 900 }),
    );
    const shown: ChatMessage['image'] = {
      id: image.id,
      kind: 'photo',
      width: 1200,
      height: 900,
      contentType: 'image/jpeg',
      bytes: image.bytes,
    };
    const id = randomUUID();
    const sent = await post(call.callId, visitor(call), { id, imageId: image.id });
    expect(sent.status).toBe(201);
    const message: ChatMessage = {
      id,
      callId: call.callId,
      senderType: 'client',
      senderName: 'Ana Visitante',
      body: '',
      image: shown,
      sentAt: t.clock.now().toISOString(),
    };
    expect(sent.body).toEqual({ success: true, data: message });
    t.clock.advance(1000);
    const captioned = randomUUID();
    const withText = await post(call.callId, visitor(call), {
      id: captioned,
      body: ' ¿Este tono? ',
      imageId: image.id,
    });
    expect(withText.data).toEqual({
      ...message,
      id: captioned,
      body: '¿Este tono?',
      sentAt: t.clock.now().toISOString(),
    });

    // A resend answers the stored message; the same id with another photo (or none) clashes.
    expect((await post(call.callId, visitor(call), { id, imageId: image.id })).status).toBe(200);
    const other = await uploaded(
      call.callId,
      visitor(call),
      await testPhoto({ width: 20, height: 20 }),
    );
    for (const body of [
      { id, imageId: other.id },
      { id, body: 'Hola' },
    ]) {
      const clash = await post(call.callId, visitor(call), body);
      expect([clash.status, clash.body.error?.code]).toEqual([409, 'CHAT_ID_IN_USE']);
    }

    // Photos of another call, unknown ids, another sender's photo: refused, nothing stored.
    const second = await requestCall(t.app, { name: 'Otra Visitante' });
    const foreign = await uploaded(
      second.callId,
      visitor(second),
      await testPhoto({ width: 20, height: 20 }),
    );
    const before = await storedRows();
    const refusals: Array<[Creds, string, number, string]> = [
      [visitor(call), foreign.id, 404, 'IMAGE_NOT_FOUND'],
      [visitor(call), `img_${'f'.repeat(32)}`, 404, 'IMAGE_NOT_FOUND'],
      [staff(eva), image.id, 403, 'FORBIDDEN'],
      [staff(admin), image.id, 403, 'FORBIDDEN'],
    ];
    for (const [creds, imageId, status, code] of refusals) {
      const res = await post(call.callId, creds, { id: randomUUID(), body: 'Mira', imageId });
      expect([imageId, res.status, res.body.error?.code]).toEqual([imageId, status, code]);
    }
    expect(await storedRows()).toEqual(before);

    const history = await api<{ messages: ChatMessage[] }>(
      t.app,
      'GET',
      `/api/calls/${call.callId}/messages`,
      staff(eva),
    );
    expect(history.data.messages).toEqual([message, withText.data]);
  });

  it('over the socket: chat:send with an imageId acks the message with its photo and delivers it to the room', async () => {
    const url = await listenUrl(t.app);
    const call = await activeCall();
    const ana: Client = await open(url);
    expect(
      (await ask(ana, 'client:connect', { callId: call.callId, clientKey: call.clientKey })).ok,
    ).toBe(true);
    const evaSocket = await open(url, { token: eva.token });
    expect((await ask(evaSocket, 'chat:join', { callId: call.callId })).ok).toBe(true);

    const image = await uploaded(
      call.callId,
      visitor(call),
      await testPhoto({ width: 300, height: 400, format: 'png' }),
      'image/png',
    );
    const id = randomUUID();
    const heard = next(evaSocket, 'chat:message');
    const ack = await ask(ana, 'chat:send', { callId: call.callId, id, imageId: image.id });
    if (!ack.ok) throw new Error(`refused: ${ack.error.code}`);
    const message = chatMessageSchema.parse(ack.data);
    expect(message).toEqual({
      id,
      callId: call.callId,
      senderType: 'client',
      senderName: 'Ana Visitante',
      body: '',
      image: {
        id: image.id,
        kind: 'photo',
        width: 300,
        height: 400,
        contentType: 'image/jpeg',
        bytes: image.bytes,
      },
      sentAt: t.clock.now().toISOString(),
    });
    expect(await heard).toEqual(message);
    // The photo the message names opens for the advisor who heard it.
    expect((await fetchImage(call.callId, image.id, staff(eva))).statusCode).toBe(200);

    // Another sender's photo, over the socket too.
    const refused = await ask(evaSocket, 'chat:send', {
      callId: call.callId,
      id: randomUUID(),
      imageId: image.id,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('documents the upload (binary body, image types) and the photo (image/jpeg) in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    type Op = {
      requestBody?: { content?: Record<string, { schema?: { type?: string; format?: string } }> };
      responses?: Record<string, { content?: Record<string, { schema?: { format?: string } }> }>;
    };
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, Op>> };
    const up = doc.paths['/api/calls/{callId}/images']?.post;
    expect(Object.keys(up?.requestBody?.content ?? {})).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/heic',
      'image/heif',
    ]);
    expect(up?.requestBody?.content?.['image/jpeg']?.schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    const get = doc.paths['/api/calls/{callId}/images/{imageId}']?.get;
    expect(get?.responses?.['200']?.content?.['image/jpeg']?.schema?.format).toBe('binary');
  });
});
