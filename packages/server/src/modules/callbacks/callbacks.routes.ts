/** HTTP routes of callback leads: the visitor leaves one (public), admins list and close them. */
import {
  callbackIdParams,
  callbackListQuerySchema,
  callbackRequestBodySchema,
  callbackSchema,
  ok,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorRequestLimit, type VisitorRequestLimits } from '../../lib/limits.js';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { CallbacksService } from './callbacks.service.js';

const bearer = [{ bearer: [] }];

export type CallbacksRoutesOptions = {
  callbacks: CallbacksService;
  /** shared with the call requests: one count per phone number for both */
  requestLimits: VisitorRequestLimits;
};

export const callbacksRoutes: FastifyPluginCallbackZod<CallbacksRoutesOptions> = (
  app,
  { callbacks, requestLimits },
  done,
) => {
  app.post(
    '/callbacks',
    {
      preValidation: visitorRequestLimit(requestLimits),
      schema: {
        tags: ['callbacks'],
        summary: 'Leave a callback request when nobody is online (anonymous, rate-limited)',
        body: callbackRequestBodySchema,
        response: { 201: ok(callbackSchema) },
      },
    },
    async (req, reply) => {
      const data = await callbacks.request(req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/callbacks',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['callbacks'],
        security: bearer,
        summary: 'Callback requests, newest first (admin)',
        querystring: callbackListQuerySchema,
        response: { 200: ok(z.array(callbackSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await callbacks.list(req.query.status) };
    },
  );

  app.post(
    '/callbacks/:callbackId/done',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['callbacks'],
        security: bearer,
        summary: 'Mark a callback request as handled (admin)',
        params: callbackIdParams,
        response: { 200: ok(callbackSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await callbacks.markDone(requireAdmin(req).advisorId, req.params.callbackId),
    }),
  );

  done();
};
