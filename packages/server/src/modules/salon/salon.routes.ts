/**
 * The salon's profile over HTTP: admins read and replace it and see the go-live checklist;
 * `/salon/public` gives the pages only what they show. The logo's upload takes the image as the
 * raw body (like catalogue photos), in its own plugin: salon-logo.routes.ts.
 */
import {
  goLiveChecklistSchema,
  ok,
  publicSalonProfileSchema,
  salonProfileBodySchema,
  salonProfileSchema,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { GoLiveService } from './go-live.service.js';
import { salonLogoRoutes } from './salon-logo.routes.js';
import type { SalonLogoService } from './salon-logo.service.js';
import type { SalonService } from './salon.service.js';

export type SalonRoutesOptions = {
  salon: SalonService;
  salonLogo: SalonLogoService;
  goLive: GoLiveService;
};

const tags = ['salon'];
const security = [{ bearer: [] }];

export const salonRoutes: FastifyPluginCallbackZod<SalonRoutesOptions> = (
  app,
  { salon, salonLogo, goLive },
  done,
) => {
  app.get(
    '/salon/public',
    {
      schema: {
        tags,
        summary: "The salon's name, texts, contacts, social links, logo and opening hours (public)",
        description: "Empty strings are fields the salon left out; name '' = not named yet.",
        response: { 200: ok(publicSalonProfileSchema) },
      },
    },
    async () => ({ success: true as const, data: await salon.getPublic() }),
  );
  app.get(
    '/salon',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "The salon's profile as the admin edits it (admin)",
        response: { 200: ok(salonProfileSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await salon.get() };
    },
  );
  app.put(
    '/salon',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Replace the salon's profile (admin; the logo has its own upload)",
        body: salonProfileBodySchema,
        response: { 200: ok(salonProfileSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await salon.update(requireAdmin(req), req.body),
    }),
  );
  app.get(
    '/salon/checklist',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'What the salon still has to fill in before going live (admin)',
        response: { 200: ok(goLiveChecklistSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await goLive.checklist() };
    },
  );

  void app.register(salonLogoRoutes, { salonLogo });
  done();
};
