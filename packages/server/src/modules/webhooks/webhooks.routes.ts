/** HTTP routes of outgoing webhooks: the admin's endpoints and the delivery log (admin only). */
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  createWebhookEndpointBodySchema,
  ok,
  okMessage,
  updateWebhookEndpointBodySchema,
  webhookDeliveryIdParams,
  webhookDeliveryListQuerySchema,
  webhookDeliverySchema,
  webhookEndpointIdParams,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];
const security = [{ bearer: [] }];
const signatureNote = `Each delivery is a POST of \`{id, type, createdAt, data}\` signed in the \`${WEBHOOK_SIGNATURE_HEADER}\` header (\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>\`); see docs/product.md#webhooks.`;

export type WebhooksRoutesOptions = { webhooks: WebhooksService };

export const webhooksRoutes: FastifyPluginCallbackZod<WebhooksRoutesOptions> = (
  app,
  { webhooks },
  done,
) => {
  app.get(
    '/webhooks/endpoints',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'The webhook endpoints, oldest first, with their secrets masked (admin)',
        response: { 200: ok(z.array(webhookEndpointSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await webhooks.listEndpoints() };
    },
  );

  app.post(
    '/webhooks/endpoints',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Add an endpoint (admin). A public https address (400 WEBHOOK_URL_REFUSED otherwise); its secret is in this answer only. ${signatureNote}`,
        body: createWebhookEndpointBodySchema,
        response: { 201: ok(webhookEndpointWithSecretSchema) },
      },
    },
    async (req, reply) => {
      const data = await webhooks.createEndpoint(requireAdmin(req).advisorId, req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/webhooks/endpoints/:endpointId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Change an endpoint (admin); `rotateSecret` makes a new secret, in this answer only (else `secret` is null)',
        params: webhookEndpointIdParams,
        body: updateWebhookEndpointBodySchema,
        response: { 200: ok(webhookEndpointWithSecretSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await webhooks.updateEndpoint(
        requireAdmin(req).advisorId,
        req.params.endpointId,
        req.body,
      ),
    }),
  );

  app.delete(
    '/webhooks/endpoints/:endpointId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Remove an endpoint and its deliveries (admin)',
        params: webhookEndpointIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await webhooks.deleteEndpoint(requireAdmin(req).advisorId, req.params.endpointId);
      return { success: true as const, message: 'Webhook endpoint removed' };
    },
  );

  app.get(
    '/webhooks/deliveries',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `The delivery log, newest first (admin): each event sent to each endpoint, its attempts (up to ${WEBHOOK_MAX_ATTEMPTS}), last answer and next attempt`,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: ok(z.array(webhookDeliverySchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await webhooks.listDeliveries(req.query) };
    },
  );

  app.post(
    '/webhooks/deliveries/:deliveryId/retry',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Send a failed delivery again (admin): due now, with a fresh attempt budget; 409 WEBHOOK_DELIVERY_NOT_FAILED otherwise',
        params: webhookDeliveryIdParams,
        response: { 200: ok(webhookDeliverySchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await webhooks.retryDelivery(requireAdmin(req).advisorId, req.params.deliveryId),
    }),
  );

  done();
};
