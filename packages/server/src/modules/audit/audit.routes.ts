import { auditEntrySchema, auditListQuerySchema, ok } from '@belleza/contract';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { AuditService } from './audit.service.js';

export type AuditRoutesOptions = { audit: AuditService };

export const auditRoutes: FastifyPluginCallbackZod<AuditRoutesOptions> = (app, { audit }, done) => {
  app.get(
    '/audit',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['audit'],
        summary: 'Admin audit trail, newest first, optionally one action only (admin)',
        security: [{ bearer: [] }],
        querystring: auditListQuerySchema,
        response: { 200: ok(z.array(auditEntrySchema)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await audit.list(req.query) };
    },
  );
  done();
};
