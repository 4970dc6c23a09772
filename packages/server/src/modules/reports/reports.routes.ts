import { ok, reportDataSchema, reportQuerySchema } from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.js';
import { adminOnly } from '../../plugins/auth.js';

export const reportsRoutes: FastifyPluginCallbackZod<{ container: Container }> = (
  app,
  { container },
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
    async (req) => ({
      success: true as const,
      data: {
        ...(await container.reports.getReport(req.query.months)),
        currency: (await container.settings.get()).system.currency,
      },
    }),
  );
  done();
};
