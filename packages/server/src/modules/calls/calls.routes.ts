/**
 * HTTP routes of the calls module (SPEC §7), the per-advisor call routes
 * (/api/advisors/:advisorId/dashboard|calls/*), public availability and callback leads.
 * The visitor proves its call with the clientKey in the `x-client-key` header.
 */
import {
  CLIENT_KEY_HEADER,
  acceptBodySchema,
  acceptedCallSchema,
  advisorDashboardSchema,
  advisorIdParams,
  availabilitySchema,
  callDetailsSchema,
  callIdParams,
  callJoinSchema,
  callListQuerySchema,
  callNotesSchema,
  callPageSchema,
  callRequestBodySchema,
  callRequestResponseDataSchema,
  callSchema,
  callStatsSchema,
  callStatusDataSchema,
  callTokenSchema,
  callbackIdParams,
  callbackListQuerySchema,
  callbackRequestBodySchema,
  callbackSchema,
  cancelBodySchema,
  declineBodySchema,
  endBodySchema,
  historyQuerySchema,
  notesBodySchema,
  ok,
  okMessage,
  ratingBodySchema,
  tokenQuerySchema,
} from '@belleza/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../container.js';
import { AppError } from '../../lib/app-error.js';
import { extraLimit, phoneKey, REQUESTS_PER_PHONE_WINDOW_MS } from '../../lib/limits.js';
import { adminOnly, advisorOnly, requireAdmin, requireAdvisor } from '../../plugins/auth.js';
import { clientView, type CallActor } from './calls.service.js';

const tags = ['calls'];
const bearer = [{ bearer: [] }];
const keyOrBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const keyNote = ` Visitors send the call's clientKey in the \`${CLIENT_KEY_HEADER}\` header.`;

import { callActor, clientKeyOf } from './call-actor.js';
export { callActor, clientKeyOf };

export const callsRoutes: FastifyPluginCallbackZod<{ container: Container }> = (
  app,
  { container },
  done,
) => {
  const { calls, config } = container;
  const requestLimit = { rateLimit: { max: config.callRequestRateLimit, timeWindow: 60_000 } };
  // Call and callback requests also count per phone number, from any address.
  const perPhone = extraLimit(app, {
    max: config.callRequestPhoneLimit,
    timeWindow: REQUESTS_PER_PHONE_WINDOW_MS,
    keyGenerator: (req) => {
      const phone = (req.body as { phone?: unknown } | undefined)?.phone;
      const digits = typeof phone === 'string' ? phoneKey(phone) : '';
      return digits ? `request-phone|${digits}` : null;
    },
  });

  // ------------------------------------------------------------ visitor

  app.post(
    '/calls/request',
    {
      config: requestLimit,
      preHandler: perPhone,
      schema: {
        tags,
        summary:
          'Request a live consultation (anonymous; rate-limited per address and per phone number, 429 with Retry-After; a global cap on new calls per minute). Answers the call, its queue position and a secret clientKey, returned once.',
        body: callRequestBodySchema,
        response: { 201: ok(callRequestResponseDataSchema) },
      },
    },
    async (req, reply) => {
      const data = await calls.request(req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/calls/:callId/status',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `Status of a call: the visitor, the call's advisor or an admin.${keyNote}`,
        params: callIdParams,
        response: { 200: ok(callStatusDataSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.status(callActor(req), req.params.callId),
    }),
  );

  app.get(
    '/calls/:callId/join',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `Join an active call: room, a video token for the caller (client, the call's advisor, or admin) and the ready video page URL.${keyNote}`,
        params: callIdParams,
        response: { 200: ok(callJoinSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.join(callActor(req), req.params.callId),
    }),
  );

  app.get(
    '/calls/:callId/token',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `Video token for one participant of an active call (userType client, advisor or admin).${keyNote}`,
        params: callIdParams,
        querystring: tokenQuerySchema,
        response: { 200: ok(callTokenSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.token(callActor(req), req.params.callId, req.query.userType),
    }),
  );

  app.post(
    '/calls/:callId/end',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `End an active call: the visitor, the call's advisor or an admin.${keyNote}`,
        params: callIdParams,
        body: endBodySchema.nullish(),
        response: { 200: ok(callSchema) },
      },
    },
    async (req) => {
      const actor = callActor(req);
      const call = await calls.end(actor, req.params.callId, req.body?.endedBy);
      return { success: true as const, data: actor.kind === 'client' ? clientView(call) : call };
    },
  );

  app.post(
    '/calls/:callId/cancel',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `Cancel a pending call (the visitor or an admin). From the advisor it rings, it declines the offer instead and the call moves on.${keyNote}`,
        params: callIdParams,
        body: cancelBodySchema.nullish(),
        response: { 200: okMessage },
      },
    },
    async (req) => {
      const result = await calls.cancel(callActor(req), req.params.callId, req.body?.reason);
      return {
        success: true as const,
        message: result === 'declined' ? 'Call declined' : 'Call cancelled',
      };
    },
  );

  app.post(
    '/calls/:callId/rating',
    {
      schema: {
        tags,
        summary: `Rate a completed call 1–5 with an optional comment, once.${keyNote}`,
        params: callIdParams,
        body: ratingBodySchema,
        response: { 200: ok(callStatusDataSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.rate(clientKeyOf(req), req.params.callId, req.body),
    }),
  );

  // ------------------------------------------------------------ advisors and admins

  app.post(
    '/calls/:callId/accept',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Accept a pending call: the advisor it rings, or any admin (who takes it)',
        params: callIdParams,
        body: acceptBodySchema.nullish(),
        response: { 200: ok(acceptedCallSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.acceptWithRoomToken(
        requireAdvisor(req),
        req.params.callId,
        req.body?.advisorId,
      ),
    }),
  );

  app.post(
    '/calls/:callId/decline',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary:
          'Decline the offer of a pending call (it moves on to the next advisor); admins may withdraw any offer',
        params: callIdParams,
        body: declineBodySchema.nullish(),
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await calls.decline(requireAdvisor(req), req.params.callId);
      return { success: true as const, message: 'Call declined' };
    },
  );

  app.post(
    '/calls/:callId/notes',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: "Save the call's private notes (the call's advisor or an admin)",
        params: callIdParams,
        body: notesBodySchema,
        response: { 200: ok(callNotesSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.saveNotes(requireAdvisor(req), req.params.callId, req.body),
    }),
  );

  app.get(
    '/calls/:callId/notes',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: "The call's private notes (the call's advisor or an admin)",
        params: callIdParams,
        response: { 200: ok(callNotesSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.notes(requireAdvisor(req), req.params.callId),
    }),
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
    '/calls/:callId',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: "Call details with the offer timeline and notes (admin, or the call's advisor)",
        params: callIdParams,
        response: { 200: ok(callDetailsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.details(requireAdvisor(req), req.params.callId),
    }),
  );

  // ------------------------------------------------------------ per advisor

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

  // ------------------------------------------------------------ public availability, callbacks

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

  app.post(
    '/callbacks',
    {
      config: requestLimit,
      preHandler: perPhone,
      schema: {
        tags: ['callbacks'],
        summary: 'Leave a callback request when nobody is online (anonymous, rate-limited)',
        body: callbackRequestBodySchema,
        response: { 201: ok(callbackSchema) },
      },
    },
    async (req, reply) => {
      const data = await calls.requestCallback(req.body);
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
      return { success: true as const, data: await calls.callbacks(req.query.status) };
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
      data: await calls.callbackDone(requireAdmin(req), req.params.callbackId),
    }),
  );

  done();
};
