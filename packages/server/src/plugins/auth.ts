import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** The signed-in advisor behind a request's bearer token. */
export type AuthUser = {
  advisorId: string;
  sessionId: string;
  name: string;
  email: string;
  isAdmin: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * No session is looked up for this route (the probes and the metrics): it never signs anyone
     * in, so it answers without the database, and a scraper's bearer token is not a session's.
     */
    sessionless?: boolean;
  }
}

export type SessionResolver = (token: string) => Promise<AuthUser | null>;

export const bearerToken = (header: string | undefined): string | null =>
  header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

/**
 * Resolves the bearer token on every request against the sessions table, so a revoked session,
 * a deleted advisor or a removed admin flag takes effect on the very next request.
 */
export const authPlugin = fp<{ resolveSession: SessionResolver }>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      // (Fastify gives every request a `config`, an empty one when no route matched.)
      if (req.routeOptions.config.sessionless) return;
      const token = bearerToken(req.headers.authorization);
      req.user = token ? await opts.resolveSession(token) : null;
    });
  },
);

export function requireAdvisor(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 401, 'Sign in first');
  return req.user;
}

export function requireAdmin(req: FastifyRequest): AuthUser {
  const user = requireAdvisor(req);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 403, 'Administrators only');
  return user;
}

/** preHandler hooks for encapsulated route plugins. */
export const advisorOnly = async (req: FastifyRequest): Promise<void> => {
  requireAdvisor(req);
};
export const adminOnly = async (req: FastifyRequest): Promise<void> => {
  requireAdmin(req);
};
