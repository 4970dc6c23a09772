import { ok, testDailyBodySchema, testDailyResultSchema } from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.js';
import type { VideoService } from './video.service.js';

export type VideoRoutesOptions = { video: Pick<VideoService, 'testDaily'> };

export const videoRoutes: FastifyPluginAsyncZod<VideoRoutesOptions> = (app, { video }) => {
  app.post(
    '/settings/test-daily',
    {
      // Each test is a request to Daily on the admin's behalf: keep it to a human pace.
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        summary:
          "Checks a Daily.co API key and domain against Daily's API (admin); a masked key uses the stored one",
        body: testDailyBodySchema,
        response: { 200: ok(testDailyResultSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await video.testDaily(req.body) };
    },
  );
  return Promise.resolve();
};
