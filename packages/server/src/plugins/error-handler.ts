import type { ErrorBody, ErrorCode } from '@belleza/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a route answers instead of the generic 413 PAYLOAD_TOO_LARGE / 415
     * UNSUPPORTED_MEDIA_TYPE when Fastify refuses its body (over its bodyLimit, or a content type
     * it has no parser for): e.g. the chat's photo upload answers IMAGE_TOO_LARGE and
     * UNSUPPORTED_IMAGE.
     */
    bodyRefusals?: { tooLarge: () => AppError; unsupportedType: () => AppError };
  }
}

const body = (code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  success: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

/** PostgreSQL connection classes (08: connection exception, 57P0x: shut down / terminated). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3])/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A request that failed because the database went away (terminated connection, server down):
 * a clear 503 the client may retry, not an internal error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))
  )
    return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/**
 * One central error handler: every failure answers `{ success:false, error:{code,message} }`.
 * Anything a user can send maps to a 4xx; 5xx never leak stack traces or SQL.
 */
export const errorHandlerPlugin = fp((app: FastifyInstance, _opts, done) => {
  // The web sends a JSON content type on every request, bodiless POST/DELETE included.
  // An empty JSON body therefore means "no body" (routes that need one answer VALIDATION_ERROR);
  // anything else goes through Fastify's own parser with its prototype-poisoning protection.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(req, text, done);
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    const sendAppError = (e: AppError) => {
      const retry = (e.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (e.status === 429 && typeof retry === 'number') reply.header('retry-after', String(retry));
      return reply.status(e.status).send(body(e.code, e.message, e.details));
    };
    if (err instanceof AppError) return sendAppError(err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'invalid',
      }));
      const where = err.validationContext ?? 'request';
      const first = issues[0];
      const message = first
        ? `Invalid ${where}: ${first.path || '(root)'} ${first.message}`
        : `Invalid ${where}`;
      return reply.status(400).send(body('VALIDATION_ERROR', message, { issues }));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .send(body('DATABASE_UNAVAILABLE', 'The database is unavailable; try again in a moment'));
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (err instanceof SyntaxError && status === 400)
    ) {
      return reply.status(400).send(body('BAD_REQUEST', 'Malformed JSON body'));
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(400)
        .send(body('BAD_REQUEST', 'Request body is empty; send a JSON object'));
    }
    // (`config` is missing on contexts Fastify makes itself, e.g. before a route is found.)
    const refusals = req.routeOptions.config?.bodyRefusals;
    if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      if (refusals) return sendAppError(refusals.tooLarge());
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      if (refusals) return sendAppError(refusals.unsupportedType());
      return reply
        .status(415)
        .send(body('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json)'));
    }
    if (status === 429) {
      // The limiter set Retry-After (seconds); the body says it too, for the screen's message.
      const retryAfter = Number(reply.getHeader('retry-after'));
      return reply
        .status(429)
        .send(
          body(
            'RATE_LIMITED',
            'Too many requests, try again shortly',
            Number.isFinite(retryAfter) && retryAfter > 0
              ? { retryAfterSeconds: retryAfter }
              : undefined,
          ),
        );
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('BAD_REQUEST', fe.message || 'Bad request'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR', 'Something went wrong on our side'));
  });

  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send(body('ROUTE_NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0] ?? ''}`)),
  );
  done();
});
