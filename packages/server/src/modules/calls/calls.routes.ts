/**
 * HTTP routes of calls as lists: the visitor's request, the admin's pages and statistics, each
 * advisor's dashboard and lists, and the public availability. One call by id is in call.routes.ts.
 */
import {
  advisorDashboardSchema,
  advisorIdParams,
  availabilitySchema,
  callListQuerySchema,
  callPageSchema,
  callRequestBodySchema,
  callRequestResponseDataSchema,
  callSchema,
  callStatsSchema,
  historyQuerySchema,
  ok,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorRequestLimit, type VisitorRequestLimits } from '../../lib/limits.js';
import { adminOnly, advisorOnly, requireAdmin, requireAdvisor } from '../../plugins/auth.js';
import type { CallsService } from './calls.service.js';

const tags = ['calls'];
const bearer = [{ bearer: [] }];

export type CallsRoutesOptions = {
  calls: Pick<
    CallsService,
    | 'request'
    | 'list'
    | 'stats'
    | 'recent'
    | 'dashboard'
    | 'pendingOf'
    | 'activeOf'
    | 'historyOf'
    | 'availability'
  >;
  /** shared with the callback requests and the socket's call requests */
  requestLimits: VisitorRequestLimits;
};

export const callsRoutes: FastifyPluginCallbackZod<CallsRoutesOptions> = (
  app,
  { calls, requestLimits },
  done,
) => {
  app.post(
    '/calls/request',
    {
      preValidation: visitorRequestLimit(requestLimits),
      schema: {
        tags,
        summary:
          'Request a live consultation (anonymous; rate-limited per address and per phone number, 429 with Retry-After; a global cap on new calls per minute). Answers the call, its queue position and a secret clientKey, returned once.',
        body: callRequestBodySchema,
        response: { 201: ok(callRequestResponseDataSchema) },
      },
    },
    async (req, reply) => {
      const data = await calls.request(req.body, { address: req.ip });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/calls',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: bearer,
        summary:
          'Calls, newest first, filtered and paginated in SQL (admin). Dates are Lima days (YYYY-MM-DD) or ISO instants.',
        querystring: callListQuerySchema,
        response: { 200: ok(callPageSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await calls.list(req.query) };
    },
  );

  app.get(
    '/calls/stats',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Call and advisor statistics (admin)',
        response: { 200: ok(callStatsSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await calls.stats() };
    },
  );

  app.get(
    '/calls/recent',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'The 20 most recent calls (admin)',
        response: { 200: ok(z.array(callSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await calls.recent() };
    },
  );

  app.get(
    '/advisors/:advisorId/dashboard',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary:
          "An advisor's pending offers, active calls and today's figures (Lima day); self or admin",
        params: advisorIdParams,
        response: { 200: ok(advisorDashboardSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.dashboard(requireAdvisor(req), req.params.advisorId),
    }),
  );

  app.get(
    '/advisors/:advisorId/calls/pending',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Calls ringing the advisor (self or admin)',
        params: advisorIdParams,
        response: { 200: ok(z.array(callSchema)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.pendingOf(requireAdvisor(req), req.params.advisorId),
    }),
  );

  app.get(
    '/advisors/:advisorId/calls/active',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: "The advisor's active calls (self or admin)",
        params: advisorIdParams,
        response: { 200: ok(z.array(callSchema)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.activeOf(requireAdvisor(req), req.params.advisorId),
    }),
  );

  app.get(
    '/advisors/:advisorId/calls/history',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: "The advisor's finished calls, newest first (self or admin)",
        params: advisorIdParams,
        querystring: historyQuerySchema,
        response: { 200: ok(z.array(callSchema)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.historyOf(requireAdvisor(req), req.params.advisorId, req.query.limit),
    }),
  );

  app.get(
    '/availability',
    {
      schema: {
        tags,
        summary:
          'Whether advisors are online now, how many are free, the expected wait and the next opening (public)',
        response: { 200: ok(availabilitySchema) },
      },
    },
    async () => ({ success: true as const, data: await calls.availability() }),
  );

  done();
};
