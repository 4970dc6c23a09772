import {
  emailConfirmBodySchema,
  ok,
  okMessage,
  testEmailBodySchema,
  testEmailResultSchema,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMAIL_CONFIRMATIONS_PER_ADDRESS } from '../../lib/limits.js';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { MailService } from './mail.service.js';

export type MailRoutesOptions = { mail: Pick<MailService, 'sendTest' | 'confirmEmail'> };

/** A test e-mail per admin every few seconds is plenty; more would be a way to spam an address. */
const TEST_EMAIL_LIMIT = { rateLimit: { max: 5, timeWindow: 60_000 } };

export const mailRoutes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { mail }) => {
  app.post(
    '/settings/test-email',
    {
      onRequest: adminOnly,
      config: TEST_EMAIL_LIMIT,
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        summary:
          'Send a test e-mail (admin) to `to` or the saved admin e-mail; 409 EMAIL_NOT_CONFIGURED without SMTP_URL, 502 EMAIL_SEND_FAILED when the SMTP server refuses',
        body: testEmailBodySchema,
        response: { 200: ok(testEmailResultSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await mail.sendTest(requireAdmin(req), req.body.to),
    }),
  );

  app.post(
    '/mail/confirm',
    {
      config: { rateLimit: EMAIL_CONFIRMATIONS_PER_ADDRESS },
      schema: {
        tags: ['mail'],
        summary:
          "Confirms a visitor's e-mail address with the token of the link in its first e-mail (once; 400 EMAIL_CONFIRM_LINK_INVALID otherwise): from then on it gets every e-mail meant for it",
        body: emailConfirmBodySchema,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await mail.confirmEmail(req.body.token);
      return { success: true as const, message: 'E-mail address confirmed' };
    },
  );
};
