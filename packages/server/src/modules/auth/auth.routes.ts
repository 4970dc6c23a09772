import {
  advisorSchema,
  loginBodySchema,
  loginResponseDataSchema,
  ok,
  okMessage,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { LOGIN_PER_ADDRESS } from '../../lib/limits.js';
import { advisorOnly, requireAdvisor } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

export type AuthRoutesOptions = {
  auth: AuthService;
  config: Pick<Config, 'loginRateLimit'>;
};

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (
  app,
  { auth, config },
  done,
) => {
  // Per address (any account) here, before anything is parsed; per account + address and the
  // account-wide ceiling in the service's sign-in guard.
  app.post(
    '/advisors/login',
    {
      config: {
        rateLimit: { max: config.loginRateLimit, timeWindow: LOGIN_PER_ADDRESS.timeWindow },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in as an advisor; answers the advisor and a bearer session token',
        body: loginBodySchema,
        response: { 200: ok(loginResponseDataSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await auth.login(req.body.email, req.body.password, req.ip),
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
