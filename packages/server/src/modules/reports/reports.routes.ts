import {
  funnelDataSchema,
  funnelQuerySchema,
  ok,
  reportDataSchema,
  reportQuerySchema,
} from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly } from '../../plugins/auth.js';
import { funnelCsv } from './funnel.csv.js';
import type { ReportsService } from './reports.service.js';

export type ReportsRoutesOptions = { reports: ReportsService };

const funnelSteps =
  'consultations (calls a stylist answered, by the Lima month of their request) → plans (of those, calls given recommendations) → bookings (in-salon service bookings made from those plans) → attended (recorded done) → revenue (their final prices), with the rates between steps and revenue per consultation hour (completed calls); each month also per stylist who answered.';

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

  app.get(
    '/reports/funnel',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary: `Admin: the consultations' funnel over the last N Lima months: ${funnelSteps}`,
        security: [{ bearer: [] }],
        querystring: funnelQuerySchema,
        response: { 200: ok(funnelDataSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await reports.getFunnel(req.query.months) }),
  );

  app.get(
    '/reports/funnel.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Admin: the funnel as CSV (UTF-8 with BOM, CRLF): a row per month for all stylists, then one per stylist of that month; column names in `language` (es by default).',
        security: [{ bearer: [] }],
        querystring: funnelQuerySchema,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const csv = funnelCsv(await reports.getFunnel(req.query.months), req.query.language);
      const name = req.query.language === 'en' ? 'funnel' : 'embudo';
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  done();
};
