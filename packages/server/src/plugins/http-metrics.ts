import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../lib/metrics.js';

/** The label of a request no route matched (a 404): one series for every unknown URL. */
const UNMATCHED = 'unmatched';

/**
 * Counts every answered request and its duration by the route's pattern
 * (`/api/calls/:callId/status`), never the raw URL: ids and probes of unknown paths cannot grow
 * the number of series.
 */
export const httpMetricsPlugin = fp<{ metrics: Metrics }>(
  (app: FastifyInstance, { metrics }, done) => {
    app.addHook('onResponse', (req, reply, next) => {
      const route = req.routeOptions.url ?? UNMATCHED;
      const { method } = req;
      metrics.httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
      metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
      next();
    });
    done();
  },
);
