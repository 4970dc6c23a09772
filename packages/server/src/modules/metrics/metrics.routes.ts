import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { MetricsService } from './metrics.service.js';

export type MetricsRoutesOptions = { metrics: Pick<MetricsService, 'authorize' | 'scrape'> };

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Prometheus' scrape, at the root (not under /api). No session is looked up (`sessionless`): the
 * scraper's bearer is METRICS_TOKEN, and a scrape still answers while the database is down.
 */
export const metricsRoutes: FastifyPluginCallbackZod<MetricsRoutesOptions> = (
  app,
  { metrics },
  done,
) => {
  app.get(
    '/metrics',
    {
      config: { sessionless: true },
      onRequest: async (req) => {
        metrics.authorize({
          authorization: req.headers.authorization,
          peer: req.socket.remoteAddress,
          forwarded: FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined),
        });
      },
      schema: {
        tags: ['operations'],
        summary:
          'Prometheus metrics (text format): Bearer METRICS_TOKEN, or from this host only without it',
        security: [{ bearer: [] }],
      },
    },
    async (_req, reply) => {
      const { contentType, text } = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    },
  );
  done();
};
