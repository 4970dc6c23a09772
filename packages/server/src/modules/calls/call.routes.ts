/**
 * HTTP routes of one call by id: its status, video join and token, accept, decline, end, cancel,
 * rating, notes and details. The visitor proves her call with its key in the `x-client-key`
 * header; staff sign in.
 */
import {
  CLIENT_KEY_HEADER,
  acceptBodySchema,
  acceptedCallSchema,
  callDetailsSchema,
  callIntakeSchema,
  callIdParams,
  callJoinSchema,
  callNotesSchema,
  callSchema,
  callStatusDataSchema,
  callTokenSchema,
  cancelBodySchema,
  declineBodySchema,
  endBodySchema,
  notesBodySchema,
  ok,
  okMessage,
  ratingBodySchema,
  returningClientSchema,
  tokenQuerySchema,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { advisorOnly, requireAdvisor } from '../../plugins/auth.js';
import { callActor, clientKeyOf } from './call-actor.js';
import { clientView } from './calls.dto.js';
import type { CallsService } from './calls.service.js';

const tags = ['calls'];
const bearer = [{ bearer: [] }];
const keyOrBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const keyNote = ` Visitors send the call's clientKey in the \`${CLIENT_KEY_HEADER}\` header.`;

export type CallRoutesOptions = {
  calls: Pick<
    CallsService,
    | 'status'
    | 'join'
    | 'token'
    | 'end'
    | 'cancel'
    | 'rate'
    | 'acceptWithRoomToken'
    | 'decline'
    | 'saveNotes'
    | 'notes'
    | 'details'
    | 'intake'
    | 'returningOf'
  >;
};

export const callRoutes: FastifyPluginCallbackZod<CallRoutesOptions> = (app, { calls }, done) => {
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
    '/calls/:callId/intake',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: "The visitor's hair intake, with the patch-test flag (null when she sent none)",
        description: `The visitor, the advisor the call rings or who took it, or an admin. Its photos at GET /api/calls/{callId}/intake/photos/{slot}; the patch-test rule is in docs/product.md#hair-intake.${keyNote}`,
        params: callIdParams,
        response: { 200: ok(callIntakeSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.intake(callActor(req), req.params.callId),
    }),
  );

  app.get(
    '/calls/:callId/returning',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Whether the visitor is a returning client, and her last consultation',
        description:
          "The advisor the call rings or who took it, or an admin (others: 403 FORBIDDEN). `returning` is null unless she asked to be remembered and completed a consultation before; `sameBrowser` tells whether her request came from that visit's browser. The recommendations are the ones in her summary (null once purged); the notes only for the stylist who wrote them and admins. See docs/product.md#returning-clients.",
        params: callIdParams,
        response: { 200: ok(returningClientSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calls.returningOf(requireAdvisor(req), req.params.callId),
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

  done();
};
