/**
 * Photos of services and gallery items: the upload takes the photo's bytes as the raw body, as
 * advisors' photos do (advisor-photos.routes.ts), so this plugin has its own body parsers and no
 * JSON parser; whoever may not change the photo is refused before the body is read. Renditions are
 * served here too. Registered by catalogue.routes.ts.
 */
import {
  CATALOGUE_PHOTO_FORMATS,
  CATALOGUE_PHOTO_SIZES,
  cataloguePhotoQuery,
  cataloguePhotoSchema,
  galleryItemIdParams,
  galleryPhotoParams,
  ok,
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  serviceIdParams,
  servicePhotoParams,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoBytes, sendRendition, UNVERSIONED_CACHE_S } from '../../lib/photo-reply.js';
import {
  cataloguePhotoTooLarge,
  unsupportedCataloguePhoto,
  type CataloguePhotosService,
} from './catalogue-photos.service.js';

const tags = ['catalogue'];
const security = [{ bearer: [] }];
const optionalBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
const uploadTypes: string[] = [...PHOTO_UPLOAD_TYPES];
const megabytes = PHOTO_UPLOAD_MAX_BYTES / (1024 * 1024);
const photoBody = photoBytes(`Send the photo as the request body (${uploadTypes.join(', ')})`);
const rendition = photoBytes('The photo');
const uploadDescription = `The body is the photo itself (not multipart), Content-Type one of ${uploadTypes.join(', ')}, at most ${megabytes} MB (413 IMAGE_TOO_LARGE). Anything that is not a readable photo is 415 UNSUPPORTED_IMAGE. Stored as ${CATALOGUE_PHOTO_SIZES.join(', ')} px squares in ${CATALOGUE_PHOTO_FORMATS.join(', ')} without metadata; the previous photo is replaced.`;
const renditionResponse = {
  200: {
    description: 'The photo (a square of the size asked for)',
    content: {
      'image/avif': { schema: rendition },
      'image/webp': { schema: rendition },
    },
  },
};

export const cataloguePhotosRoutes: FastifyPluginAsyncZod<{
  cataloguePhotos: CataloguePhotosService;
}> = (app, { cataloguePhotos }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: PHOTO_UPLOAD_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  const uploadConfig = {
    bodyLimit: PHOTO_UPLOAD_MAX_BYTES,
    config: {
      bodyRefusals: {
        tooLarge: cataloguePhotoTooLarge,
        unsupportedType: unsupportedCataloguePhoto,
      },
    },
  };
  const noStore = async (_req: unknown, reply: { header: (k: string, v: string) => unknown }) => {
    reply.header('cache-control', 'no-store');
  };

  app.put(
    '/services/:serviceId/photo',
    {
      ...uploadConfig,
      onRequest: async (req) => {
        await cataloguePhotos.checkRights(req.user, 'service', req.params.serviceId);
      },
      schema: {
        tags,
        security,
        summary: "Set a service's photo (admin)",
        description: uploadDescription,
        consumes: uploadTypes,
        params: serviceIdParams,
        body: photoBody,
        response: { 200: ok(cataloguePhotoSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await cataloguePhotos.upload(req.user, 'service', req.params.serviceId, req.body),
    }),
  );

  app.put(
    '/gallery/:itemId/photo',
    {
      ...uploadConfig,
      onRequest: async (req) => {
        await cataloguePhotos.checkRights(req.user, 'gallery', req.params.itemId);
      },
      schema: {
        tags,
        security,
        summary: "Set a gallery item's photo (admin)",
        description: uploadDescription,
        consumes: uploadTypes,
        params: galleryItemIdParams,
        body: photoBody,
        response: { 200: ok(cataloguePhotoSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await cataloguePhotos.upload(req.user, 'gallery', req.params.itemId, req.body),
    }),
  );

  app.get(
    '/services/:serviceId/photo/:file',
    {
      onRequest: noStore,
      schema: {
        tags,
        security: optionalBearer,
        summary: "One rendition of a service's photo (public while the service is active)",
        description: `No photo, an inactive service (to a visitor) or \`v\` not the current version: 404 IMAGE_NOT_FOUND. With \`v\` cached for a year, without it for ${UNVERSIONED_CACHE_S} s.`,
        params: servicePhotoParams,
        querystring: cataloguePhotoQuery,
        response: renditionResponse,
      },
    },
    async (req, reply) => {
      const { serviceId, file } = req.params;
      const { v } = req.query;
      const photo = await cataloguePhotos.rendition(req.user, 'service', serviceId, file, v);
      return sendRendition(reply, photo, v !== undefined);
    },
  );

  app.get(
    '/gallery/:itemId/photo/:file',
    {
      onRequest: noStore,
      schema: {
        tags,
        security: optionalBearer,
        summary: 'One rendition of a gallery photo (public)',
        description: `No photo or \`v\` not the current version: 404 IMAGE_NOT_FOUND. With \`v\` cached for a year, without it for ${UNVERSIONED_CACHE_S} s.`,
        params: galleryPhotoParams,
        querystring: cataloguePhotoQuery,
        response: renditionResponse,
      },
    },
    async (req, reply) => {
      const { itemId, file } = req.params;
      const { v } = req.query;
      const photo = await cataloguePhotos.rendition(req.user, 'gallery', itemId, file, v);
      return sendRendition(reply, photo, v !== undefined);
    },
  );

  return Promise.resolve();
};
