import { ok, systemStatusSchema } from '@belleza/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../plugins/auth.js';
import type { SystemService } from './system.service.js';

export type SystemRoutesOptions = { system: SystemService };

export const systemRoutes: FastifyPluginCallbackZod<SystemRoutesOptions> = (
  app,
  { system },
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
    async () => ({ success: true as const, data: await system.getStatus() }),
  );
  done();
};
