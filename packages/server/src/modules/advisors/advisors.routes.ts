import {
  advisorAvailabilitySchema,
  advisorIdParams,
  advisorListQuery,
  advisorSchema,
  createAdvisorBodySchema,
  ok,
  okMessage,
  statusBodySchema,
  suspensionBodySchema,
  teamMemberSchema,
  updateAdvisorBodySchema,
} from '@belleza/contract';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.js';
import { adminOnly, advisorOnly, requireAdmin, requireAdvisor } from '../../plugins/auth.js';
import type { CallsService } from '../calls/calls.service.js';
import type { AdvisorPhotosService } from './advisor-photos.service.js';
import { advisorPhotosRoutes } from './advisor-photos.routes.js';
import type { AdvisorsService } from './advisors.service.js';

export type AdvisorsRoutesOptions = {
  advisors: AdvisorsService;
  advisorPhotos: AdvisorPhotosService;
  calls: Pick<CallsService, 'drainQueue'>;
};

const tags = ['advisors'];
const security = [{ bearer: [] }];

export const advisorsRoutes: FastifyPluginCallbackZod<AdvisorsRoutesOptions> = (
  app,
  { advisors, advisorPhotos, calls },
  done,
) => {
  app.get(
    '/advisors',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'List advisors, optionally by status (admin)',
        querystring: advisorListQuery,
        response: { 200: ok(z.array(advisorSchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await advisors.list(req.query) };
    },
  );

  app.post(
    '/advisors',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Create an advisor (admin)',
        body: createAdvisorBodySchema,
        response: { 201: ok(advisorSchema) },
      },
    },
    async (req, reply) => {
      const user = requireAdmin(req);
      const advisor = await advisors.create(user, req.body);
      return reply.status(201).send({ success: true as const, data: advisor });
    },
  );

  app.get(
    '/advisors/:advisorId',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security,
        summary: 'One advisor (admin, or the advisor themself)',
        params: advisorIdParams,
        response: { 200: ok(advisorSchema) },
      },
    },
    async (req) => {
      const user = requireAdvisor(req);
      if (!user.isAdmin && user.advisorId !== req.params.advisorId)
        throw forbidden('You can only see your own profile');
      return { success: true as const, data: await advisors.getById(req.params.advisorId) };
    },
  );

  app.put(
    '/advisors/:advisorId',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security,
        summary: 'Update an advisor (admin: anyone; advisor: own profile, not admin-only fields)',
        params: advisorIdParams,
        body: updateAdvisorBodySchema,
        response: { 200: ok(advisorSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await advisors.update(requireAdvisor(req), req.params.advisorId, req.body),
    }),
  );

  app.delete(
    '/advisors/:advisorId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Delete an advisor (admin; soft delete, sessions revoked at once)',
        params: advisorIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await advisors.remove(requireAdmin(req), req.params.advisorId);
      return { success: true as const, message: 'Advisor deleted' };
    },
  );

  app.post(
    '/advisors/:advisorId/status',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security,
        summary: "Set an advisor's status (admin: anyone; advisor: themself)",
        params: advisorIdParams,
        body: statusBodySchema,
        response: { 200: ok(advisorSchema) },
      },
    },
    async (req) => {
      const advisor = await advisors.setStatus(req.params.advisorId, req.body.status, {
        actor: requireAdvisor(req),
      });
      // As over the socket: a newly available advisor takes a waiting call at once.
      if (advisor.status === 'available') await calls.drainQueue();
      return { success: true as const, data: advisor };
    },
  );

  app.put(
    '/advisors/:advisorId/suspension',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Suspend an advisor (she goes offline and cannot be available nor take a call until it is lifted) or lift it (admin; not oneself: 403)',
        description:
          'While suspended, her own or anyone\'s `POST …/status` other than offline, and her accepting a call, are 409 ADVISOR_SUSPENDED. Lifting leaves her offline. Audited as advisor.suspend / advisor.unsuspend; announced as advisor:status:updated (reason "suspended" while it lasts).',
        params: advisorIdParams,
        body: suspensionBodySchema,
        response: { 200: ok(advisorSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await advisors.setSuspended(
        requireAdvisor(req),
        req.params.advisorId,
        req.body.suspended,
      ),
    }),
  );

  app.delete(
    '/advisors/:advisorId/photo',
    {
      onRequest: advisorOnly,
      schema: {
        tags,
        security,
        summary: "Remove an advisor's profile photo (admin: anyone; advisor: her own)",
        description:
          'Every rendition goes; the screens show her initials again. No photo: nothing to do, 200 all the same.',
        params: advisorIdParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await advisorPhotos.remove(requireAdvisor(req), req.params.advisorId);
      return { success: true as const, message: 'Photo removed' };
    },
  );

  // The upload (a raw image body, its own parsers) and the photo's renditions.
  void app.register(advisorPhotosRoutes, { advisorPhotos });

  app.get(
    '/team',
    {
      schema: {
        tags,
        summary: "The advisors shown in the landing's team: name, title, expertise, photo (public)",
        response: { 200: ok(z.array(teamMemberSchema)) },
      },
    },
    async () => ({ success: true as const, data: await advisors.landingTeam() }),
  );

  app.get(
    '/advisors/:advisorId/availability',
    {
      schema: {
        tags,
        summary: 'Whether an advisor can take a call now, and their working hours (public)',
        description:
          "Only of an advisor shown in the landing's team (GET /api/team): one hidden from it, deleted or unknown is 404 ADVISOR_NOT_FOUND alike.",
        params: advisorIdParams,
        response: { 200: ok(advisorAvailabilitySchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await advisors.availability(req.params.advisorId),
    }),
  );
  done();
};
