import {
  advisorSchema,
  loginBodySchema,
  loginResponseDataSchema,
  ok,
  okMessage,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { extraLimit, LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../../lib/limits.js';
import { advisorOnly, requireAdvisor } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

export type AuthRoutesOptions = {
  auth: AuthService;
  config: Pick<Config, 'loginRateLimit' | 'loginAccountRateLimit'>;
};

/** The account a sign-in tries (counted after the body is parsed, so the email is known). */
const accountKey = (req: FastifyRequest): string => {
  const body = req.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `login-account|${email}`;
};

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (
  app,
  { auth, config },
  done,
) => {
  // Two limits: per address (any account) before anything is parsed, per account (any address).
  const perAccount = extraLimit(app, {
    max: config.loginAccountRateLimit,
    timeWindow: LOGIN_PER_ACCOUNT.timeWindow,
    keyGenerator: accountKey,
  });
  app.post(
    '/advisors/login',
    {
      config: {
        rateLimit: { max: config.loginRateLimit, timeWindow: LOGIN_PER_ADDRESS.timeWindow },
      },
      preHandler: perAccount,
      schema: {
        tags: ['auth'],
        summary: 'Sign in as an advisor; answers the advisor and a bearer session token',
        body: loginBodySchema,
        response: { 200: ok(loginResponseDataSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await auth.login(req.body.email, req.body.password),
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
    async (req) => ({ success: true as const, data: await auth.me(requireAdvisor(req)) }),
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
      await auth.logout(requireAdvisor(req));
      return { success: true as const, message: 'Signed out' };
    },
  );
  done();
};
