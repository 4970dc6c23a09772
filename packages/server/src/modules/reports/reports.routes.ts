import { ok, reportDataSchema, reportQuerySchema } from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../plugins/auth.js';
import type { ReportsService } from './reports.service.js';

export type ReportsRoutesOptions = { reports: ReportsService };

export const reportsRoutes: FastifyPluginCallbackZod<ReportsRoutesOptions> = (
  app,
  { reports },
  done,
) => {
  app.get(
    '/reports',
    {
      // onRequest, not preHandler: a stranger gets 401/403 before the query string is even validated.
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary: 'Admin report over the last N Lima months',
        security: [{ bearer: [] }],
        querystring: reportQuerySchema,
        response: { 200: ok(reportDataSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await reports.getReport(req.query.months) }),
  );
  done();
};
