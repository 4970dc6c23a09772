import {
  advisorSchema,
  loginBodySchema,
  loginResponseDataSchema,
  ok,
  okMessage,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { advisorOnly, requireAdvisor } from '../../plugins/auth.js';

/** Attempts per client address and email; counted after the body is parsed, so the email is known. */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

const loginKey = (req: FastifyRequest): string => {
  const body = req.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email : '';
  return `login|${req.ip}|${email}`;
};

export const authRoutes: FastifyPluginCallbackZod<{ container: Container }> = (
  app,
  { container },
  done,
) => {
  app.post(
    '/advisors/login',
    {
      config: { rateLimit: { ...LOGIN_RATE_LIMIT, hook: 'preHandler', keyGenerator: loginKey } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in as an advisor; answers the advisor and a bearer session token',
        body: loginBodySchema,
        response: { 200: ok(loginResponseDataSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await container.auth.login(req.body.email, req.body.password),
    }),
  );

  app.get(
    '/advisors/me',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in advisor',
        security: [{ bearer: [] }],
        response: { 200: ok(advisorSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await container.auth.me(requireAdvisor(req)) }),
  );

  app.post(
    '/advisors/logout',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session token',
        security: [{ bearer: [] }],
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await container.auth.logout(requireAdvisor(req));
      return { success: true as const, message: 'Signed out' };
    },
  );
  done();
};
