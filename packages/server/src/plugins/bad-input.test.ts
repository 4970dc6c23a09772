/**
 * Bad input (docs/product.md#headers-and-input): whatever a client sends, the answer is a 4xx with
 * a code and a clear message, never a 500, nothing is half-written, and strings are stored and
 * returned verbatim.
 */
import type { Advisor } from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/helpers.js';
import {
  addAdmin,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from '../modules/advisors/advisors.fixtures.js';

type RawCase = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  status: number;
  code: string;
  message?: RegExp;
};

describe.each(await dialects())('bad input (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { email: 'root@salon.pe' });
  });
  afterAll(async () => {
    await t.close();
  });

  const liveAdvisors = async () =>
    (await t.db.db.selectFrom('advisors').select('id').where('deleted_at', 'is', null).execute())
      .length;
  const json = 'application/json';
  const big = JSON.stringify({
    name: 'x'.repeat(300 * 1024),
    email: 'big@salon.pe',
    password: 'password-1',
  });

  const cases = (): RawCase[] => [
    {
      name: 'malformed JSON',
      method: 'POST',
      url: '/api/advisors',
      payload: '{"name": "Ana",',
      contentType: json,
      status: 400,
      code: 'BAD_REQUEST',
      message: /^Malformed JSON body$/,
    },
    {
      name: 'JSON with a trailing comma',
      method: 'PUT',
      url: '/api/settings',
      payload: '{"system": {},}',
      contentType: json,
      status: 400,
      code: 'BAD_REQUEST',
      message: /Malformed JSON/,
    },
    {
      name: 'prototype poisoning',
      method: 'POST',
      url: '/api/advisors',
      payload: '{"__proto__": {"isAdmin": true}, "name": "P"}',
      contentType: json,
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'empty body where one is needed',
      method: 'POST',
      url: '/api/advisors',
      payload: '',
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'JSON null body',
      method: 'POST',
      url: '/api/advisors',
      payload: 'null',
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'JSON array body',
      method: 'POST',
      url: '/api/advisors',
      payload: '[]',
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'missing fields',
      method: 'POST',
      url: '/api/advisors',
      payload: JSON.stringify({ name: 'Ana' }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
      message: /email/,
    },
    {
      name: 'wrong types',
      method: 'POST',
      url: '/api/advisors',
      payload: JSON.stringify({ name: 7, email: 'a@b.pe', password: 'password-1' }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
      message: /name/,
    },
    {
      name: 'unknown field',
      method: 'POST',
      url: '/api/advisors',
      payload: JSON.stringify({ name: 'A', email: 'u@b.pe', password: 'password-1', role: 'root' }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'bad working hours',
      method: 'POST',
      url: '/api/advisors',
      payload: JSON.stringify({
        name: 'A',
        email: 'w@b.pe',
        password: 'password-1',
        workingHours: { monday: { start: '25:00', end: '17:00', enabled: true } },
      }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'max concurrent calls out of range',
      method: 'POST',
      url: '/api/advisors',
      payload: JSON.stringify({
        name: 'A',
        email: 'm@b.pe',
        password: 'password-1',
        maxConcurrentCalls: 11,
      }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
      message: /validation.maxConcurrentCallsAdvisor/,
    },
    {
      name: 'oversized body',
      method: 'POST',
      url: '/api/advisors',
      payload: big,
      contentType: json,
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      name: 'unsupported content type',
      method: 'POST',
      url: '/api/advisors',
      payload: '<advisor/>',
      contentType: 'application/xml',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'form-encoded body',
      method: 'POST',
      url: '/api/advisors/login',
      payload: 'email=a%40b.pe&password=x',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'plain text body',
      method: 'POST',
      url: '/api/advisors',
      payload: 'hello',
      contentType: 'text/plain',
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'unknown advisor id',
      method: 'GET',
      url: '/api/advisors/adv_nope',
      status: 404,
      code: 'ADVISOR_NOT_FOUND',
    },
    {
      name: 'overlong advisor id',
      method: 'GET',
      url: `/api/advisors/${'a'.repeat(65)}`,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'injection-like id',
      method: 'GET',
      url: `/api/advisors/${encodeURIComponent("1' OR '1'='1")}`,
      status: 404,
      code: 'ADVISOR_NOT_FOUND',
    },
    {
      name: 'bad status value',
      method: 'POST',
      url: `/api/advisors/${admin.advisor.advisorId}/status`,
      payload: JSON.stringify({ status: "available'; --" }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'bad query value',
      method: 'GET',
      url: '/api/advisors?status=%27%3B%20DROP',
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'audit limit not a number',
      method: 'GET',
      url: '/api/audit?limit=abc',
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'settings with a string number',
      method: 'PUT',
      url: '/api/settings',
      payload: JSON.stringify({ system: { callTimeout: 'thirty' } }),
      contentType: json,
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'unknown route',
      method: 'GET',
      url: '/api/nope',
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
  ];

  it('answers every bad request with a 4xx, its code and a message, and writes nothing', async () => {
    const before = await liveAdvisors();
    for (const c of cases()) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: {
          authorization: `Bearer ${admin.token}`,
          ...(c.contentType ? { 'content-type': c.contentType } : {}),
        },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      expect(res.statusCode, `${c.name}: ${res.body.slice(0, 200)}`).toBe(c.status);
      const body = JSON.parse(res.body) as ErrorJson;
      expect(body.success, c.name).toBe(false);
      expect(body.error.code, c.name).toBe(c.code);
      expect(body.error.message.length, c.name).toBeGreaterThan(0);
      if (c.message) expect(body.error.message, c.name).toMatch(c.message);
      expect(res.body, c.name).not.toMatch(/at .*\.ts:\d+|SQLITE|syntax error at/);
    }
    expect(await liveAdvisors()).toBe(before);
  });

  it('login with injection-like input is refused, not executed', async () => {
    const sqlEmail = await call(t.app, 'POST', '/api/advisors/login', {
      body: { email: "' OR 1=1 --", password: 'x' },
    });
    expect(sqlEmail.status).toBe(400);
    expect(sqlEmail.json<ErrorJson>().error.code).toBe('VALIDATION_ERROR');
    const sqlPassword = await call(t.app, 'POST', '/api/advisors/login', {
      body: { email: 'root@salon.pe', password: "' OR '1'='1' --" },
    });
    expect(sqlPassword.status).toBe(401);
    expect(sqlPassword.json<ErrorJson>().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('stores and returns injection-like strings verbatim', async () => {
    const name = "'; DROP TABLE advisors; --";
    const bio = '<script>alert("x")</script> & "quotes" \\ backslash ñandú 💇‍♀️';
    const res = await call(t.app, 'POST', '/api/advisors', {
      token: admin.token,
      body: {
        name,
        bio,
        email: 'inject@salon.pe',
        password: 'password-1',
        title: '<b>bold</b>',
        expertise: ["color'); --"],
      },
    });
    expect(res.status).toBe(201);
    const created = res.json<OkJson<Advisor>>().data;
    expect(created.name).toBe(name);
    expect(created.profile.bio).toBe(bio);
    expect(created.profile.title).toBe('<b>bold</b>');
    expect(created.profile.expertise).toEqual(["color'); --"]);

    const again = await call(t.app, 'GET', `/api/advisors/${created.advisorId}`, {
      token: admin.token,
    });
    expect(again.json<OkJson<Advisor>>().data.name).toBe(name);
    // the table is still there and answers
    const list = await call(t.app, 'GET', '/api/advisors', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json<OkJson<Advisor[]>>().data.some((a) => a.name === name)).toBe(true);
  });

  it('an empty body with a JSON content type is "no body" on routes that take none', async () => {
    const target = await call(t.app, 'POST', '/api/advisors', {
      token: admin.token,
      body: { name: 'Temp', email: 'temp@salon.pe', password: 'password-1' },
    });
    const id = target.json<OkJson<Advisor>>().data.advisorId;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/advisors/${id}`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });
});
