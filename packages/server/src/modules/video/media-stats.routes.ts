import { callIdParams, callMediaStatsSchema, ok } from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import type { MediaStatsService } from './media-stats.service.js';

export type MediaStatsRoutesOptions = { mediaStats: MediaStatsService };

export const mediaStatsRoutes: FastifyPluginAsyncZod<MediaStatsRoutesOptions> = (
  app,
  { mediaStats },
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
      data: await mediaStats.forCall(requireAdmin(req), req.params.callId),
    }),
  );
  return Promise.resolve();
};
