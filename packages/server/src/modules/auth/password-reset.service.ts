/**
 * "¿Olvidaste tu contraseña?" (docs/product.md#forgotten-password): a single-use link by e-mail,
 * valid PASSWORD_RESET_TTL_MINUTES, kept as the hash of its token. Asking answers the same whether
 * or not the address is an account's, and is limited per typed address (any account or none) and
 * per client address; using it sets the new password, ends every session of the account and is
 * audited. Without SMTP there is nothing to send: EMAIL_NOT_CONFIGURED, so the page says to ask
 * an admin.
 */
import { PASSWORD_RESET_PATH, PASSWORD_RESET_TTL_MINUTES, type Language } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import { createLimiter } from '../../lib/limits.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { SessionsService } from './sessions.service.js';
import {
  claimPasswordReset,
  insertPasswordReset,
  retirePasswordResets,
} from './password-reset.repository.js';

/** Links asked for one typed address an hour (whether or not it is an account's). */
export const PASSWORD_RESETS_PER_ACCOUNT = { points: 3, duration: 60 * 60 } as const;
/** Links asked for from one client address an hour, whatever the addresses typed. */
export const PASSWORD_RESETS_PER_ADDRESS = { points: 10, duration: 60 * 60 } as const;

const invalidLink = () =>
  new AppError(
    'RESET_LINK_INVALID',
    400,
    'This link is not valid any more: it was used, it expired or it never existed',
  );

export function createPasswordReset(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'limitStore' | 'notifier'>,
  services: {
    advisors: Pick<AdvisorsService, 'idByEmail' | 'getById' | 'setPasswordByReset'>;
    sessions: Pick<SessionsService, 'revokeAllForAdvisor'>;
    audit: AuditService;
    mail: Pick<MailService, 'configured' | 'passwordReset'>;
  },
) {
  const { db, clock, config } = deps;
  const perAccount = createLimiter(
    'password-reset-account',
    PASSWORD_RESETS_PER_ACCOUNT,
    deps.limitStore,
  );
  const perAddress = createLimiter(
    'password-reset-address',
    PASSWORD_RESETS_PER_ADDRESS,
    deps.limitStore,
  );

  return {
    /** Sends her a link when `email` is a live account's; answers nothing either way. */
    async request(email: string, address: string, language: Language): Promise<void> {
      if (!services.mail.configured)
        throw new AppError('EMAIL_NOT_CONFIGURED', 409, 'No e-mail can be sent: ask an admin');
      await perAddress.consume(address);
      const account = email.trim().toLowerCase();
      await perAccount.consume(account);
      const advisorId = await services.advisors.idByEmail(account);
      if (!advisorId) return;
      const token = newSecret();
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await retirePasswordResets(trx, advisorId, now.toISOString());
        await insertPasswordReset(trx, {
          id: newId('pwr'),
          advisor_id: advisorId,
          token_hash: hashSecret(token),
          expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        });
      });
      const advisor = await services.advisors.getById(advisorId);
      services.mail.passwordReset({
        to: advisor.email,
        name: advisor.name,
        language,
        // The token in the fragment: never sent to a server, so in no request log.
        url: `${new URL(PASSWORD_RESET_PATH, config.publicUrl).toString()}#${token}`,
      });
    },

    /** Sets the new password with a valid link (once), ends every session, audited. */
    async confirm(token: string, password: string): Promise<void> {
      const now = clock.now().toISOString();
      const advisorId = await db.transaction().execute(async (trx) => {
        const id = await claimPasswordReset(trx, hashSecret(token), now);
        if (!id) throw invalidLink();
        if (!(await services.advisors.setPasswordByReset(id, password, trx))) throw invalidLink();
        await services.sessions.revokeAllForAdvisor(id, { db: trx });
        await services.audit.record(
          id,
          'advisor.password_reset',
          id,
          { password: { from: '[hidden]', to: '[changed]' } },
          trx,
        );
        return id;
      });
      // Her open dashboards close: every session of hers has ended.
      deps.notifier.signOut({ advisorId });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordReset>;
