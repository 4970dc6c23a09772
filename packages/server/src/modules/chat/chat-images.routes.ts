/**
 * Photos in the chat (docs/product.md#photos): the upload takes the photo's bytes as the raw body
 * (no multipart), so this plugin has its own body parsers — only the image types phones send, as a
 * Buffer, up to CHAT_IMAGE_MAX_BYTES — and no JSON parser. Whoever may not add a photo is refused
 * before the body is read. The photo is served with the chat's read access on every request.
 * (Deleting one is in chat.routes.ts: the web sends a JSON content type with it, which this plugin
 * would refuse.)
 */
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_MAX_EDGE,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  CHAT_IMAGE_UPLOAD_TYPES,
  CHAT_IMAGE_WAITING_MAX,
  CLIENT_KEY_HEADER,
  callIdParams,
  chatImageParams,
  chatImageSchema,
  chatImageUploadQuery,
  intakePhotoParams,
  intakeSchema,
  ok,
} from '@belleza/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_IMAGES_PER_ADDRESS } from '../../lib/limits.js';
import { callActor } from '../calls/call-actor.js';
import { photoTooLarge, unsupportedPhoto } from './chat.photo-encoder.js';
import type { ChatImageFile, ChatService } from './chat.service.js';

export type ChatImagesRoutesOptions = { chat: ChatService };

const tags = ['calls'];
const keyOrBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const keyNote = ` Visitors send the call's clientKey in the \`${CLIENT_KEY_HEADER}\` header.`;
const uploadTypes: string[] = [...CHAT_IMAGE_UPLOAD_TYPES];
const megabytes = CHAT_IMAGE_MAX_BYTES / (1024 * 1024);

/** Bytes as they are, documented as binary: the upload's body and the served photo. */
const bytes = (error: string) =>
  z
    .custom<Buffer>((value) => Buffer.isBuffer(value), { error })
    .meta({
      type: 'string',
      format: 'binary',
    });
/** The request body: the photo as sent (sharp decides whether it is one). */
const photoBody = bytes(`Send the photo as the request body (${uploadTypes.join(', ')})`);
/** The answer: a Buffer, sent as it is (Fastify serializes no Buffer). */
const jpegBytes = bytes('The photo');

/** The 200 answer of a route serving a photo, for its OpenAPI schema (also the summary's). */
export const photoResponse = {
  description: 'The photo (JPEG)',
  content: { 'image/jpeg': { schema: jpegBytes } },
};

/**
 * Sends a stored photo: a Buffer is sent as it is (no serializer); the headers keep it a picture,
 * and a private one. Also the visitor's summary's photos (modules/summary).
 */
export function sendPhoto(reply: FastifyReply, image: ChatImageFile): FastifyReply {
  return reply
    .status(200)
    .header('content-type', image.contentType)
    .header('content-length', String(image.data.length))
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(image.data);
}

export const chatImagesRoutes: FastifyPluginAsyncZod<ChatImagesRoutesOptions> = (app, { chat }) => {
  // Only here: the JSON parser (and any other) is inherited no further, so a JSON or HTML body
  // is an unsupported type (415), not a validation error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: CHAT_IMAGE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/calls/:callId/images',
    {
      bodyLimit: CHAT_IMAGE_MAX_BYTES,
      config: { bodyRefusals: { tooLarge: photoTooLarge, unsupportedType: unsupportedPhoto } },
      // Before the body streams in: only who may write in the chat makes the server read megabytes.
      // The query is not validated yet: an invalid kind is checked as a photo here, then 400.
      onRequest: async (req) => {
        const query = chatImageUploadQuery.safeParse(req.query);
        const kind = query.success ? query.data.kind : 'photo';
        await chat.checkImageUpload(callActor(req), req.params.callId, kind);
      },
      schema: {
        tags,
        security: keyOrBearer,
        summary: "Add a photo to the call's chat (before sending the message that shows it)",
        description: `The body is the photo itself (not multipart), Content-Type one of ${uploadTypes.join(', ')}, at most ${megabytes} MB (413 IMAGE_TOO_LARGE; also for more than ${CHAT_IMAGE_MAX_PIXELS / 1_000_000} million pixels, read from the header before anything is decoded: details.maxPixels). Anything that is not a readable JPEG, PNG, WebP or AVIF-coded HEIF is 415 UNSUPPORTED_IMAGE (an iPhone's HEVC-coded HEIC too: details.format 'heic'). The server re-encodes it as a JPEG of at most ${CHAT_IMAGE_MAX_EDGE} px on its longer side, upright, without EXIF/GPS/XMP/ICC metadata, and answers 201 with its id; a message shows it with \`imageId\`. Who: exactly who may write in the chat (the visitor while the call is pending or active, its advisor or an admin while it is active; 409 CALL_NOT_ACTIVE otherwise). \`?kind=snapshot\` marks a still of the visitor's video, while the call is active (409 CALL_NOT_ACTIVE otherwise): from the advisor who took the call (built-in video: her page draws the visitor's video) or from the visitor herself (Daily: her device takes it of her own camera when the advisor asks, POST …/snapshot-requests); an admin watching or another advisor is 403 FORBIDDEN, nothing stored. The visitor may delete it (DELETE …/images/{imageId}). At most ${CHAT_IMAGE_RATE_MAX} photos per sender and call every ${CHAT_IMAGE_RATE_WINDOW_S} s, and ${CHAT_IMAGES_PER_ADDRESS.points} per client address every ${CHAT_IMAGES_PER_ADDRESS.duration} s (429); while the call waits for a stylist, ${CHAT_IMAGE_WAITING_MAX} in all from the visitor (409 WAITING_PHOTO_LIMIT, details.max; a refused photo does not count).${keyNote}`,
        consumes: uploadTypes,
        params: callIdParams,
        querystring: chatImageUploadQuery,
        body: photoBody,
        response: { 201: ok(chatImageSchema) },
      },
    },
    async (req, reply) => {
      const { callId } = req.params;
      const { kind } = req.query;
      const image = await chat.uploadImage(callActor(req), callId, req.body, kind, req.ip);
      return reply.status(201).send({ success: true as const, data: image });
    },
  );

  app.put(
    '/calls/:callId/intake/photos/:slot',
    {
      bodyLimit: CHAT_IMAGE_MAX_BYTES,
      config: { bodyRefusals: { tooLarge: photoTooLarge, unsupportedType: unsupportedPhoto } },
      // Before the body streams in: only the visitor of a waiting call with an intake.
      onRequest: async (req) => {
        await chat.checkIntakePhotoUpload(callActor(req), req.params.callId);
      },
      schema: {
        tags,
        security: keyOrBearer,
        summary:
          "Add (or replace) a photo of the visitor's hair intake: `current` or `inspiration`",
        description: `The body is the photo itself, as for the chat's photos (${uploadTypes.join(', ')}, at most ${megabytes} MB: 413 IMAGE_TOO_LARGE, 415 UNSUPPORTED_IMAGE), re-encoded the same way (JPEG, no metadata). Only the visitor, with her call's key, while the call waits (409 CALL_NOT_PENDING after), and only to an intake she sent with her request (404 INTAKE_NOT_FOUND); staff are 403. It counts against the chat's photo limits (429). Answers the intake; the advisor the call rings and admins hear \`call:intake:updated\`.${keyNote}`,
        consumes: uploadTypes,
        params: intakePhotoParams,
        body: photoBody,
        response: { 200: ok(intakeSchema) },
      },
    },
    async (req) => {
      const { callId, slot } = req.params;
      const intake = await chat.uploadIntakePhoto(callActor(req), callId, slot, req.body, req.ip);
      return { success: true as const, data: intake };
    },
  );

  app.get(
    '/calls/:callId/intake/photos/:slot',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: "A photo of the visitor's hair intake: its JPEG bytes",
        description: `The visitor, the advisor the call rings or who took it, or an admin; any other advisor is 403. None in that slot is 404 INTAKE_NOT_FOUND. Served as the chat's photos are (private, inline, a CSP that runs nothing).${keyNote}`,
        params: intakePhotoParams,
        response: { 200: photoResponse },
      },
    },
    async (req, reply) => {
      const { callId, slot } = req.params;
      return sendPhoto(reply, await chat.intakePhoto(callActor(req), callId, slot));
    },
  );

  app.get(
    '/calls/:callId/images/:imageId',
    {
      schema: {
        tags,
        security: keyOrBearer,
        summary: "A photo of the call's chat: its JPEG bytes",
        description: `The visitor, the advisor who took the call or an admin (as for the chat's messages), on every request. Answers image/jpeg, private to the browser (Cache-Control: private), inline, with a Content-Security-Policy that runs nothing. A photo of another call, or an unknown id, is 404 IMAGE_NOT_FOUND.${keyNote}`,
        params: chatImageParams,
        response: { 200: photoResponse },
      },
    },
    async (req, reply) => {
      const { callId, imageId } = req.params;
      return sendPhoto(reply, await chat.image(callActor(req), callId, imageId));
    },
  );

  return Promise.resolve();
};
