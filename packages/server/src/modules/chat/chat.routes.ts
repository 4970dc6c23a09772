/**
 * HTTP routes of the call's chat (docs/product.md#chat), beside the call's other routes. The
 * visitor proves its call with the clientKey in the `x-client-key` header, as on the calls routes.
 * Deleting a photo is here rather than with its upload (chat-images.routes.ts): the web sends its
 * bodiless DELETE with a JSON content type, which only this plugin's parsers take. So are the
 * snapshot requests of Daily calls (docs/product.md#snapshots), which the chat room hears over the
 * socket.
 */
import {
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  CHAT_MESSAGE_MAX,
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_S,
  CLIENT_KEY_HEADER,
  callIdParams,
  chatDeletedSchema,
  chatHistorySchema,
  chatImageParams,
  chatMessageSchema,
  chatSendBodySchema,
  ok,
  snapshotFailedSchema,
  snapshotFailureBodySchema,
  snapshotRequestSchema,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callActor } from '../calls/call-actor.js';
import type { ChatService } from './chat.service.js';

export type ChatRoutesOptions = { chat: ChatService };

const tags = ['calls'];
const keyOrBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const keyNote = ` Visitors send the call's clientKey in the \`${CLIENT_KEY_HEADER}\` header.`;

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = (app, { chat }) => {
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

  app.delete(
    '/calls/:callId/images/:imageId',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: "Delete a photo of the call's chat and the messages that showed it",
        description: `The visitor deletes a photo she sent or a snapshot of her video (a photo of the advisor or an admin: 403 FORBIDDEN); the advisor who took the call and admins delete any photo of it. While the call is pending or active and after it ended. A message that was only the photo is deleted (its id in \`messageIds\`); one with text keeps it without the photo. The call's chat room hears \`chat:deleted\` with the same answer. A photo of another call, or an unknown id, is 404 IMAGE_NOT_FOUND.${keyNote}`,
        params: chatImageParams,
        response: { 200: ok(chatDeletedSchema) },
      },
    },
    async (req) => {
      const { callId, imageId } = req.params;
      return {
        success: true as const,
        data: await chat.deleteImage(callActor(req), callId, imageId),
      };
    },
  );

  app.post(
    '/calls/:callId/snapshot-requests',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: "Ask the visitor's device for a still of her camera (snapshots on Daily)",
        description: `On Daily the video is inside Daily's own frame (another origin), so the advisor's page cannot read the visitor's picture: she asks here instead. Only the advisor who took the call, while it is active (the visitor, an admin watching or another advisor: 403 FORBIDDEN; pending or ended: 409 CALL_NOT_ACTIVE). No body. Answers 202 with a \`requestId\`; the call's chat room hears \`chat:snapshot-requested\` ({callId, requestId, requestedBy}) on every instance. The visitor's page takes one frame of her own camera and uploads it as POST …/images?kind=snapshot, which the chat shows to both; if it cannot (camera off, capture failed) it answers POST …/snapshot-failures, heard as \`chat:snapshot-failed\`. Nothing is stored. At most ${CHAT_IMAGE_RATE_MAX} requests per advisor and call every ${CHAT_IMAGE_RATE_WINDOW_S} s (429). On the built-in provider the advisor's page takes the still itself.`,
        params: callIdParams,
        response: { 202: ok(snapshotRequestSchema) },
      },
    },
    async (req, reply) => {
      const request = await chat.requestSnapshot(callActor(req), req.params.callId);
      return reply.status(202).send({ success: true as const, data: request });
    },
  );

  app.post(
    '/calls/:callId/snapshot-failures',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: "The visitor's device took no still for a snapshot request",
        description: `The visitor's answer to \`chat:snapshot-requested\` (its \`requestId\`) when her device took no picture: \`camera-off\` (her camera is off in the call) or \`failed\` (the camera could not be opened or read, or she refused the browser's permission). The call's chat room hears \`chat:snapshot-failed\` with the answer, so the advisor is told at once. Only the visitor, while the call is active (staff: 403 FORBIDDEN; pending or ended: 409 CALL_NOT_ACTIVE); the request id is not checked against stored requests (none are stored). Counted with her requests' limit: ${CHAT_IMAGE_RATE_MAX} every ${CHAT_IMAGE_RATE_WINDOW_S} s (429).${keyNote}`,
        params: callIdParams,
        body: snapshotFailureBodySchema,
        response: { 200: ok(snapshotFailedSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await chat.reportSnapshotFailure(callActor(req), req.params.callId, req.body),
    }),
  );

  return Promise.resolve();
};
