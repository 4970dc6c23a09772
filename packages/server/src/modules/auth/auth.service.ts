/**
 * Sign-in, on top of the advisors service (credentials, profile, status) and the sessions service
 * (sessions.service.ts, which imports nothing of advisors or auth):
 *   login(email, password, address) → { advisor, token }
 *       throws INVALID_CREDENTIALS (401), or RATE_LIMITED (429) from the sign-in guard
 *       (login-guard.ts: per account + address, an account-wide ceiling, attack alerts)
 *   logout(user)                                  revokes the current session at once
 *   me(user) → Advisor
 */
import type { Advisor, LoginResponseData } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { createLoginGuard } from './login-guard.js';
import type { SessionsService } from './sessions.service.js';

export type AuthService = ReturnType<typeof createAuthService>;

/** `statusReason` when signing out of the last session set the advisor offline. */
export const SIGNED_OUT_REASON = 'signed_out';

export function createAuthService(
  deps: Pick<Deps, 'notifier' | 'limitStore' | 'config'>,
  services: { advisors: AdvisorsService; sessions: SessionsService; audit: AuditService },
) {
  const { advisors, sessions } = services;
  const guard = createLoginGuard(deps, services);
  return {
    async login(email: string, password: string, address: string): Promise<LoginResponseData> {
      const account = email.trim().toLowerCase();
      await guard.before(account, address);
      const advisorId = await advisors.verifyCredentials(email, password);
      if (!advisorId) {
        await guard.failed(account, address);
        throw new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');
      }
      await guard.succeeded(account, address);
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
