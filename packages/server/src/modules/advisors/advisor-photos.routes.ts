/**
 * Advisors' profile photos (docs/product.md#advisor-photos): the upload takes the photo's bytes as
 * the raw body (no multipart), as the chat's photos do, so this plugin has its own body parsers —
 * only the image types phones send, as a Buffer, up to ADVISOR_PHOTO_MAX_BYTES — and no JSON
 * parser. Whoever may not change the photo is refused before the body is read. The renditions are
 * served here too. (Removing the photo is in advisors.routes.ts: the web sends a JSON content type
 * with it, which this plugin would refuse.) Registered by advisors.routes.ts.
 */
import {
  ADVISOR_PHOTO_FORMATS,
  ADVISOR_PHOTO_MAX_BYTES,
  ADVISOR_PHOTO_SIZES,
  ADVISOR_PHOTO_UPLOAD_TYPES,
  advisorIdParams,
  advisorPhotoParams,
  advisorPhotoQuery,
  advisorPhotoSchema,
  ok,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoBytes, sendRendition, UNVERSIONED_CACHE_S } from '../../lib/photo-reply.js';
import type { AdvisorPhotosService } from './advisor-photos.service.js';
import { photoTooLarge, unsupportedPhoto } from './advisors.photo-encoder.js';

const tags = ['advisors'];
const security = [{ bearer: [] }];
const optionalBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const uploadTypes: string[] = [...ADVISOR_PHOTO_UPLOAD_TYPES];
const megabytes = ADVISOR_PHOTO_MAX_BYTES / (1024 * 1024);
const sizes = ADVISOR_PHOTO_SIZES.join(', ');
const formats = ADVISOR_PHOTO_FORMATS.join(', ');
const photoBody = photoBytes(`Send the photo as the request body (${uploadTypes.join(', ')})`);
const rendition = photoBytes('The photo');

export type AdvisorPhotosRoutesOptions = {
  advisorPhotos: Pick<AdvisorPhotosService, 'checkRights' | 'upload' | 'rendition'>;
};

export const advisorPhotosRoutes: FastifyPluginAsyncZod<AdvisorPhotosRoutesOptions> = (
  app,
  { advisorPhotos },
) => {
  // Only here: the JSON parser (and any other) is inherited no further, so a JSON or HTML body
  // is an unsupported type (415), not a validation error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: ADVISOR_PHOTO_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.put(
    '/advisors/:advisorId/photo',
    {
      bodyLimit: ADVISOR_PHOTO_MAX_BYTES,
      config: { bodyRefusals: { tooLarge: photoTooLarge, unsupportedType: unsupportedPhoto } },
      // Before the body streams in: only who may change this photo makes the server read it.
      onRequest: async (req) => {
        await advisorPhotos.checkRights(req.user, req.params.advisorId);
      },
      schema: {
        tags,
        security,
        summary: "Set an advisor's profile photo (admin: anyone; advisor: her own)",
        description: `The body is the photo itself (not multipart), Content-Type one of ${uploadTypes.join(', ')}, at most ${megabytes} MB (413 IMAGE_TOO_LARGE; also for more than 40 million pixels). Anything that is not a readable JPEG, PNG, WebP or AVIF-coded HEIF is 415 UNSUPPORTED_IMAGE (an iPhone's HEVC-coded HEIC too: details.format 'heic'). The server turns it upright, crops it to a square on what draws the eye, and stores it as ${sizes} px squares in ${formats}, without EXIF/GPS/XMP/ICC metadata; the previous photo is replaced. Answers the photo's version, sizes and formats (also in the advisor and in GET /api/team): GET …/photo/{size}.{format}?v={version} serves each.`,
        consumes: uploadTypes,
        params: advisorIdParams,
        body: photoBody,
        response: { 200: ok(advisorPhotoSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await advisorPhotos.upload(req.user, req.params.advisorId, req.body),
    }),
  );

  app.get(
    '/advisors/:advisorId/photo/:file',
    {
      // Refusals are never cached (a photo may become public later); a photo overrides this.
      onRequest: async (_req, reply) => {
        reply.header('cache-control', 'no-store');
      },
      schema: {
        tags,
        security: optionalBearer,
        summary: "One rendition of an advisor's profile photo (public while she is on the landing)",
        description: `\`file\` is {size}.{format}: ${sizes} px, ${formats}. Anyone may read the photo of an advisor shown in the landing's team; signed-in staff that of any advisor. No photo, an advisor off the landing (to a visitor), or \`v\` not the photo's current version: 404 IMAGE_NOT_FOUND. With the current \`v\` the answer is cached for a year (immutable: a new photo has a new version); without it, for ${UNVERSIONED_CACHE_S} s. Private (Cache-Control: private) when the advisor is off the landing.`,
        params: advisorPhotoParams,
        querystring: advisorPhotoQuery,
        response: {
          200: {
            description: 'The photo (a square of the size asked for)',
            content: {
              'image/avif': { schema: rendition },
              'image/webp': { schema: rendition },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { advisorId, file } = req.params;
      const { v } = req.query;
      const photo = await advisorPhotos.rendition(req.user, advisorId, file, v);
      return sendRendition(reply, photo, v !== undefined);
    },
  );

  return Promise.resolve();
};
