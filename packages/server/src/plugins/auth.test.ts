/**
 * The auth hook on a bare app: which requests look a session up, what a route that needs a
 * stylist or an admin answers without one, and how the bearer header is read.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminOnly, advisorOnly, authPlugin, bearerToken, type AuthUser } from './auth.js';
import { errorHandlerPlugin } from './error-handler.js';

const ana: AuthUser = {
  advisorId: 'adv_ana',
  sessionId: 'ses_1',
  name: 'Ana',
  email: 'ana@salon.test',
  isAdmin: false,
};

async function appWith(sessions: Record<string, AuthUser>) {
  const asked: string[] = [];
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, {
    resolveSession: async (token) => {
      asked.push(token);
      return sessions[token] ?? null;
    },
  });
  app.get('/probe', { config: { sessionless: true } }, async (req) => ({ user: req.user }));
  app.get('/me', { preHandler: advisorOnly }, async (req) => ({ user: req.user }));
  app.get('/admin', { preHandler: adminOnly }, async () => ({ ok: true }));
  await app.ready();
  return { app, asked };
}

describe('the auth hook', () => {
  it('signs the request in by its bearer token, on every request', async () => {
    const { app, asked } = await appWith({ tok: ana });
    const res = await app.inject({ url: '/me', headers: { authorization: 'Bearer tok' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: ana });
    await app.inject({ url: '/me', headers: { authorization: 'Bearer tok' } });
    expect(asked).toEqual(['tok', 'tok']);
  });

  it('looks no session up for a sessionless route, whatever token it carries', async () => {
    const { app, asked } = await appWith({ tok: ana });
    const res = await app.inject({ url: '/probe', headers: { authorization: 'Bearer tok' } });
    expect(res.json()).toEqual({ user: null });
    expect(asked).toEqual([]);
  });

  it('answers a route that does not exist 404, with a token too', async () => {
    const { app } = await appWith({ tok: ana });
    const res = await app.inject({ url: '/nope', headers: { authorization: 'Bearer tok' } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses without a session 401, and a stylist on an admin route 403', async () => {
    const { app } = await appWith({ tok: ana });
    const anonymous = await app.inject({ url: '/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      success: false,
      error: { code: 'UNAUTHENTICATED', message: 'Sign in first' },
    });
    const unknown = await app.inject({ url: '/me', headers: { authorization: 'Bearer other' } });
    expect(unknown.statusCode).toBe(401);
    const stylist = await app.inject({ url: '/admin', headers: { authorization: 'Bearer tok' } });
    expect(stylist.statusCode).toBe(403);
    expect(stylist.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'Administrators only' },
    });
    const { app: adminApp } = await appWith({ tok: { ...ana, isAdmin: true } });
    const admin = await adminApp.inject({
      url: '/admin',
      headers: { authorization: 'Bearer tok' },
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc', 'abc'],
    ['Bearer a b', null],
    ['Bearer ', null],
    ['Basic abc', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
