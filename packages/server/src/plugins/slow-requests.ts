/**
 * A request still unanswered after `warnAfterMs` is logged once (warn) with what the process is
 * doing: requests in flight, how late the warning itself ran (a blocked event loop makes it late),
 * and how long a trivial job waits for libuv's threadpool (where password hashing, file reads and compression run). Every route answers in
 * milliseconds, so such a line means something is stuck, and says where to look: a blocked event
 * loop, a saturated threadpool, or neither (a wait inside the handler, e.g. for the database).
 */
import { pbkdf2 } from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const SLOW_REQUEST_WARN_MS = 10_000;

/** Milliseconds a one-iteration pbkdf2 (a threadpool job of microseconds) waits to run. */
function probeThreadpool(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    pbkdf2('', '', 1, 1, 'sha256', () => resolve(Math.round(performance.now() - started)));
  });
}

const slowRequests: FastifyPluginCallback<{ warnAfterMs?: number }> = (app, opts, done) => {
  const warnAfterMs = opts.warnAfterMs ?? SLOW_REQUEST_WARN_MS;
  const inFlight = new Map<FastifyRequest, NodeJS.Timeout>();

  const settle = (req: FastifyRequest) => {
    clearTimeout(inFlight.get(req));
    inFlight.delete(req);
  };

  app.addHook('onRequest', (req, _reply, next) => {
    const started = performance.now();
    const timer = setTimeout(() => {
      const at = { method: req.method, url: req.url.split('?')[0], inFlight: inFlight.size };
      req.log.warn(
        { ...at, waitedMs: Math.round(performance.now() - started) },
        'request unanswered after %d ms; probing the threadpool',
        warnAfterMs,
      );
      void probeThreadpool().then((threadpoolWaitMs) =>
        req.log.warn({ ...at, threadpoolWaitMs }, 'threadpool probe answered'),
      );
    }, warnAfterMs);
    timer.unref();
    inFlight.set(req, timer);
    next();
  });
  app.addHook('onResponse', (req, _reply, next) => {
    settle(req);
    next();
  });
  app.addHook('onRequestAbort', (req, next) => {
    settle(req);
    next();
  });
  app.addHook('onClose', (_instance, next) => {
    for (const req of [...inFlight.keys()]) settle(req);
    next();
  });
  done();
};

export const slowRequestsPlugin = fp(slowRequests, { name: 'slow-requests' });
