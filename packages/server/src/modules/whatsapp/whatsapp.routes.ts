/**
 * HTTP routes of the WhatsApp channel (docs/architecture.md#whatsapp): Meta's webhook (public, but
 * every POST signed with the app secret, checked on the raw body) and the messages of a booking
 * or a call for the admin's details.
 */
import {
  WHATSAPP_SIGNATURE_HEADER,
  ok,
  okMessage,
  whatsappMessagesQuerySchema,
  whatsappMessagesResponseSchema,
  whatsappVerifyQuerySchema,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { WhatsappService } from './whatsapp.service.js';

const tags = ['whatsapp'];
/** Meta sends statuses in bursts: generous, but an address cannot flood the check. */
const webhookLimit = { rateLimit: { max: 600, timeWindow: 60_000 } };

export type WhatsappRoutesOptions = { whatsapp: WhatsappService };

export const whatsappRoutes: FastifyPluginCallbackZod<WhatsappRoutesOptions> = (
  app,
  { whatsapp },
  done,
) => {
  // The signature covers the body byte for byte: this plugin keeps it as the text received.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, raw, parsed) => {
    parsed(null, typeof raw === 'string' ? raw : raw.toString('utf8'));
  });

  app.get(
    '/whatsapp/webhook',
    {
      config: webhookLimit,
      schema: {
        tags,
        security: [{}],
        summary:
          "Meta's verification of the callback URL: answers `hub.challenge` as text when `hub.mode` is `subscribe` and `hub.verify_token` is WHATSAPP_VERIFY_TOKEN (403 WHATSAPP_VERIFY_FAILED otherwise; 404 WHATSAPP_NOT_CONFIGURED without WhatsApp)",
        querystring: whatsappVerifyQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const challenge = whatsapp.verify({
        mode: req.query['hub.mode'],
        token: req.query['hub.verify_token'],
        challenge: req.query['hub.challenge'],
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    '/whatsapp/webhook',
    {
      config: webhookLimit,
      schema: {
        tags,
        security: [{}],
        summary: `Meta's webhook of the WhatsApp Business account (\`{object, entry: [{changes: [{value: {statuses, messages}}]}]}\`): message statuses are recorded, an inbound "BAJA" stops every later message to that number. Signed in \`${WHATSAPP_SIGNATURE_HEADER}\` (\`sha256=<hex HMAC-SHA256 of the raw body with the app secret>\`): 401 WHATSAPP_SIGNATURE_INVALID otherwise, and nothing changes.`,
        headers: z.object({ [WHATSAPP_SIGNATURE_HEADER]: z.string().max(200).optional() }),
        body: z.string().max(1_000_000),
        response: { 200: okMessage },
      },
    },
    async (req) => {
      const signature = req.headers[WHATSAPP_SIGNATURE_HEADER];
      await whatsapp.receive(req.body, typeof signature === 'string' ? signature : undefined);
      return { success: true as const };
    },
  );

  app.get(
    '/whatsapp/messages',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          'The WhatsApp messages of one booking (`appointmentId`) or one call (`callId`), oldest first, with their statuses (admin)',
        querystring: whatsappMessagesQuerySchema,
        response: { 200: ok(whatsappMessagesResponseSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await whatsapp.messages(req.query) };
    },
  );

  done();
};
