/**
 * The widget frame's saved consultation in a partitioned cookie: what is stored comes back, the
 * cookie's attributes, unreadable cookies cleared, bounds, and only same-origin use.
 */
import {
  EMBED_STORAGE_COOKIE,
  EMBED_STORAGE_PATH,
  EMBED_STORAGE_RECORD_MAX,
  type EmbedStorage,
} from '@belleza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { COOKIE_MAX_BYTES } from './embed-storage.cookie.js';

const SITE = 'https://citas.salon.pe';
const ATTRIBUTES = 'Path=/api/embed; HttpOnly; Secure; SameSite=None; Partitioned';
/** The frame's own requests, as a browser sends them (a GET carries no Origin). */
const FRAME_GET = { 'sec-fetch-site': 'same-origin' };
const FRAME_PUT = { 'sec-fetch-site': 'same-origin', origin: SITE };

const activeCall = JSON.stringify({
  callId: 'call_01HZX5',
  clientKey: 'k'.repeat(43),
  name: 'Sofía Núñez',
  savedAt: '2030-01-07T15:00:00.000Z',
});
const pendingRating = JSON.stringify({ callId: 'call_01HZX4', advisorName: 'Zoë "Zo" Pérez' });
const nulls: EmbedStorage = { activeCall: null, pendingRating: null };

const encode = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString(
    'base64url',
  );

describe.each(await dialects())('the embed storage cookie (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect, config: { publicUrl: SITE } });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (headers: Record<string, string> = FRAME_GET) =>
    t.app.inject({ method: 'GET', url: EMBED_STORAGE_PATH, headers });
  const put = (body: unknown, headers: Record<string, string> = FRAME_PUT) =>
    t.app.inject({
      method: 'PUT',
      url: EMBED_STORAGE_PATH,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  /** The response's one Set-Cookie header, if any (two would be a bug: fail loudly). */
  const setCookie = (res: LightMyRequestResponse): string | undefined => {
    const header = res.headers['set-cookie'];
    if (header !== undefined && typeof header !== 'string')
      throw new Error(`not one Set-Cookie: ${JSON.stringify(header)}`);
    return header;
  };
  /** The `name=value` a browser sends back for a Set-Cookie. */
  const cookieOf = (res: LightMyRequestResponse): string =>
    (setCookie(res) ?? '').split(';')[0] ?? '';
  const cleared = `${EMBED_STORAGE_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

  it('gives back what the frame stored, from the cookie alone', async () => {
    const records = { activeCall, pendingRating };
    const stored = await put(records);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ success: true, data: records });
    expect(stored.headers['cache-control']).toBe('no-store');

    const read = await get({ ...FRAME_GET, cookie: cookieOf(stored) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, data: records });
    expect(read.headers['cache-control']).toBe('no-store');
    expect(setCookie(read)).toBeUndefined();

    // One record alone, replaced by the next PUT.
    const rating = await put({ activeCall: null, pendingRating });
    expect((await get({ cookie: cookieOf(rating) })).json()).toEqual({
      success: true,
      data: { activeCall: null, pendingRating },
    });
  });

  it('sets the cookie partitioned, HttpOnly, Secure, SameSite=None, under /api/embed, for 2 hours', async () => {
    const records = { activeCall, pendingRating: null };
    const res = await put(records);
    expect(setCookie(res)).toBe(
      `${EMBED_STORAGE_COOKIE}=${encode(records)}; ${ATTRIBUTES}; Max-Age=7200`,
    );
  });

  it('answers no records, and sets nothing, without the cookie', async () => {
    for (const cookie of [
      undefined,
      'preferred-language=en; other=1',
      `x${EMBED_STORAGE_COOKIE}=1`,
    ]) {
      const res = await get({ ...FRAME_GET, ...(cookie ? { cookie } : {}) });
      expect(res.statusCode, String(cookie)).toBe(200);
      expect(res.json()).toEqual({ success: true, data: nulls });
      expect(setCookie(res)).toBeUndefined();
    }
  });

  it('finds its cookie among others', async () => {
    const records = { activeCall, pendingRating };
    const value = encode(records);
    for (const cookie of [
      `a=1; ${EMBED_STORAGE_COOKIE}=${value}; preferred-language=en`,
      `${EMBED_STORAGE_COOKIE}=${value}`,
      `broken;;=; x=%zz;${EMBED_STORAGE_COOKIE}= ${value} ;last="q"`,
    ]) {
      const res = await get({ cookie });
      expect(res.json(), cookie).toEqual({ success: true, data: records });
      expect(setCookie(res)).toBeUndefined();
    }
  });

  it('answers no records to an unreadable cookie, and clears it', async () => {
    const garbage = [
      '',
      'not base64!',
      '%7B%22activeCall%22%3Anull%7D',
      `"${encode({ activeCall, pendingRating })}"`,
      encode('not json'),
      encode('null'),
      encode({ activeCall }),
      encode({ activeCall: 5, pendingRating: null }),
      encode({ activeCall, pendingRating: null, admin: true }),
      encode({ activeCall: 'x'.repeat(EMBED_STORAGE_RECORD_MAX + 1), pendingRating: null }),
      'A'.repeat(COOKIE_MAX_BYTES + 1),
      Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('base64url'),
    ];
    for (const value of garbage) {
      const res = await get({ cookie: `theme=dark; ${EMBED_STORAGE_COOKIE}=${value}` });
      expect(res.statusCode, value).toBe(200);
      expect(res.json(), value).toEqual({ success: true, data: nulls });
      expect(setCookie(res), value).toBe(cleared);
    }
  });

  it('clears the cookie when both records are null', async () => {
    const res = await put(nulls);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: nulls });
    expect(setCookie(res)).toBe(cleared);
  });

  it('keeps two records of the largest size', async () => {
    const records = {
      activeCall: 'a'.repeat(EMBED_STORAGE_RECORD_MAX),
      pendingRating: 'b'.repeat(EMBED_STORAGE_RECORD_MAX),
    };
    const res = await put(records);
    expect(res.statusCode).toBe(200);
    expect((setCookie(res) ?? '').length).toBeLessThanOrEqual(COOKIE_MAX_BYTES);
    expect((await get({ cookie: cookieOf(res) })).json()).toEqual({
      success: true,
      data: records,
    });
  });

  it('refuses records out of the schema, or too large for a cookie, setting nothing', async () => {
    const refused: Array<[unknown, number, string]> = [
      [
        { activeCall: 'x'.repeat(EMBED_STORAGE_RECORD_MAX + 1), pendingRating: null },
        400,
        'VALIDATION_ERROR',
      ],
      [{ activeCall, pendingRating: null, extra: 'x' }, 400, 'VALIDATION_ERROR'],
      [{ activeCall }, 400, 'VALIDATION_ERROR'],
      [{ activeCall: 7, pendingRating: null }, 400, 'VALIDATION_ERROR'],
      ['text', 400, 'VALIDATION_ERROR'],
      // In the schema, but escaped and encoded far beyond what a browser keeps.
      [
        {
          activeCall: '"'.repeat(EMBED_STORAGE_RECORD_MAX),
          pendingRating: '€'.repeat(EMBED_STORAGE_RECORD_MAX),
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];
    for (const [body, status, code] of refused) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, error: { code } });
      expect(setCookie(res)).toBeUndefined();
    }
  });

  it('serves only the frame: another site or origin is refused, before reading or writing', async () => {
    const stored = cookieOf(await put({ activeCall, pendingRating }));
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'cross-site', origin: SITE },
      { origin: 'https://salon.example' },
      { origin: 'https://citas.salon.pe.evil.example' },
      { origin: 'http://citas.salon.pe' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://salon.example' },
    ];
    for (const headers of foreign) {
      const where = JSON.stringify(headers);
      const read = await get({ ...headers, cookie: stored });
      const write = await put(
        { activeCall: null, pendingRating: null },
        { ...headers, cookie: stored },
      );
      for (const res of [read, write]) {
        expect(res.statusCode, where).toBe(403);
        expect(res.json(), where).toMatchObject({
          success: false,
          error: { code: 'CROSS_SITE_REQUEST' },
        });
        expect(res.body, where).not.toContain(encode({ activeCall, pendingRating }));
        expect(setCookie(res), where).toBeUndefined();
      }
    }
  });

  it("serves the site's own origin, and clients that send neither header", async () => {
    const records = { activeCall, pendingRating: null };
    const clients: Array<Record<string, string>> = [FRAME_PUT, { origin: SITE }, {}];
    for (const headers of clients) {
      const res = await put(records, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      const read = await get({ ...headers, cookie: cookieOf(res) });
      expect(read.json()).toEqual({ success: true, data: records });
    }
  });
});
