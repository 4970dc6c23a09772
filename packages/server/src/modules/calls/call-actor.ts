/**
 * Who acts on a call in an HTTP request: the visitor proving it with the call's key header, or the
 * signed-in staff member. Shared by the routes of calls, their chat and the visitor's summary.
 */
import { CLIENT_KEY_HEADER } from '@belleza/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { CallActor } from './calls.types.js';

/**
 * Who is calling: the visitor (clientKey header wins when present) or the signed-in advisor.
 */
export function callActor(req: FastifyRequest): CallActor {
  const key = req.headers[CLIENT_KEY_HEADER];
  if (typeof key === 'string' && key.length > 0) return { kind: 'client', clientKey: key };
  if (req.user) return { kind: 'user', user: req.user };
  throw new AppError('UNAUTHENTICATED', 401, 'Sign in, or send the call key');
}

/** The visitor's call key (401 without it). */
export function clientKeyOf(req: FastifyRequest): string {
  const key = req.headers[CLIENT_KEY_HEADER];
  if (typeof key !== 'string' || key.length === 0) {
    throw new AppError(
      'UNAUTHENTICATED',
      401,
      `Send the call key in the ${CLIENT_KEY_HEADER} header`,
    );
  }
  return key;
}
