/**
 * The salon's logo: the upload takes the image's bytes as the raw body (as catalogue photos do,
 * catalogue-photos.routes.ts), so this plugin has its own body parsers; whoever may not change it
 * is refused before the body is read. The renditions are public. Registered by salon.routes.ts.
 */
import {
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  SALON_LOGO_FORMATS,
  SALON_LOGO_SIZES,
  cataloguePhotoQuery,
  cataloguePhotoSchema,
  ok,
  okMessage,
  salonLogoParams,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoBytes, sendRendition, UNVERSIONED_CACHE_S } from '../../lib/photo-reply.js';
import {
  salonLogoTooLarge,
  unsupportedSalonLogo,
  type SalonLogoService,
} from './salon-logo.service.js';

const tags = ['salon'];
const security = [{ bearer: [] }];
const uploadTypes: string[] = [...PHOTO_UPLOAD_TYPES];
const megabytes = PHOTO_UPLOAD_MAX_BYTES / (1024 * 1024);
const rendition = photoBytes('The logo');

export const salonLogoRoutes: FastifyPluginAsyncZod<{ salonLogo: SalonLogoService }> = (
  app,
  { salonLogo },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: PHOTO_UPLOAD_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.put(
    '/salon/logo',
    {
      bodyLimit: PHOTO_UPLOAD_MAX_BYTES,
      config: {
        bodyRefusals: { tooLarge: salonLogoTooLarge, unsupportedType: unsupportedSalonLogo },
      },
      onRequest: async (req) => {
        salonLogo.checkRights(req.user);
        return Promise.resolve();
      },
      schema: {
        tags,
        security,
        summary: "Set the salon's logo (admin)",
        description: `The body is the image itself (not multipart), Content-Type one of ${uploadTypes.join(', ')}, at most ${megabytes} MB (413 IMAGE_TOO_LARGE). Anything that is not a readable image is 415 UNSUPPORTED_IMAGE. Stored as ${SALON_LOGO_SIZES.join(', ')} px squares in ${SALON_LOGO_FORMATS.join(', ')} without metadata; the previous logo is replaced.`,
        consumes: uploadTypes,
        body: photoBytes(`Send the logo as the request body (${uploadTypes.join(', ')})`),
        response: { 200: ok(cataloguePhotoSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await salonLogo.upload(req.user, req.body) }),
  );

  app.delete(
    '/salon/logo',
    {
      onRequest: async (req) => {
        salonLogo.checkRights(req.user);
        return Promise.resolve();
      },
      schema: {
        tags,
        security,
        summary: "Remove the salon's logo (admin)",
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await salonLogo.remove(req.user);
      return { success: true as const, message: 'Logo removed' };
    },
  );

  app.get(
    '/salon/logo/:file',
    {
      onRequest: async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return Promise.resolve();
      },
      schema: {
        tags,
        summary: "One rendition of the salon's logo (public)",
        description: `No logo or \`v\` not the current version: 404 IMAGE_NOT_FOUND. With \`v\` cached for a year, without it for ${UNVERSIONED_CACHE_S} s.`,
        params: salonLogoParams,
        querystring: cataloguePhotoQuery,
        response: {
          200: {
            description: 'The logo (a square of the size asked for)',
            content: {
              'image/avif': { schema: rendition },
              'image/webp': { schema: rendition },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { v } = req.query;
      const logo = await salonLogo.rendition(req.params.file, v);
      return sendRendition(reply, logo, v !== undefined);
    },
  );

  return Promise.resolve();
};
