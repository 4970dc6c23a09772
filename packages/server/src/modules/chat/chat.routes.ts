/**
 * HTTP routes of the call's chat (issue 15 §1), beside the call's other routes. The visitor proves
 * its call with the clientKey in the `x-client-key` header, as on the calls routes.
 */
import {
  CHAT_MESSAGE_MAX,
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_S,
  CLIENT_KEY_HEADER,
  callIdParams,
  chatHistorySchema,
  chatMessageSchema,
  chatSendBodySchema,
  ok,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.js';
import { callActor } from '../calls/calls.routes.js';

const tags = ['calls'];
const keyOrBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const keyNote = ` Visitors send the call's clientKey in the \`${CLIENT_KEY_HEADER}\` header.`;

export const chatRoutes: FastifyPluginAsyncZod<{ container: Container }> = (app, { container }) => {
  const { chat } = container;

  app.get(
    '/calls/:callId/messages',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `The call's chat, oldest first: the visitor, the advisor who took the call, or an admin.${keyNote}`,
        params: callIdParams,
        response: { 200: ok(chatHistorySchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await chat.history(callActor(req), req.params.callId),
    }),
  );

  app.post(
    '/calls/:callId/messages',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: `Send a chat message (plain text, up to ${CHAT_MESSAGE_MAX} characters after trimming, and/or a photo: \`imageId\` of one the sender added with POST …/images, else 404 IMAGE_NOT_FOUND or 403 for another sender's; id a UUID the sender makes): the visitor while the call is pending or active, its advisor or an admin while it is active; 409 CALL_NOT_ACTIVE otherwise. 201 when stored; the same id again answers the stored message with 200 and delivers nothing, from another sender or with another text or photo 409 CHAT_ID_IN_USE. At most ${CHAT_RATE_MAX} messages per sender and call every ${CHAT_RATE_WINDOW_S} s (429).${keyNote}`,
        params: callIdParams,
        body: chatSendBodySchema,
        response: { 200: ok(chatMessageSchema), 201: ok(chatMessageSchema) },
      },
    },
    async (req, reply) => {
      const { message, created } = await chat.send(callActor(req), req.params.callId, req.body);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: message });
    },
  );

  return Promise.resolve();
};
