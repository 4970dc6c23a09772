/**
 * Sessions: the signed-in advisors' bearer tokens. It depends on no other module, so the advisors
 * service can revoke sessions (on delete, on a password change) without importing sign-in.
 * The rules: docs/product.md#sessions-and-sign-in.
 *
 *   create(advisorId) → { token, sessionId, expiresAt }   token is returned once, stored hashed
 *   resolve(token) → AuthUser | null                      used by the auth hook on every request
 *   revoke(sessionId)
 *   hasLive(advisorId) → boolean
 *   revokeAllForAdvisor(advisorId, { exceptSessionId?, db? }) → number   `db` = caller's transaction
 */
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  countLiveSessions,
  findLiveSession,
  insertSession,
  revokeAdvisorSessions,
  revokeSession,
  touchSession,
} from './auth.repository.js';

/** last_used_at is bookkeeping, not security: refresh it at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const nowIso = () => deps.clock.now().toISOString();

  return {
    async create(
      advisorId: string,
    ): Promise<{ token: string; sessionId: string; expiresAt: string }> {
      const now = deps.clock.now();
      const token = newSecret();
      const sessionId = newId('ses');
      const expiresAt = new Date(now.getTime() + deps.config.sessionTtlMs).toISOString();
      await insertSession(deps.db, {
        id: sessionId,
        advisor_id: advisorId,
        token_hash: hashSecret(token),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        last_used_at: now.toISOString(),
        revoked_at: null,
      });
      return { token, sessionId, expiresAt };
    },

    async resolve(token: string): Promise<AuthUser | null> {
      // Tokens are 43 url-safe characters; anything far off is not worth a query.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a cost guard (no such token has a session either way)
      if (token.length > 200) return null;
      const now = deps.clock.now();
      const session = await findLiveSession(deps.db, hashSecret(token), now.toISOString());
      if (!session) return null;
      if (now.getTime() - new Date(session.lastUsedAt).getTime() >= TOUCH_EVERY_MS) {
        await touchSession(deps.db, session.sessionId, now.toISOString());
      }
      return {
        advisorId: session.advisorId,
        sessionId: session.sessionId,
        name: session.name,
        email: session.email,
        isAdmin: session.isAdmin,
      };
    },

    async revoke(sessionId: string): Promise<void> {
      await revokeSession(deps.db, sessionId, nowIso());
    },

    async hasLive(advisorId: string): Promise<boolean> {
      return (await countLiveSessions(deps.db, advisorId, nowIso())) > 0;
    },

    async revokeAllForAdvisor(
      advisorId: string,
      opts: { exceptSessionId?: string; db?: Db } = {},
    ): Promise<number> {
      return revokeAdvisorSessions(opts.db ?? deps.db, advisorId, nowIso(), opts.exceptSessionId);
    },
  };
}
