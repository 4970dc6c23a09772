/**
 * Advisors' profile photos over the real stack, on both databases: who may set and remove one, what
 * is stored (square WebP and AVIF renditions of each size, without metadata), hostile uploads
 * (nothing stored), who may read the renditions (anyone while the advisor is on the landing, staff
 * always) with which cache, and the photo in the advisor and team DTOs.
 */
import {
  ADVISOR_PHOTO_FILES,
  type Advisor,
  type AdvisorPhoto,
  type ErrorBody,
  type SlotsResponse,
  type TeamMember,
} from '@belleza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  decompressionBomb,
  hevcHeic,
  METADATA_MARKS,
  polyglotJpeg,
  POLYGLOT_HTML,
  testPhoto,
} from '../../test/photos.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type OkJson,
  type SignedInAdvisor,
} from './advisors.fixtures.js';

type Uploaded = {
  status: number;
  body: { success: boolean; data?: AdvisorPhoto } & Partial<ErrorBody>;
};

describe.each(await dialects())('advisor profile photos (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  let lucia: SignedInAdvisor;
  let marta: SignedInAdvisor;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { name: 'Rosa Admin' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    lucia = await addAdvisor(t.app, { name: 'Lucía Fernández', title: 'Colorista' });
    marta = await addAdvisor(t.app, { name: 'Marta Ríos' });
  });

  // ------------------------------------------------------------------ helpers

  const photoUrl = (advisorId: string) => `/api/advisors/${advisorId}/photo`;

  async function upload(
    advisorId: string,
    token: string | null,
    data: Buffer | string,
    contentType: string | null = 'image/jpeg',
  ): Promise<Uploaded> {
    const res = await t.app.inject({
      method: 'PUT',
      url: photoUrl(advisorId),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payload: data,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Uploaded['body'] };
  }

  async function uploaded(advisorId: string, token: string, data: Buffer, type = 'image/jpeg') {
    const res = await upload(advisorId, token, data, type);
    expect([res.status, res.body.error?.code]).toEqual([200, undefined]);
    if (!res.body.data) throw new Error('no data');
    return res.body.data;
  }

  const fetchRendition = (advisorId: string, file: string, token?: string, v?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${photoUrl(advisorId)}/${file}${v === undefined ? '' : `?v=${encodeURIComponent(v)}`}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const errorOf = (res: { statusCode: number; body: string }) => [
    res.statusCode,
    (JSON.parse(res.body) as Partial<ErrorBody>).error?.code,
  ];

  const storedRows = (advisorId: string) =>
    t.db.db
      .selectFrom('advisor_photos')
      .select(['size', 'format', 'version', 'content_type', 'size_bytes', 'data'])
      .where('advisor_id', '=', advisorId)
      .orderBy('size')
      .orderBy('format')
      .execute();

  const advisorDto = async (advisorId: string): Promise<Advisor> =>
    (await call(t.app, 'GET', `/api/advisors/${advisorId}`, { token: admin.token })).json<
      OkJson<Advisor>
    >().data;

  const team = async (): Promise<TeamMember[]> =>
    (await call(t.app, 'GET', '/api/team')).json<OkJson<TeamMember[]>>().data;

  const showOnLanding = async (advisorId: string, showOnLanding: boolean) => {
    const res = await call(t.app, 'PUT', `/api/advisors/${advisorId}`, {
      token: admin.token,
      body: { showOnLanding },
    });
    expect(res.status).toBe(200);
  };

  const hasAny = (bytes: Buffer, marks: readonly string[]) => marks.some((m) => bytes.includes(m));

  // ------------------------------------------------------------------ uploads

  it('an admin sets anyone’s photo: square WebP and AVIF of 96, 192 and 384 px, upright, without metadata; the advisor DTO and the stylists to book carry it', async () => {
    // A camera photo on its side (EXIF orientation 6), wider than tall, with GPS, copyright, XMP.
    const camera = await testPhoto({ width: 1200, height: 800, orientation: 6, metadata: true });
    expect(hasAny(camera, Object.values(METADATA_MARKS))).toBe(true);
    const photo = await uploaded(lucia.advisor.advisorId, admin.token, camera);
    expect(photo).toEqual({
      version: photo.version,
      sizes: [96, 192, 384],
      formats: ['avif', 'webp'],
    });
    expect(photo.version).toMatch(/^[\w-]{16}$/);

    const rows = await storedRows(lucia.advisor.advisorId);
    expect(rows.map((r) => `${r.size}.${r.format}`)).toEqual([
      '96.avif',
      '96.webp',
      '192.avif',
      '192.webp',
      '384.avif',
      '384.webp',
    ]);
    for (const row of rows) {
      const meta = await sharp(row.data).metadata();
      expect({
        format: meta.format,
        compression: meta.compression,
        width: meta.width,
        height: meta.height,
        exif: meta.exif,
        xmp: meta.xmp,
        icc: meta.icc,
        orientation: meta.orientation,
        marks: hasAny(row.data, Object.values(METADATA_MARKS)),
        version: row.version,
        contentType: row.content_type,
        bytes: row.size_bytes,
      }).toEqual({
        format: row.format === 'webp' ? 'webp' : 'heif',
        compression: row.format === 'webp' ? undefined : 'av1',
        width: row.size,
        height: row.size,
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        orientation: undefined,
        marks: false,
        version: photo.version,
        contentType: `image/${row.format}`,
        bytes: row.data.length,
      });
    }

    expect((await advisorDto(lucia.advisor.advisorId)).photo).toEqual(photo);
    const list = await call(t.app, 'GET', '/api/advisors', { token: admin.token });
    const listed = list.json<OkJson<Advisor[]>>().data;
    expect(listed.find((a) => a.advisorId === lucia.advisor.advisorId)?.photo).toEqual(photo);
    expect(listed.find((a) => a.advisorId === marta.advisor.advisorId)?.photo).toBeNull();
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['actor_id', 'changes'])
      .where('action', '=', 'advisor.update')
      .where('target', '=', lucia.advisor.advisorId)
      .execute();
    expect(audit.map((r) => [r.actor_id, JSON.parse(r.changes) as unknown])).toEqual([
      [admin.advisor.advisorId, { photo: { from: null, to: photo.version } }],
    ]);
    // The visitor choosing a stylist for her booking sees the same photo (none for Marta).
    await showOnLanding(lucia.advisor.advisorId, true);
    await showOnLanding(marta.advisor.advisorId, true);
    const slots = await call(t.app, 'GET', '/api/appointments/slots');
    const bookable = slots.json<OkJson<SlotsResponse>>().data.advisors;
    expect(bookable.find((a) => a.advisorId === lucia.advisor.advisorId)?.photo).toEqual(photo);
    expect(bookable.find((a) => a.advisorId === marta.advisor.advisorId)?.photo).toBeNull();
  });

  it('the advisor sets her own photo (PNG, WebP, AVIF-coded HEIF), a new one replaces the old; another advisor 403, nobody signed in 401', async () => {
    const id = lucia.advisor.advisorId;
    const png = await testPhoto({ width: 300, height: 500, format: 'png', alpha: true });
    const first = await uploaded(id, lucia.token, png, 'image/png');
    const webp = await testPhoto({ width: 50, height: 40, format: 'webp' });
    const second = await uploaded(id, lucia.token, webp, 'image/webp');
    expect(second.version).not.toBe(first.version);
    const avif = await testPhoto({ width: 640, height: 480, format: 'avif' });
    const third = await uploaded(id, lucia.token, avif, 'image/heif');
    // One photo at a time: only the last one's renditions remain.
    const rows = await storedRows(id);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.version))).toEqual(new Set([third.version]));
    // A small photo is enlarged: every size exists.
    expect(rows.filter((r) => r.format === 'webp').map((r) => r.size)).toEqual([96, 192, 384]);

    const other = await upload(id, marta.token, await testPhoto({ width: 64, height: 64 }));
    expect([other.status, other.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await upload(id, null, await testPhoto({ width: 64, height: 64 }));
    expect([anonymous.status, anonymous.body.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
    const unknown = await upload('adv_nobody', admin.token, webp, 'image/webp');
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'ADVISOR_NOT_FOUND']);
    expect(new Set((await storedRows(id)).map((r) => r.version))).toEqual(new Set([third.version]));
    expect(await storedRows('adv_nobody')).toEqual([]);
  });

  it('answers bad uploads with 413/415 and stores nothing: not an image, 16 MB, a bomb, HEVC HEIC, GIF, SVG, wrong content types', async () => {
    const id = lucia.advisor.advisorId;
    const jpeg = await testPhoto({ width: 64, height: 48 });
    const bad: Array<[string, Buffer | string, string | null, number, string]> = [
      ['JSON', '{"photo":"x"}', 'application/json', 415, 'UNSUPPORTED_IMAGE'],
      ['a JPEG sent as application/json', jpeg, 'application/json', 415, 'UNSUPPORTED_IMAGE'],
      ['a JPEG sent as text/html', jpeg, 'text/html', 415, 'UNSUPPORTED_IMAGE'],
      ['octet-stream', jpeg, 'application/octet-stream', 415, 'UNSUPPORTED_IMAGE'],
      ['multipart', jpeg, 'multipart/form-data; boundary=x', 415, 'UNSUPPORTED_IMAGE'],
      ['image/gif', jpeg, 'image/gif', 415, 'UNSUPPORTED_IMAGE'],
      ['no content type', jpeg, null, 415, 'UNSUPPORTED_IMAGE'],
      ['16 MB', Buffer.alloc(16 * 1024 * 1024, 0xff), 'image/jpeg', 413, 'IMAGE_TOO_LARGE'],
      ['text labelled JPEG', 'hola, no soy una foto', 'image/jpeg', 415, 'UNSUPPORTED_IMAGE'],
      ['HTML labelled PNG', POLYGLOT_HTML, 'image/png', 415, 'UNSUPPORTED_IMAGE'],
      ['an empty body', Buffer.alloc(0), 'image/jpeg', 415, 'UNSUPPORTED_IMAGE'],
      [
        'a truncated JPEG',
        jpeg.subarray(0, jpeg.length >> 1),
        'image/jpeg',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      ['a decompression bomb', decompressionBomb(), 'image/png', 413, 'IMAGE_TOO_LARGE'],
      ['an iPhone HEIC (HEVC)', hevcHeic(), 'image/heic', 415, 'UNSUPPORTED_IMAGE'],
      [
        'a GIF labelled JPEG',
        await testPhoto({ width: 8, height: 8, format: 'gif' }),
        'image/jpeg',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        'an SVG labelled PNG',
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
        'image/png',
        415,
        'UNSUPPORTED_IMAGE',
      ],
    ];
    for (const [what, data, type, status, code] of bad) {
      const res = await upload(id, admin.token, data, type);
      expect([what, res.status, res.body.error?.code]).toEqual([what, status, code]);
      expect(await storedRows(id)).toEqual([]);
    }
    const heic = await upload(id, admin.token, hevcHeic(), 'image/heic');
    expect(heic.body.error).toMatchObject({ details: { format: 'heic' } });
    const big = await upload(id, admin.token, Buffer.alloc(16 * 1024 * 1024), 'image/png');
    expect(big.body.error).toMatchObject({ details: { maxBytes: 15 * 1024 * 1024 } });
    const bomb = await upload(id, admin.token, decompressionBomb(), 'image/png');
    expect(bomb.body.error).toMatchObject({ details: { maxPixels: 40_000_000 } });
    expect((await advisorDto(id)).photo).toBeNull();

    // A JPEG/HTML polyglot comes out as clean images: the HTML is not stored.
    await uploaded(id, admin.token, await polyglotJpeg());
    for (const row of await storedRows(id)) expect(row.data.includes(POLYGLOT_HTML)).toBe(false);
  });

  // ------------------------------------------------------------------ reads

  it('serves the renditions to anyone only while the advisor is on the landing (staff always), versioned ones cached for good', async () => {
    const id = lucia.advisor.advisorId;
    const photo = await uploaded(id, lucia.token, await testPhoto({ width: 500, height: 400 }));
    const rows = await storedRows(id);
    const bytesOf = (file: string) => rows.find((r) => `${r.size}.${r.format}` === file)?.data;

    // Off the landing: a visitor gets the 404 of no photo, never cached; any signed-in advisor
    // gets it, privately.
    for (const v of [undefined, photo.version]) {
      const hidden = await fetchRendition(id, '192.webp', undefined, v);
      expect(errorOf(hidden)).toEqual([404, 'IMAGE_NOT_FOUND']);
      expect(hidden.headers['cache-control']).toBe('no-store');
    }
    const forStaff = await fetchRendition(id, '192.webp', marta.token, photo.version);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(forStaff.rawPayload.equals(bytesOf('192.webp') ?? Buffer.alloc(0))).toBe(true);

    // On the landing: everyone, every rendition.
    await showOnLanding(id, true);
    for (const file of ADVISOR_PHOTO_FILES) {
      const res = await fetchRendition(id, file, undefined, photo.version);
      expect([file, res.statusCode]).toEqual([file, 200]);
      expect(res.headers).toMatchObject({
        'content-type': file.endsWith('.webp') ? 'image/webp' : 'image/avif',
        'content-length': String(bytesOf(file)?.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(res.rawPayload.equals(bytesOf(file) ?? Buffer.alloc(0))).toBe(true);
    }
    const unversioned = await fetchRendition(id, '96.webp');
    expect([unversioned.statusCode, unversioned.headers['cache-control']]).toEqual([
      200,
      'public, max-age=300',
    ]);
    // Another version (an old photo's address) never answers today's bytes.
    expect(errorOf(await fetchRendition(id, '96.webp', undefined, 'old-version'))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    // Only the documented names.
    for (const file of ['97.webp', '96.jpeg', '96.webp.html', '..%2F96.webp'])
      expect((await fetchRendition(id, file)).statusCode).toBe(400);
    // An advisor without a photo, or an unknown one: the same 404.
    await showOnLanding(marta.advisor.advisorId, true);
    expect(errorOf(await fetchRendition(marta.advisor.advisorId, '96.webp'))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    expect(errorOf(await fetchRendition('adv_nobody', '96.webp', admin.token))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);

    // The team carries the photo (and null without one).
    const members = await team();
    expect(members.find((m) => m.advisorId === id)?.photo).toEqual(photo);
    expect(members.find((m) => m.advisorId === marta.advisor.advisorId)?.photo).toBeNull();

    // Off the landing again: private again.
    await showOnLanding(id, false);
    expect(errorOf(await fetchRendition(id, '96.webp', undefined, photo.version))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    await showOnLanding(marta.advisor.advisorId, false);
  });

  // ------------------------------------------------------------------ removal

  it('the advisor or an admin removes the photo (another advisor 403); deleting the advisor removes it too', async () => {
    const id = lucia.advisor.advisorId;
    const remove = (token: string) => call(t.app, 'DELETE', photoUrl(id), { token, body: {} });
    const photo = await uploaded(id, admin.token, await testPhoto({ width: 200, height: 200 }));
    await showOnLanding(id, true);

    const refused = await remove(marta.token);
    expect([refused.status, refused.json<ErrorBody>().error.code]).toEqual([403, 'FORBIDDEN']);
    expect(await storedRows(id)).toHaveLength(6);

    expect((await remove(lucia.token)).status).toBe(200);
    expect(await storedRows(id)).toEqual([]);
    expect((await advisorDto(id)).photo).toBeNull();
    expect((await team()).find((m) => m.advisorId === id)?.photo).toBeNull();
    expect(errorOf(await fetchRendition(id, '96.webp', undefined, photo.version))).toEqual([
      404,
      'IMAGE_NOT_FOUND',
    ]);
    // Nothing left to remove: fine all the same.
    expect((await remove(admin.token)).status).toBe(200);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('changes')
      .where('action', '=', 'advisor.update')
      .where('target', '=', id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((r) => JSON.parse(r.changes) as unknown)).toContainEqual({
      photo: { from: photo.version, to: null },
    });

    const again = await uploaded(id, lucia.token, await testPhoto({ width: 200, height: 200 }));
    expect(again.version).toBe(photo.version);
    await t.app.container.advisors.remove(
      { advisorId: admin.advisor.advisorId, isAdmin: true },
      id,
    );
    expect(await storedRows(id)).toEqual([]);
  });
});
