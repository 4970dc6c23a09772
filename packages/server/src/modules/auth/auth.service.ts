/**
 * Sessions and sign-in.
 *
 * sessions (no dependency on other modules, so advisors can revoke on delete/password change):
 *   create(advisorId) → { token, sessionId, expiresAt }   token is returned once, stored hashed
 *   resolve(token) → AuthUser | null                      used by the auth hook on every request
 *   revoke(sessionId)
 *   revokeAllForAdvisor(advisorId, { exceptSessionId?, db? }) → number   `db` = caller's transaction
 *
 * auth:
 *   login(email, password) → { advisor, token }   throws INVALID_CREDENTIALS (401)
 *   logout(user)                                  revokes the current session at once
 *   me(user) → Advisor
 */
import type { Advisor, LoginResponseData } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
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
export type AuthService = ReturnType<typeof createAuthService>;

/** `statusReason` when signing out of the last session set the advisor offline. */
export const SIGNED_OUT_REASON = 'signed_out';

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

export function createAuthService(
  deps: Pick<Deps, 'notifier'>,
  services: { advisors: AdvisorsService; sessions: SessionsService },
) {
  const { advisors, sessions } = services;
  return {
    async login(email: string, password: string): Promise<LoginResponseData> {
      const advisorId = await advisors.verifyCredentials(email, password);
      if (!advisorId) throw new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');
      const { token } = await sessions.create(advisorId);
      return { advisor: await advisors.getById(advisorId), token };
    },

    async logout(user: AuthUser): Promise<void> {
      await sessions.revoke(user.sessionId);
      deps.notifier.signOut({ sessionId: user.sessionId });
      // Her last session signed out: nobody can answer her calls any more. Offline at once (the
      // admins' counts follow), and the sweeper moves her ringing offers on within a second.
      if (!(await sessions.hasLive(user.advisorId)))
        await advisors.setStatus(user.advisorId, 'offline', { reason: SIGNED_OUT_REASON });
    },

    async me(user: AuthUser): Promise<Advisor> {
      return advisors.getById(user.advisorId);
    },
  };
}
