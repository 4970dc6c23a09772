/**
 * Arranging tests: advisors and sessions made through the services (no HTTP, so the login rate
 * limit is never in the way), and a tiny request helper over `app.inject()`.
 */
import { createAdvisorBodySchema, type Advisor, type CreateAdvisorBody } from '@belleza/contract';
import type { App } from '../../app.js';

let counter = 0;

export type SignedInAdvisor = {
  advisor: Advisor;
  token: string;
  password: string;
  headers: { authorization: string };
};

export async function addAdvisor(
  app: App,
  overrides: Partial<CreateAdvisorBody> = {},
): Promise<SignedInAdvisor> {
  counter += 1;
  const password = overrides.password ?? `password-${counter}-ok`;
  const advisor = await app.container.advisors.create(
    null,
    createAdvisorBodySchema.parse({
      name: `Advisor ${counter}`,
      email: `advisor${counter}.${Date.now().toString(36)}@test.local`,
      ...overrides,
      password,
    }),
  );
  const { token } = await app.container.sessions.create(advisor.advisorId);
  return { advisor, token, password, headers: { authorization: `Bearer ${token}` } };
}

export const addAdmin = (app: App, overrides: Partial<CreateAdvisorBody> = {}) =>
  addAdvisor(app, { isAdmin: true, ...overrides });

export type InjectResult = {
  status: number;
  body: unknown;
  json: <T = Record<string, unknown>>() => T;
};

/** One request through the real HTTP stack; `body` is sent as JSON. */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<InjectResult> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  const parsed: unknown = res.body ? (JSON.parse(res.body) as unknown) : undefined;
  return { status: res.statusCode, body: parsed, json: <T>() => parsed as T };
}

export type ErrorJson = {
  success: false;
  error: { code: string; message: string; details?: unknown };
};
export type OkJson<T> = { success: true; data: T };
