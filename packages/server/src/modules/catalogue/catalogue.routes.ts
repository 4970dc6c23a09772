/**
 * The salon's catalogue over HTTP: services, opinions and gallery items. Admins write and list
 * everything; the `…/public` reads give the landing only what it shows (active services, published
 * opinions, gallery items with a photo) and only their public fields. Photos have their own
 * plugin (raw image bodies): catalogue-photos.routes.ts.
 */
import {
  createGalleryItemBodySchema,
  createServiceBodySchema,
  createTestimonialBodySchema,
  galleryItemIdParams,
  galleryItemSchema,
  ok,
  okMessage,
  publicGalleryItemSchema,
  publicServiceSchema,
  publicTestimonialSchema,
  salonServiceSchema,
  serviceIdParams,
  testimonialIdParams,
  testimonialSchema,
  updateGalleryItemBodySchema,
  updateServiceBodySchema,
  updateTestimonialBodySchema,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, advisorOnly, requireAdmin, requireAdvisor } from '../../plugins/auth.js';
import type { CataloguePhotosService } from './catalogue-photos.service.js';
import { cataloguePhotosRoutes } from './catalogue-photos.routes.js';
import type { GalleryService } from './gallery.service.js';
import type { SalonServicesService } from './salon-services.service.js';
import type { TestimonialsService } from './testimonials.service.js';

export type CatalogueRoutesOptions = {
  salonServices: SalonServicesService;
  testimonials: TestimonialsService;
  gallery: GalleryService;
  cataloguePhotos: CataloguePhotosService;
};

const tags = ['catalogue'];
const security = [{ bearer: [] }];
const admin = { onRequest: adminOnly };

export const catalogueRoutes: FastifyPluginCallbackZod<CatalogueRoutesOptions> = (
  app,
  { salonServices, testimonials, gallery, cataloguePhotos },
  done,
) => {
  // ---------------------------------------------------------------- public reads
  app.get(
    '/services/public',
    {
      schema: {
        tags,
        summary: "The salon's active services in display order (public: the landing's catalogue)",
        response: { 200: ok(z.array(publicServiceSchema)) },
      },
    },
    async () => ({ success: true as const, data: await salonServices.listPublic() }),
  );
  app.get(
    '/testimonials/public',
    {
      schema: {
        tags,
        summary: 'The opinions an admin published: first name, stars, comment (public)',
        response: { 200: ok(z.array(publicTestimonialSchema)) },
      },
    },
    async () => ({ success: true as const, data: await testimonials.listPublic() }),
  );
  app.get(
    '/gallery/public',
    {
      schema: {
        tags,
        summary: "The salon's gallery photos with their alt text and caption (public)",
        response: { 200: ok(z.array(publicGalleryItemSchema)) },
      },
    },
    async () => ({ success: true as const, data: await gallery.listPublic() }),
  );

  // ---------------------------------------------------------------- services (admin)
  app.get(
    '/services',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Every service, active or not (admin)',
        response: { 200: ok(z.array(salonServiceSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await salonServices.list() };
    },
  );
  app.post(
    '/services',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Add a service (admin); price null: price on consultation',
        body: createServiceBodySchema,
        response: { 201: ok(salonServiceSchema) },
      },
    },
    async (req, reply) => {
      const data = await salonServices.create(requireAdmin(req), req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );
  app.put(
    '/services/:serviceId',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change a service (admin)',
        params: serviceIdParams,
        body: updateServiceBodySchema,
        response: { 200: ok(salonServiceSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await salonServices.update(requireAdmin(req), req.params.serviceId, req.body),
    }),
  );
  app.delete(
    '/services/:serviceId',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Remove a service and its photo (admin)',
        params: serviceIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await salonServices.remove(requireAdmin(req), req.params.serviceId);
      return { success: true as const, message: 'Service removed' };
    },
  );
  app.delete(
    '/services/:serviceId/photo',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security,
        summary: "Remove a service's photo (admin)",
        params: serviceIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await cataloguePhotos.remove(requireAdvisor(req), 'service', req.params.serviceId);
      return { success: true as const, message: 'Photo removed' };
    },
  );

  // ---------------------------------------------------------------- opinions (admin)
  app.get(
    '/testimonials',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "Every opinion: visitors' consented ratings and those entered by hand (admin)",
        response: { 200: ok(z.array(testimonialSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await testimonials.list() };
    },
  );
  app.post(
    '/testimonials',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "Enter an opinion by hand (admin): marked source 'manual'",
        body: createTestimonialBodySchema,
        response: { 201: ok(testimonialSchema) },
      },
    },
    async (req, reply) => {
      const data = await testimonials.create(requireAdmin(req), req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );
  app.put(
    '/testimonials/:testimonialId',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Publish or hide an opinion; edit one entered by hand (admin)',
        description:
          "A visitor's opinion takes only `published`; changing its name, stars or comment is 409 TESTIMONIAL_NOT_EDITABLE.",
        params: testimonialIdParams,
        body: updateTestimonialBodySchema,
        response: { 200: ok(testimonialSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await testimonials.update(requireAdmin(req), req.params.testimonialId, req.body),
    }),
  );
  app.delete(
    '/testimonials/:testimonialId',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Remove an opinion (admin)',
        params: testimonialIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await testimonials.remove(requireAdmin(req), req.params.testimonialId);
      return { success: true as const, message: 'Opinion removed' };
    },
  );

  // ---------------------------------------------------------------- gallery (admin)
  app.get(
    '/gallery',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Every gallery item, with or without its photo yet (admin)',
        response: { 200: ok(z.array(galleryItemSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await gallery.list() };
    },
  );
  app.post(
    '/gallery',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Add a gallery item (admin); it shows once its photo is uploaded',
        body: createGalleryItemBodySchema,
        response: { 201: ok(galleryItemSchema) },
      },
    },
    async (req, reply) => {
      const data = await gallery.create(requireAdmin(req), req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );
  app.put(
    '/gallery/:itemId',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "Change a gallery item's alt text, caption or order (admin)",
        params: galleryItemIdParams,
        body: updateGalleryItemBodySchema,
        response: { 200: ok(galleryItemSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await gallery.update(requireAdmin(req), req.params.itemId, req.body),
    }),
  );
  app.delete(
    '/gallery/:itemId',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Remove a gallery item and its photo (admin)',
        params: galleryItemIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await gallery.remove(requireAdmin(req), req.params.itemId);
      return { success: true as const, message: 'Gallery item removed' };
    },
  );

  // The uploads (raw image bodies, their own parsers) and the renditions.
  void app.register(cataloguePhotosRoutes, { cataloguePhotos });
  done();
};
