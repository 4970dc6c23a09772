import { callIdParams, callMediaStatsSchema, ok } from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../container.js';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';

export const mediaStatsRoutes: FastifyPluginAsyncZod<{ container: Container }> = (
  app,
  { container },
) => {
  app.get(
    '/calls/:callId/media-stats',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['calls'],
        security: [{ bearer: [] }],
        summary:
          "The call's connection figures, one entry per participant: path (host, srflx, relay), RTT, loss, bitrate, time to first frame, latest and worst quality (admin)",
        params: callIdParams,
        response: { 200: ok(z.array(callMediaStatsSchema)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await container.mediaStats.forCall(requireAdmin(req), req.params.callId),
    }),
  );
  return Promise.resolve();
};
