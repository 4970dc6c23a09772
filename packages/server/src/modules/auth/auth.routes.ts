import {
  advisorSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  PASSWORD_RESET_TTL_MINUTES,
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
import type { PasswordResetService } from './password-reset.service.js';

export type AuthRoutesOptions = {
  auth: AuthService;
  passwordReset: PasswordResetService;
  config: Pick<Config, 'loginRateLimit'>;
};

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (
  app,
  { auth, passwordReset, config },
  done,
) => {
  app.post(
    '/advisors/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: `"¿Olvidaste tu contraseña?": e-mails a single-use link valid ${PASSWORD_RESET_TTL_MINUTES} minutes when the address is a live account's; the same answer whether or not it is (202). Limited per typed address and per client address (429). 409 EMAIL_NOT_CONFIGURED without SMTP (ask an admin).`,
        body: passwordResetRequestBodySchema,
        response: { 202: okMessage },
      },
    },
    async (req, reply) => {
      await passwordReset.request(req.body.email, req.ip, req.body.language);
      return reply.status(202).send({
        success: true as const,
        message: 'If the address belongs to an account, a link is on its way',
      });
    },
  );

  app.post(
    '/advisors/password-reset/confirm',
    {
      config: {
        rateLimit: { max: config.loginRateLimit, timeWindow: LOGIN_PER_ADDRESS.timeWindow },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Sets a new password with the token of a reset link (once, before it expires; 400 RESET_LINK_INVALID otherwise). Every session of the account ends; audited.',
        body: passwordResetConfirmBodySchema,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await passwordReset.confirm(req.body.token, req.body.password);
      return { success: true as const, message: 'Password changed' };
    },
  );

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
