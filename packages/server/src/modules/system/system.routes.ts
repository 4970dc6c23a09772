import { ok, systemStatusSchema } from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.js';
import { adminOnly } from '../../plugins/auth.js';

export const systemRoutes: FastifyPluginCallbackZod<{ container: Container }> = (
  app,
  { container },
  done,
) => {
  app.get(
    '/system/status',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['system'],
        summary: 'Live status of backend, database, Redis, video provider and websocket presence',
        security: [{ bearer: [] }],
        response: { 200: ok(systemStatusSchema) },
      },
    },
    async () => ({ success: true as const, data: await container.system.getStatus() }),
  );
  done();
};
