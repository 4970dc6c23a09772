/**
 * Schema-driven bad input: every input is parsed by its schema (docs/product.md#headers-and-input).
 * plugins/bad-input.test.ts covers hand-picked raw cases (malformed JSON, prototype poisoning,
 * content types, empty bodies, verbatim storage); this suite generates cases from the OpenAPI
 * document instead, for EVERY operation with a body or a query schema: a wrong type for each
 * property, each required property missing, extra properties, non-object bodies, 1 MB and 10 MB
 * bodies, very long / unicode / null-byte strings in every string property, SQL-injection strings
 * in every string query filter, negative, fractional and huge numbers for every numeric query
 * parameter. All sent as the admin, so authorization is not what refuses. For every case: status
 * < 500, no stack trace or file path in the body, and a refused request (4xx) leaves every table
 * exactly as it was. Then every date, time and number field, at any depth of a body and in every
 * query, gets values that pass a pattern but do not exist (2026-13-45, 2026-02-30, 24:61) and
 * numbers no field holds (-1, 1e309, NaN, integers past 2^53): each is refused with a 4xx naming
 * that field, never a 500. The photo uploads (the chat's, an advisor's profile photo) take raw bytes, not
 * JSON (so the generated cases skip them): their own cases send every kind of wrong content type
 * and hostile body, from each party allowed to upload.
 */
import { randomUUID } from 'node:crypto';
import { defaultSettings } from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDaily, type FakeDaily } from '../modules/video/daily/fake-daily.js';
import { WHATSAPP_TEST_CONFIG } from '../modules/whatsapp/fake-whatsapp.js';
import {
  api,
  insertAdvisor,
  insertAppointment,
  requestCall,
  type TestAdvisor,
} from '../test/fixtures.js';
import { decompressionBomb, hevcHeic, polyglotJpeg, testPhoto } from '../test/photos.js';
import {
  createHarness,
  fillPath,
  liveTables,
  operationsOf,
  send,
  snapshot,
  TABLES,
  type Harness,
  type JsonSchema,
  type Operation,
  type Sent,
} from './harness.js';
import { freshPhone } from './scenario.js';

type Case = {
  name: string;
  /** JSON body, or a raw string sent as JSON */
  body?: unknown;
  rawBody?: string;
  query?: string;
  /** this case must be refused (4xx), not merely survive */
  mustRefuse: boolean;
  /** for free-text filters: a 2xx answer must list nothing (the string matched literally) */
  expectNoMatches?: boolean;
};

const SQL_INJECTIONS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  "'; DROP TABLE calls; --",
  "%' OR 1=1 --",
  '1) UNION SELECT password_hash FROM advisors --',
];
const WEIRD_STRINGS: Array<[string, string]> = [
  ['100k characters', 'x'.repeat(100_000)],
  ['unicode', 'Ñandú 💇‍♀️ مرحبا ‮evil‬ 𝓗𝓮𝓵𝓵𝓸 \u200b\ufeff'],
  ['null byte', 'ab\u0000cd'],
  ['control characters', '\u0001\u0002\u001b[31m\r\n'],
];
const BAD_NUMBERS = [
  '-1',
  '0',
  '-99999999999',
  '1e309',
  '99999999999999999999999',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  '',
];

/** A plausible valid value for a schema (best effort; refined per operation below). */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt && alt.length > 0) return sample(alt[alt.length - 1]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@salon.test';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key]);
      return out;
    }
    case undefined:
    default:
      return 'x';
  }
}

/** A value of the wrong JSON type for the schema. */
function wrongTypeFor(schema: JsonSchema | undefined): unknown {
  const alt = schema?.anyOf ?? schema?.oneOf;
  const type = Array.isArray(schema?.type) ? schema?.type[0] : (schema?.type ?? alt?.[0]?.type);
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    case undefined:
    default:
      return { unexpected: ['shape'] };
  }
}

const isStringSchema = (s: JsonSchema | undefined): boolean =>
  !!s && (s.type === 'string' || !!(s.anyOf ?? s.oneOf)?.some((x) => x.type === 'string'));
const isNumberSchema = (s: JsonSchema | undefined): boolean =>
  !!s && (s.type === 'integer' || s.type === 'number');

function bodyCases(op: Operation, base: Record<string, unknown>): Case[] {
  const schema = op.body;
  if (!schema) return [];
  const props = schema.properties ?? {};
  const cases: Case[] = [];
  for (const [key, prop] of Object.entries(props)) {
    cases.push({
      name: `body.${key} of the wrong type`,
      body: { ...base, [key]: wrongTypeFor(prop) },
      mustRefuse: true,
    });
    cases.push({ name: `body.${key} null`, body: { ...base, [key]: null }, mustRefuse: false });
    if (isStringSchema(prop)) {
      for (const [label, value] of WEIRD_STRINGS)
        cases.push({
          name: `body.${key} ${label}`,
          body: { ...base, [key]: value },
          mustRefuse: false,
        });
    }
    if (isNumberSchema(prop)) {
      for (const n of [-1, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2])
        cases.push({ name: `body.${key} = ${n}`, body: { ...base, [key]: n }, mustRefuse: false });
    }
  }
  for (const key of schema.required ?? []) {
    const rest = { ...base };
    delete rest[key];
    cases.push({ name: `body.${key} missing`, body: rest, mustRefuse: true });
  }
  cases.push({
    name: 'extra properties',
    body: { ...base, unexpectedField: 'x', id: 'forced-id', isAdmin: true, deleted_at: 'now' },
    mustRefuse: false,
  });
  for (const [label, body] of [
    ['an array body', []],
    ['a string body', 'just a string'],
    ['a number body', 42],
  ] as const)
    cases.push({ name: label, body, mustRefuse: !!schema.required?.length });
  const anyString = Object.entries(props).find(([, p]) => isStringSchema(p))?.[0] ?? 'padding';
  cases.push({
    name: '1 MB body',
    rawBody: JSON.stringify({ ...base, [anyString]: 'y'.repeat(1024 * 1024) }),
    mustRefuse: true,
  });
  cases.push({
    name: '10 MB body',
    rawBody: JSON.stringify({ ...base, [anyString]: 'z'.repeat(10 * 1024 * 1024) }),
    mustRefuse: true,
  });
  return cases;
}

function queryCases(op: Operation): Case[] {
  const cases: Case[] = [];
  for (const q of op.query) {
    const enc = (v: string) => `${encodeURIComponent(q.name)}=${encodeURIComponent(v)}`;
    if (q.schema.enum) {
      cases.push({ name: `?${q.name} not in its enum`, query: enc('zzz'), mustRefuse: true });
    }
    if (isNumberSchema(q.schema)) {
      for (const n of BAD_NUMBERS)
        cases.push({
          name: `?${q.name}=${n}`,
          query: enc(n),
          // '' and values in range may be read as the default; the rest must be refused.
          mustRefuse:
            !['', '1.5', '0x10'].includes(n) && !(n === '0' && (q.schema.minimum ?? 1) <= 0),
        });
      cases.push({ name: `?${q.name} not a number`, query: enc('ten'), mustRefuse: true });
    }
    if (isStringSchema(q.schema)) {
      // Date bounds refuse what is no existing day or date-time, so "matches nothing" is only
      // asserted of the free-text and id filters.
      const freeText = !q.schema.enum && !/date$/i.test(q.name);
      for (const inj of SQL_INJECTIONS)
        cases.push({
          name: `?${q.name}=${inj}`,
          query: enc(inj),
          mustRefuse: false,
          expectNoMatches: freeText,
        });
      for (const [label, value] of WEIRD_STRINGS)
        cases.push({ name: `?${q.name} ${label}`, query: enc(value), mustRefuse: false });
    }
    cases.push({
      name: `?${q.name} given twice`,
      query: `${enc(String(sample(q.schema)))}&${enc(String(sample(q.schema)))}`,
      mustRefuse: false,
    });
  }
  if (op.query.length > 0)
    cases.push({
      name: 'unknown query parameter',
      query: 'nope=1&__proto__[x]=1',
      mustRefuse: false,
    });
  return cases;
}

/** A day, a clock time, a date-time or a number somewhere in a body (its path) or a query. */
type FieldKind = 'day' | 'time' | 'dateTime' | 'number';
type Field = { path: string[]; kind: FieldKind; schema: JsonSchema };

/** Days that match YYYY-MM-DD but do not exist, or lie where no salon day does. */
const IMPOSSIBLE_DAYS = [
  '2026-13-45',
  '2026-02-30',
  '2026-00-10',
  '2026-04-31',
  '2027-02-29',
  '0000-01-01',
  '99999-12-31',
];
const IMPOSSIBLE_TIMES = ['24:61', '24:00', '23:60', '99:99', '-1:00'];
const IMPOSSIBLE_DATE_TIMES = [
  '2026-13-45T10:00:00.000Z',
  '2026-02-30T10:00:00.000Z',
  '2026-00-10T10:00:00.000Z',
  '2026-01-01T24:61:00.000Z',
  '2026-01-01T10:00:00.000+25:00',
];

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** What a field holds, from its schema and, for refined strings without a pattern, its name. */
function kindOf(name: string, schema: JsonSchema): FieldKind | null {
  const s = (schema.anyOf ?? schema.oneOf)?.find((x) => x.type !== 'null') ?? schema;
  const type = typeOf(s);
  if (type === 'integer' || type === 'number') return 'number';
  if (type !== 'string' || s.enum) return null;
  if (s.format === 'date-time' || /At$/.test(name)) return 'dateTime';
  if (s.format === 'time' || (s.pattern ?? '').includes(':[0-5]')) return 'time';
  if (s.format === 'date' || /(date|day|^from)$/i.test(name)) return 'day';
  return null;
}

/** Every date, time and number field of a body, at any depth of nested objects. */
function fieldsOf(schema: JsonSchema | null | undefined, path: string[] = []): Field[] {
  if (!schema) return [];
  const s = (schema.anyOf ?? schema.oneOf)?.find((x) => x.type === 'object') ?? schema;
  if (typeOf(s) === 'object' || s.properties) {
    return Object.entries(s.properties ?? {}).flatMap(([key, prop]) => {
      const kind = kindOf(key, prop);
      return kind ? [{ path: [...path, key], kind, schema: prop }] : fieldsOf(prop, [...path, key]);
    });
  }
  return [];
}

/** A copy of `base` with `value` at `path`, building the objects on the way from their samples. */
function withValueAt(
  base: Record<string, unknown>,
  schema: JsonSchema,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const out = structuredClone(base);
  let target: Record<string, unknown> = out;
  let at: JsonSchema | undefined = schema;
  for (const key of path.slice(0, -1)) {
    at = at?.properties?.[key];
    const next = target[key];
    const made = next && typeof next === 'object' ? next : sample(at);
    target[key] = made && typeof made === 'object' ? made : {};
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1] ?? ''] = value;
  return out;
}

/** Whether a number lies outside what its schema allows (then it must be refused). */
function outOfRange(schema: JsonSchema, n: number): boolean {
  const s = (schema.anyOf ?? schema.oneOf)?.find((x) => x.type !== 'null') ?? schema;
  return (
    !Number.isFinite(n) ||
    (s.minimum !== undefined && n < s.minimum) ||
    (s.maximum !== undefined && n > s.maximum) ||
    (typeOf(s) === 'integer' && !Number.isSafeInteger(n))
  );
}

/** A case that must be refused with a 4xx whose VALIDATION_ERROR names `field` (a dotted path). */
type ImpossibleCase = Case & { field: string };

/** Impossible values for every date, time and number field of a body, at any depth. */
function impossibleBodyCases(op: Operation, base: Record<string, unknown>): ImpossibleCase[] {
  const cases: ImpossibleCase[] = [];
  if (!op.body) return cases;
  for (const f of fieldsOf(op.body)) {
    const field = f.path.join('.');
    const at = (value: unknown) => withValueAt(base, op.body!, f.path, value);
    const values =
      f.kind === 'day'
        ? IMPOSSIBLE_DAYS
        : f.kind === 'time'
          ? IMPOSSIBLE_TIMES
          : f.kind === 'dateTime'
            ? IMPOSSIBLE_DATE_TIMES
            : [];
    for (const v of values)
      cases.push({ name: `body.${field} = ${v}`, body: at(v), mustRefuse: true, field });
    if (f.kind !== 'number') continue;
    for (const n of [-1, 2 ** 53 + 2, -(2 ** 53 + 2), 1e300])
      cases.push({
        name: `body.${field} = ${n}`,
        body: at(n),
        mustRefuse: outOfRange(f.schema, n),
        field,
      });
    // JSON has no Infinity or NaN: a client can still write 1e309 (read as Infinity) or NaN.
    const marker = '"__number__"';
    for (const literal of ['1e309', '-1e309', 'NaN'])
      cases.push({
        name: `body.${field} = ${literal}`,
        rawBody: JSON.stringify(at('__number__')).replace(marker, literal),
        mustRefuse: true,
        field: literal === 'NaN' ? '' : field,
      });
  }
  return cases;
}

/** Impossible values for every date and time query parameter (numbers: BAD_NUMBERS above). */
function impossibleQueryCases(op: Operation): ImpossibleCase[] {
  const cases: ImpossibleCase[] = [];
  for (const q of op.query) {
    const kind = kindOf(q.name, q.schema);
    const values =
      kind === 'day'
        ? [...IMPOSSIBLE_DAYS, ...IMPOSSIBLE_DATE_TIMES]
        : kind === 'time'
          ? IMPOSSIBLE_TIMES
          : kind === 'dateTime'
            ? IMPOSSIBLE_DATE_TIMES
            : [];
    for (const v of values)
      cases.push({
        name: `?${q.name}=${v}`,
        query: `${encodeURIComponent(q.name)}=${encodeURIComponent(v)}`,
        mustRefuse: true,
        field: q.name,
      });
  }
  return cases;
}

/** Stack traces, file paths and raw error text must never reach a client. */
const LEAK_PATTERNS = [
  /\bat [^\s]+ \(?\/?[^\s]*\.(?:ts|js|mjs|cjs):\d+/,
  /Error:/,
  /node_modules/,
  /\/work\//,
  /\bSQLITE_/,
  /syntax error/i,
];

/** Every column of every row, except bookkeeping an authenticated request may refresh. */
async function state(h: Harness): Promise<Record<string, string>> {
  await h.db.db.updateTable('advisor_sessions').set({ last_used_at: 'fixed' }).execute();
  return snapshot(h.db);
}

/** What each operation needs to get past its schema in a valid request (the base of each case). */
function baseBodies(
  admin: TestAdvisor,
  fake: FakeDaily,
  stylistId: string,
): Record<string, Record<string, unknown>> {
  return {
    'POST /api/advisors/login': { email: `${admin.id}@fixture.test`, password: 'whatever-1' },
    'POST /api/advisors': { name: 'Fuzz', email: 'fuzz@salon.test', password: 'Password-123' },
    'PUT /api/advisors/{advisorId}': { title: 'Fuzz' },
    'POST /api/advisors/{advisorId}/status': { status: 'busy' },
    'POST /api/advisors/password-reset': { email: 'fuzz@salon.test' },
    'POST /api/advisors/password-reset/confirm': { token: 'fuzz', password: 'Password-123' },
    'PUT /api/advisors/{advisorId}/suspension': { suspended: true },
    'POST /api/calls/request': {
      name: 'Fuzz',
      phone: freshPhone(),
      consent: true,
      remember: true,
    },
    'POST /api/callbacks': { name: 'Fuzz', phone: freshPhone(), consent: true },
    'POST /api/calls/{callId}/rating': { rating: 5 },
    'POST /api/calls/{callId}/notes': { notes: 'n' },
    'POST /api/calls/{callId}/messages': { id: randomUUID(), body: 'Hola' },
    'PUT /api/settings': {
      ...structuredClone(defaultSettings),
      notifications: { ...defaultSettings.notifications, emailNotifications: false },
    },
    'POST /api/settings/test-daily': { apiKey: fake.apiKey, domain: fake.domain },
    'POST /api/settings/test-email': { to: 'fuzz@salon.test' },
    'POST /api/mail/confirm': { token: 'fuzz' },
    'PUT /api/embed/storage': { activeCall: '{"callId":"call_fuzz"}', pendingRating: null },
    // Disabled: no worker runs here, and none would send to it.
    'POST /api/webhooks/endpoints': {
      url: 'https://crm.example.com/hook',
      events: ['call.ended'],
      enabled: false,
    },
    'PUT /api/webhooks/endpoints/{endpointId}': { description: 'CRM' },
    // The reception desk: a consultation with a stylist, far ahead.
    'POST /api/desk/appointments': {
      kind: 'consultation',
      advisorId: stylistId,
      startsAt: '2030-01-08T15:00:00.000Z',
      name: 'Fuzz',
      phone: freshPhone(),
      verbalConsent: true,
    },
  };
}

/**
 * What a photo upload (the chat's, an advisor's profile photo) must refuse, with the status it must
 * get: [case, content type (null: none), body, status].
 */
async function hostilePhotoBodies(
  jpeg: Buffer,
): Promise<Array<[string, string | null, string | Buffer, number]>> {
  const pseudoRandom = Buffer.from(Array.from({ length: 1024 * 1024 }, (_, i) => (i * 7919) % 251));
  return [
    ['JSON object', 'application/json', JSON.stringify({ image: 'x' }), 415],
    [
      'JSON photo as base64',
      'application/json',
      JSON.stringify({ data: jpeg.toString('base64') }),
      415,
    ],
    ['malformed JSON', 'application/json', '{"image":', 415],
    ['form', 'application/x-www-form-urlencoded', 'image=x', 415],
    [
      'multipart',
      'multipart/form-data; boundary=----x',
      `------x

${'x'.repeat(10)}`,
      415,
    ],
    ['text', 'text/plain', 'hola', 415],
    ['HTML', 'text/html', '<script>alert(1)</script>', 415],
    ['XML', 'application/xml', '<?xml version="1.0"?><a/>', 415],
    ['octet-stream', 'application/octet-stream', jpeg, 415],
    ['GIF type', 'image/gif', jpeg, 415],
    ['SVG type', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>', 415],
    ['a wildcard type', 'image/*', jpeg, 415],
    ['two types', 'image/jpeg, text/html', jpeg, 415],
    ['a garbage type', ';;;/', jpeg, 415],
    ['a 1000-character type', `image/${'j'.repeat(1000)}`, jpeg, 415],
    ['no type', null, jpeg, 415],
    ['no type, no body', null, '', 400],
    ['10 MB of JSON', 'application/json', JSON.stringify({ s: 'z'.repeat(10 * 1024 * 1024) }), 415],
    ['16 MB photo', 'image/jpeg', Buffer.alloc(16 * 1024 * 1024, 0xff), 413],
    ['empty photo', 'image/jpeg', '', 415],
    ['text as JPEG', 'image/jpeg', 'not a photo', 415],
    ['HTML as PNG', 'image/png', '<html><script>alert(1)</script></html>', 415],
    [
      'SVG as WebP',
      'image/webp',
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
      415,
    ],
    ['1 MB noise as HEIC', 'image/heic', pseudoRandom, 415],
    ['NUL bytes as HEIF', 'image/heif', Buffer.alloc(4096), 415],
    ['half a JPEG', 'image/jpeg', jpeg.subarray(0, jpeg.length >> 1), 415],
    ['JPEG header only', 'image/jpeg', jpeg.subarray(0, 20), 415],
    ['decompression bomb', 'image/png', decompressionBomb(), 413],
    ['HEVC HEIC', 'image/heic', hevcHeic(), 415],
    ['GIF as JPEG', 'image/jpeg', await testPhoto({ width: 8, height: 8, format: 'gif' }), 415],
    ['TIFF as PNG', 'image/png', await testPhoto({ width: 8, height: 8, format: 'tiff' }), 415],
    ['prototype pollution as JSON', 'application/json', '{"__proto__":{"isAdmin":true}}', 415],
  ];
}

/**
 * Sends every hostile body of `hostilePhotoBodies` through `upload` (`i`: the case's index; `body`
 * undefined: no body at all), then three real photos (`i` null), a polyglot among them; lists
 * each status other than expected, any internals in an answer, any write by a refused upload and
 * any real photo refused (`accepted` is the upload's success status).
 */
async function photoUploadProblems(
  h: Harness,
  jpeg: Buffer,
  accepted: number,
  upload: (
    i: number | null,
    body: { rawBody: string | Buffer; contentType: string | null } | undefined,
  ) => Promise<Sent>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, [name, contentType, body, expected]] of (
    await hostilePhotoBodies(jpeg)
  ).entries()) {
    const before = await state(h);
    const res = await upload(
      i,
      body === '' && contentType === null ? undefined : { rawBody: body, contentType },
    );
    const where = `${name}: ${res.status} ${res.text.slice(0, 160)}`;
    if (res.status !== expected) problems.push(`expected ${expected} — ${where}`);
    for (const p of LEAK_PATTERNS)
      if (p.test(res.text)) problems.push(`internals (${String(p)}) — ${where}`);
    const after = await state(h);
    if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`wrote — ${where}`);
  }
  for (const [type, bytes] of [
    ['image/jpeg', jpeg],
    ['image/png', await testPhoto({ width: 8, height: 8, format: 'png' })],
    ['image/jpeg', await polyglotJpeg()],
  ] as const) {
    const res = await upload(null, { rawBody: bytes, contentType: type });
    if (res.status !== accepted)
      problems.push(`refused a real photo (${type}): ${res.status} ${res.text}`);
  }
  return problems;
}

describe('schema-driven fuzzing of every operation with a body or a query', () => {
  let h: Harness;
  let fake: FakeDaily;
  let admin: TestAdvisor;
  let ops: Operation[];
  let ids: {
    advisorId: string;
    callId: string;
    callbackId: string;
    appointmentId: string;
    file: string;
    serviceId: string;
    testimonialId: string;
    itemId: string;
    endpointId: string;
    deliveryId: string;
  };
  beforeAll(async () => {
    fake = await startFakeDaily();
    h = await createHarness({
      config: { dailyApiUrl: fake.url, logLevel: 'silent', whatsapp: WHATSAPP_TEST_CONFIG },
    });
    ops = operationsOf(h.app).filter((o) => o.body || o.query.length > 0);
    admin = await insertAdvisor(h.db.db, { isAdmin: true, now: h.clock.now() });
    const advisor = await insertAdvisor(h.db.db, { name: 'Zoe', now: h.clock.now() });
    const call = await requestCall(h.app, { name: 'Sara', phone: freshPhone(), message: 'corte' });
    const cb = await send(h.app, 'POST', '/api/callbacks', {
      body: { name: 'Lead', phone: freshPhone(), consent: true },
    });
    const booking = await insertAppointment(h.db.db, {
      advisorId: advisor.id,
      startsAt: '2030-01-07T15:00:00.000Z',
    });
    const by = { advisorId: admin.id, isAdmin: true };
    const catalogue = h.app.container;
    const service = await catalogue.salonServices.create(by, {
      name: 'Corte',
      category: 'Cabello',
      description: '',
      durationMinutes: 45,
      price: 40,
      active: true,
      position: 0,
      bookable: true,
      stylistIds: [advisor.id],
    });
    const opinion = await catalogue.testimonials.create(by, {
      firstName: 'Ana',
      rating: 5,
      comment: '',
      published: false,
    });
    const item = await catalogue.gallery.create(by, { alt: 'Un corte', caption: '', position: 0 });
    const hook = await catalogue.webhooks.createEndpoint(admin.id, {
      url: 'https://crm.example.com/hook',
      description: '',
      events: ['call.ended'],
      enabled: false,
    });
    ids = {
      endpointId: hook.endpoint.endpointId,
      deliveryId: 'whd_none',
      serviceId: service.serviceId,
      testimonialId: opinion.testimonialId,
      itemId: item.itemId,
      appointmentId: booking.id,
      advisorId: advisor.id,
      callId: call.callId,
      callbackId: (cb.body as { data: { callbackId: string } }).data.callbackId,
      // an advisor photo's rendition (GET /api/advisors/{advisorId}/photo/{file})
      file: '96.webp',
    };
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it('knows every table of the schema, and the write check sees a write', async () => {
    expect(await liveTables(h.db)).toEqual([...TABLES].sort());
    const before = await state(h);
    await h.db.db
      .updateTable('callbacks')
      .set({ message: 'changed' })
      .where('id', '=', ids.callbackId)
      .execute();
    const after = await state(h);
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual(['callbacks']);
  });

  it('answers every generated bad input below 500, without internals, writing nothing when refused', async () => {
    expect(ops.length).toBeGreaterThanOrEqual(20);
    const bases = baseBodies(admin, fake, ids.advisorId);
    const problems: string[] = [];
    let sent = 0;
    let refused = 0;
    for (const op of ops) {
      const url = fillPath(op.path, ids);
      const base = bases[op.key] ?? (sample(op.body ?? undefined) as Record<string, unknown>);
      const cases = [...bodyCases(op, base ?? {}), ...queryCases(op)];
      for (const c of cases) {
        // Accepted call requests pile up; close them so capacity (503) never answers for input.
        if (op.key === 'POST /api/calls/request')
          await h.db.db
            .updateTable('calls')
            .set({ status: 'cancelled' })
            .where('id', '!=', ids.callId)
            .where('status', 'in', ['pending', 'active'])
            .execute();
        const before = await state(h);
        const res = await send(h.app, op.method, c.query ? `${url}?${c.query}` : url, {
          token: admin.token,
          ...(c.rawBody !== undefined
            ? { rawBody: c.rawBody }
            : op.body
              ? { body: c.body ?? base }
              : {}),
        });
        sent += 1;
        const where = `${op.key} ${c.name}: ${res.status} ${res.text.slice(0, 160)}`;
        if (res.status >= 500) problems.push(`5xx — ${where}`);
        for (const p of LEAK_PATTERNS)
          if (p.test(res.text)) problems.push(`internals (${String(p)}) — ${where}`);
        if (c.mustRefuse && res.status < 400) problems.push(`accepted — ${where}`);
        if (res.status >= 400) {
          refused += 1;
          const after = await state(h);
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            problems.push(`refused but wrote to ${changed.join(', ')} — ${where}`);
          }
        }
        if (c.expectNoMatches && res.status < 300) {
          const data = (res.body as { data?: unknown }).data;
          const items = Array.isArray(data)
            ? data
            : ((data as { items?: unknown[]; calls?: unknown[] } | undefined)?.items ??
              (data as { calls?: unknown[] } | undefined)?.calls ??
              []);
          if (items.length > 0) problems.push(`injection matched ${items.length} rows — ${where}`);
        }
      }
    }
    console.info(`fuzz: ${ops.length} operations, ${sent} requests, ${refused} refused`);
    expect(sent).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses every impossible date, time and number, at any depth, with a 4xx naming the field', async () => {
    const bases = baseBodies(admin, fake, ids.advisorId);
    const problems: string[] = [];
    const covered = new Set<string>();
    let sent = 0;
    for (const op of ops) {
      const url = fillPath(op.path, ids);
      const base = bases[op.key] ?? (sample(op.body ?? undefined) as Record<string, unknown>);
      for (const c of [...impossibleBodyCases(op, base ?? {}), ...impossibleQueryCases(op)]) {
        const before = await state(h);
        const res = await send(h.app, op.method, c.query ? `${url}?${c.query}` : url, {
          token: admin.token,
          ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : op.body ? { body: c.body } : {}),
        });
        sent += 1;
        covered.add(`${op.key} ${c.field || '(body)'}`);
        const where = `${op.key} ${c.name}: ${res.status} ${res.text.slice(0, 200)}`;
        if (res.status >= 500) problems.push(`5xx — ${where}`);
        for (const p of LEAK_PATTERNS)
          if (p.test(res.text)) problems.push(`internals (${String(p)}) — ${where}`);
        if (c.mustRefuse && (res.status < 400 || res.status >= 500))
          problems.push(`not refused — ${where}`);
        if (res.status >= 400) {
          const after = await state(h);
          if (JSON.stringify(after) !== JSON.stringify(before))
            problems.push(`refused but wrote — ${where}`);
        }
        // The refusal is about the field sent, not something else in the request.
        const error = (res.body as { error?: { code?: string; details?: unknown } }).error;
        const issues = (error?.details as { issues?: { path: string }[] } | undefined)?.issues;
        if (c.mustRefuse && c.field && res.status === 400 && error?.code === 'VALIDATION_ERROR') {
          if (issues && !issues.some((i) => i.path === c.field || i.path.startsWith(`${c.field}.`)))
            problems.push(`refused for another field — ${where}`);
        }
      }
    }
    console.info(`fuzz: ${sent} impossible dates, times and numbers, ${covered.size} fields`);
    // The fields this must reach, whatever the OpenAPI document grows into.
    for (const field of [
      'GET /api/appointments/slots from',
      'GET /api/appointments day',
      'GET /api/calls startDate',
      'GET /api/calls endDate',
      'POST /api/appointments startsAt',
      'POST /api/appointments/{appointmentId}/reschedule startsAt',
      'GET /api/summaries/{callId}/services/{serviceId}/slots from',
      'POST /api/summaries/{callId}/services/{serviceId}/book startsAt',
      'GET /api/desk/slots from',
      'POST /api/desk/appointments startsAt',
      'PUT /api/advisors/{advisorId} workingHours.monday.start',
      'PUT /api/advisors/{advisorId} maxConcurrentCalls',
      'POST /api/calls/{callId}/rating rating',
    ])
      expect(covered).toContain(field);
    expect(problems).toEqual([]);
  }, 60_000);

  it('answers every wrong content type and hostile body of the photo upload with 413/415 (or 400 for no body), writing nothing', async () => {
    // A call of its own, answered: the generated cases above may have ended or cancelled theirs.
    await h.db.db
      .updateTable('calls')
      .set({ status: 'cancelled' })
      .where('status', 'in', ['pending', 'active'])
      .execute();
    await insertAdvisor(h.db.db, { name: 'Lía', now: h.clock.now() });
    const call = await requestCall(h.app, { name: 'Foto', phone: freshPhone() });
    const accepted = await api(h.app, 'POST', `/api/calls/${call.callId}/accept`, {
      token: admin.token,
      body: {},
    });
    expect(accepted.status).toBe(200);
    const second = await insertAdvisor(h.db.db, { isAdmin: true, now: h.clock.now() });
    const clientKey = call.clientKey;
    const url = `/api/calls/${call.callId}/images`;
    const jpeg = await testPhoto({ width: 48, height: 32 });
    const senders = [{ token: admin.token }, { token: second.token }, { clientKey }];
    // Each party has CHAT_IMAGE_RATE_MAX photos a minute: three share the cases that reach sharp.
    const problems = await photoUploadProblems(h, jpeg, 201, (i, body) =>
      send(h.app, 'POST', url, {
        ...(i === null ? { clientKey } : senders[i % senders.length]),
        ...body,
      }),
    );
    expect(problems).toEqual([]);
  });

  it("answers every wrong content type and hostile body of an advisor's photo upload with 413/415 (or 400 for no body), writing nothing", async () => {
    const lia = await insertAdvisor(h.db.db, { name: 'Lía Foto', now: h.clock.now() });
    const url = `/api/advisors/${lia.id}/photo`;
    const jpeg = await testPhoto({ width: 48, height: 32 });
    // The advisor herself and an admin share the hostile cases; she uploads the real photos.
    const problems = await photoUploadProblems(h, jpeg, 200, (i, body) =>
      send(h.app, 'PUT', url, {
        token: i !== null && i % 2 === 1 ? admin.token : lia.token,
        ...body,
      }),
    );
    expect(problems).toEqual([]);
  });
});
