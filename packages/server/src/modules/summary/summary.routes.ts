/**
 * HTTP routes of recommendations and the visitor's summary (docs/product.md#recommendations and
 * #the-visitors-summary): the recommendations beside the call's other routes (a session), the
 * visitor's link (her call key in `x-client-key`), and the summary itself under /summaries (the
 * summary key in `x-summary-key`, limited per address).
 */
import {
  CLIENT_KEY_HEADER,
  RECOMMENDATIONS_EDIT_HOURS,
  RECOMMENDATION_ITEMS_MAX,
  SUMMARY_KEY_HEADER,
  callIdParams,
  callSummarySchema,
  ok,
  recommendationsBodySchema,
  recommendationsSchema,
  summaryImageParams,
  summaryIntakePhotoParams,
  summaryLinkSchema,
  summaryParams,
} from '@belleza/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUMMARY_PHOTOS_PER_ADDRESS, SUMMARY_REQUESTS_PER_ADDRESS } from '../../lib/limits.js';
import { advisorOnly, requireAdvisor } from '../../plugins/auth.js';
import { clientKeyOf } from '../calls/call-actor.js';
import { photoResponse, sendPhoto } from '../chat/chat-images.routes.js';
import type { SummaryService } from './summary.service.js';

export type SummaryRoutesOptions = { summary: SummaryService };

const bearer = [{ bearer: [] }];
const noSession: Record<string, string[]>[] = [{}];
const summaryLimit = { rateLimit: SUMMARY_REQUESTS_PER_ADDRESS };
const photoLimit = { rateLimit: SUMMARY_PHOTOS_PER_ADDRESS };
const keyNote = ` Send the key of the summary's address (after the #) in the \`${SUMMARY_KEY_HEADER}\` header. A wrong or missing key, an unknown call, one not completed or one whose summary expired all answer 404 SUMMARY_NOT_FOUND. At most ${SUMMARY_REQUESTS_PER_ADDRESS.max} requests per address and minute (429).`;

/** The summary key as sent; anything else (missing, repeated) opens nothing. */
function summaryKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers[SUMMARY_KEY_HEADER];
  return typeof key === 'string' ? key : undefined;
}

export const summaryRoutes: FastifyPluginAsyncZod<SummaryRoutesOptions> = (app, { summary }) => {
  // ------------------------------------------------------------ recommendations

  app.get(
    '/calls/:callId/recommendations',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['calls'],
        security: bearer,
        summary:
          "The call's recommendations for the visitor: the advisor who took the call or an admin (another advisor 403)",
        params: callIdParams,
        response: { 200: ok(recommendationsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await summary.recommendations(requireAdvisor(req), req.params.callId),
    }),
  );

  app.put(
    '/calls/:callId/recommendations',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['calls'],
        security: bearer,
        summary: `Replace the call's recommendations (free text and up to ${RECOMMENDATION_ITEMS_MAX} items): the advisor who took the call or an admin, while the call is active and until ${RECOMMENDATIONS_EDIT_HOURS} h after it ended (then 409 RECOMMENDATIONS_CLOSED; a call pending or cancelled: 409 CALL_NOT_ACTIVE). The visitor sees them in her summary.`,
        params: callIdParams,
        body: recommendationsBodySchema,
        response: { 200: ok(recommendationsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await summary.saveRecommendations(requireAdvisor(req), req.params.callId, req.body),
    }),
  );

  // ------------------------------------------------------------ the visitor's link

  app.get(
    '/calls/:callId/summary-link',
    {
      schema: {
        tags: ['calls'],
        security: noSession,
        summary: `The visitor's summary: its web path (the key in the fragment) and until when it is kept. Only for a completed call that connected, until it expires; otherwise 404 SUMMARY_NOT_FOUND. Send the call's clientKey in the \`${CLIENT_KEY_HEADER}\` header (401 without it, 403 INVALID_CLIENT_KEY when wrong).`,
        params: callIdParams,
        response: { 200: ok(summaryLinkSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await summary.link(clientKeyOf(req), req.params.callId),
    }),
  );

  // ------------------------------------------------------------ the summary

  app.get(
    '/summaries/:callId',
    {
      config: summaryLimit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary: `The visitor's summary of her call: the call, the advisor's recommendations, the chat with its photos.${keyNote}`,
        params: summaryParams,
        response: { 200: ok(callSummarySchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await summary.summary(summaryKeyOf(req), req.params.callId),
    }),
  );

  app.get(
    '/summaries/:callId/images/:imageId',
    {
      config: photoLimit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary: "A photo of the summary's chat: its JPEG bytes",
        description: `Answered as the call's own photo route answers it (image/jpeg, private, inline, with a Content-Security-Policy that runs nothing). A photo of another call, or an unknown id, is 404 IMAGE_NOT_FOUND. At most ${SUMMARY_PHOTOS_PER_ADDRESS.max} photos per address and minute.${keyNote}`,
        params: summaryImageParams,
        response: { 200: photoResponse },
      },
    },
    async (req, reply) => {
      const { callId, imageId } = req.params;
      return sendPhoto(reply, await summary.image(summaryKeyOf(req), callId, imageId));
    },
  );

  app.get(
    '/summaries/:callId/intake/photos/:slot',
    {
      config: photoLimit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary:
          "A photo of the summary's hair intake (`current` or `inspiration`): its JPEG bytes",
        description: `Answered as the call's own photo routes answer (image/jpeg, private, inline, with a Content-Security-Policy that runs nothing). None in that slot is 404 INTAKE_NOT_FOUND. Counted with the summary's photos per address.${keyNote}`,
        params: summaryIntakePhotoParams,
        response: { 200: photoResponse },
      },
    },
    async (req, reply) => {
      const { callId, slot } = req.params;
      return sendPhoto(reply, await summary.intakePhoto(summaryKeyOf(req), callId, slot));
    },
  );

  app.delete(
    '/summaries/:callId/images/:imageId',
    {
      config: summaryLimit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary: `Delete a photo the visitor sent or a snapshot of her video (the advisor's other photos: 403 FORBIDDEN; another call's: 404 IMAGE_NOT_FOUND). A message that showed it keeps its text; one that was only the photo goes. Answers the summary as it is now.${keyNote}`,
        params: summaryImageParams,
        response: { 200: ok(callSummarySchema) },
      },
    },
    async (req) => {
      const { callId, imageId } = req.params;
      return {
        success: true as const,
        data: await summary.deleteImage(summaryKeyOf(req), callId, imageId),
      };
    },
  );

  app.delete(
    '/summaries/:callId/messages',
    {
      config: summaryLimit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary: `Delete the call's whole chat: every message and every photo, whoever sent them. Answers the summary as it is now.${keyNote}`,
        params: summaryParams,
        response: { 200: ok(callSummarySchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await summary.deleteChat(summaryKeyOf(req), req.params.callId),
    }),
  );

  return Promise.resolve();
};
