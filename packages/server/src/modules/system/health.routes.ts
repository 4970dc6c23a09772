import { healthSchema, readinessSchema } from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { SystemService } from './system.service.js';

export type HealthRoutesOptions = { system: Pick<SystemService, 'readiness'> };

/**
 * The probes of an orchestrator or load balancer, at the root (not under /api) and open: they
 * reveal nothing. No session is looked up for them (`sessionless`), so /healthz never touches the
 * database, whatever headers it is sent.
 */
export const healthRoutes: FastifyPluginCallbackZod<HealthRoutesOptions> = (
  app,
  { system },
  done,
) => {
  app.get(
    '/healthz',
    {
      config: { sessionless: true },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up and answering (checks nothing)',
        response: { 200: healthSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { sessionless: true },
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: 200 when the database (and Redis, with REDIS_URL) answers, 503 otherwise',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_req, reply) => {
      const readiness = await system.readiness();
      return reply
        .header('cache-control', 'no-store')
        .status(readiness.status === 'ready' ? 200 : 503)
        .send(readiness);
    },
  );
  done();
};
