/**
 * A database that went away answers 503 DATABASE_UNAVAILABLE (retry), never 500: PostgreSQL's
 * connection classes (terminated by the administrator, server shutting down, connection failure)
 * and the driver's own "Connection terminated" errors.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin, isDatabaseUnavailable } from './error-handler.js';

describe('database unavailable', () => {
  it.each([
    Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    }),
    Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Connection terminated unexpectedly'),
  ])('answers 503 for %s', async (thrown) => {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/boom', () => {
      throw thrown;
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is unavailable; try again in a moment',
      },
    });
    await app.close();
  });

  it('leaves other failures alone (a unique violation is not an outage)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
