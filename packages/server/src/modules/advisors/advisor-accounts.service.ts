/**
 * The advisors service's account writes: create, edit (who may change which field, the password
 * rules), soft delete, and the credentials check behind sign-in. Every write is audited in its own
 * transaction; revoked sessions are told to sign out, and a demoted admin's sockets leave the
 * admins' rooms, after the commit. The rules:
 * docs/product.md#advisor-rules.
 * Part of the advisors service: advisors.service.ts composes it.
 */
import type { Advisor } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { createLimiter } from '../../lib/limits.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { AdvisorDirectory } from './advisor-directory.service.js';
import { requireLiveAdvisor } from './advisor-directory.service.js';
import { deletePhoto } from './advisor-photos.repository.js';
import {
  countActiveCallsOf,
  countOtherLiveAdmins,
  emailInUse,
  findCredentialsByEmail,
  insertAdvisor,
  lockLiveAdmins,
  softDeleteAdvisor,
  updateAdvisor,
  type AdvisorPatch,
} from './advisors.repository.js';
import type { Actor, CreateAdvisorInput, UpdateAdvisorInput } from './advisors.types.js';

/** Fields only an admin may change, even on their own profile. */
const ADMIN_ONLY_FIELDS = ['isAdmin', 'showOnLanding', 'maxConcurrentCalls', 'email'] as const;

const emailTaken = () => conflict('EMAIL_TAKEN', 'Another advisor already uses this email');

/**
 * Checks of one's current password (own password or e-mail changes), per account: a stolen
 * session cannot guess it, and a person who mistypes has room for a few tries.
 */
export const CURRENT_PASSWORD_CHECKS = { points: 5, duration: 15 * 60 } as const;

/**
 * Trimmed, non-empty, without case-insensitive duplicates, first spelling kept: the expertise
 * list is free text typed by hand, and "Color" and "color " name one skill.
 */
function normaliseExpertise(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const item = raw.trim();
    const key = item.toLocaleLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Keeps at least one live admin: call inside the transaction that removes `id`'s admin power. */
async function assertNotLastAdmin(trx: Db, id: string, message: string): Promise<void> {
  await lockLiveAdmins(trx);
  if ((await countOtherLiveAdmins(trx, id)) === 0) throw conflict('LAST_ADMIN', message);
}

/** A non-admin may not change the admin-only fields; sending their current value back is fine. */
function assertNoAdminOnlyChange(
  current: Pick<UpdateAdvisorInput, (typeof ADMIN_ONLY_FIELDS)[number]>,
  input: UpdateAdvisorInput,
): void {
  const touched = ADMIN_ONLY_FIELDS.filter(
    (f) => input[f] !== undefined && input[f] !== current[f],
  );
  if (touched.length > 0) {
    throw forbidden(`Only an administrator can change ${touched.join(', ')}`);
  }
}

/** A real hash to compare against when the email is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export function createAdvisorAccounts(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier' | 'limitStore'>,
  services: {
    audit: AuditService;
    sessions: SessionsService;
    directory: Pick<AdvisorDirectory, 'getById'>;
  },
) {
  const { db, clock, notifier } = deps;
  const currentPasswordChecks = createLimiter(
    'current-password',
    CURRENT_PASSWORD_CHECKS,
    deps.limitStore,
  );
  const { audit, sessions } = services;
  const { getById } = services.directory;
  const nowIso = () => clock.now().toISOString();

  return {
    /** The live advisor with this e-mail (any case), if any. */
    async idByEmail(email: string): Promise<string | null> {
      return (await findCredentialsByEmail(db, email))?.id ?? null;
    },

    /**
     * A new password from a reset link, in the caller's transaction (which also ends her sessions
     * and audits it). False when she is no longer a live advisor.
     */
    async setPasswordByReset(id: string, password: string, executor: Db = db): Promise<boolean> {
      const passwordHash = await hashPassword(password);
      return (
        (await updateAdvisor(executor, id, {
          password_hash: passwordHash,
          updated_at: nowIso(),
        })) === 'ok'
      );
    },

    async verifyCredentials(email: string, password: string): Promise<string | null> {
      const found = await findCredentialsByEmail(db, email);
      if (!found) {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(password, await dummyHash);
        return null;
      }
      return (await verifyPassword(password, found.passwordHash)) ? found.id : null;
    },

    /** `actor` null = the system (first-admin bootstrap). The route enforces admin. */
    async create(actor: Actor | null, input: CreateAdvisorInput): Promise<Advisor> {
      const passwordHash = await hashPassword(input.password);
      const now = nowIso();
      const id = newId('adv');
      const expertise = normaliseExpertise(input.expertise);
      await db.transaction().execute(async (trx) => {
        if (await emailInUse(trx, input.email)) throw emailTaken();
        const result = await insertAdvisor(trx, {
          id,
          name: input.name,
          email: input.email,
          password_hash: passwordHash,
          status: 'offline',
          status_reason: null,
          is_admin: input.isAdmin ? 1 : 0,
          show_on_landing: input.showOnLanding ? 1 : 0,
          title: input.title,
          phone: input.phone,
          bio: input.bio,
          timezone: input.timezone,
          expertise: JSON.stringify(expertise),
          auto_accept_calls: input.autoAcceptCalls ? 1 : 0,
          max_concurrent_calls: input.maxConcurrentCalls,
          working_hours: JSON.stringify(input.workingHours),
          missed_offers_in_row: 0,
          last_call_ended_at: null,
          suspended_at: null,
          created_at: now,
          updated_at: now,
        });
        if (result === 'email_taken') throw emailTaken();
        const { password: _password, ...rest } = input;
        await audit.record(
          actor?.advisorId ?? null,
          'advisor.create',
          id,
          { ...rest, expertise },
          trx,
        );
      });
      return getById(id);
    },

    /**
     * Admins edit anyone; an advisor edits only themself and never the admin-only fields (sending
     * their current value back is fine: forms post whole objects). A blank password keeps the old
     * one; a new password signs the advisor out everywhere else. Changing one's own password or
     * e-mail takes the current password (CURRENT_PASSWORD_INVALID otherwise), whatever the role.
     */
    async update(actor: Actor, id: string, input: UpdateAdvisorInput): Promise<Advisor> {
      if (!actor.isAdmin && actor.advisorId !== id)
        throw forbidden('You can only edit your own profile');
      const current = await requireLiveAdvisor(db, id);
      if (!actor.isAdmin) assertNoAdminOnlyChange(current, input);
      // One's own password or e-mail, admins included: only with the current password, so a
      // session left open (or stolen) elsewhere cannot take the account. An admin editing someone
      // else's account needs none.
      const emailChanges = input.email !== undefined && input.email !== current.email;
      if (actor.advisorId === id && (input.password || emailChanges)) {
        await currentPasswordChecks.consume(id);
        const found = await findCredentialsByEmail(db, current.email);
        const ok =
          found !== null && (await verifyPassword(input.currentPassword ?? '', found.passwordHash));
        if (!ok)
          throw new AppError(
            'CURRENT_PASSWORD_INVALID',
            400,
            'The current password is not correct',
          );
      }
      const newPasswordHash = input.password ? await hashPassword(input.password) : undefined;
      const expertise =
        input.expertise === undefined ? undefined : normaliseExpertise(input.expertise);

      const patch: AdvisorPatch = { updated_at: nowIso() };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const track = <K extends keyof AdvisorPatch>(
        field: string,
        column: K,
        from: unknown,
        to: unknown,
        stored: AdvisorPatch[K],
      ) => {
        if (to === undefined || JSON.stringify(from) === JSON.stringify(to)) return;
        patch[column] = stored;
        changes[field] = { from, to };
      };
      track('name', 'name', current.name, input.name, input.name);
      track('email', 'email', current.email, input.email, input.email);
      track('title', 'title', current.title, input.title, input.title);
      track('phone', 'phone', current.phone, input.phone, input.phone);
      track('bio', 'bio', current.bio, input.bio, input.bio);
      track('timezone', 'timezone', current.timezone, input.timezone, input.timezone);
      track('expertise', 'expertise', current.expertise, expertise, JSON.stringify(expertise));
      track('isAdmin', 'is_admin', current.isAdmin, input.isAdmin, input.isAdmin ? 1 : 0);
      track(
        'showOnLanding',
        'show_on_landing',
        current.showOnLanding,
        input.showOnLanding,
        input.showOnLanding ? 1 : 0,
      );
      track(
        'autoAcceptCalls',
        'auto_accept_calls',
        current.autoAcceptCalls,
        input.autoAcceptCalls,
        input.autoAcceptCalls ? 1 : 0,
      );
      track(
        'maxConcurrentCalls',
        'max_concurrent_calls',
        current.maxConcurrentCalls,
        input.maxConcurrentCalls,
        input.maxConcurrentCalls,
      );
      track(
        'workingHours',
        'working_hours',
        current.workingHours,
        input.workingHours,
        JSON.stringify(input.workingHours),
      );
      if (newPasswordHash) {
        patch.password_hash = newPasswordHash;
        changes.password = { from: '[hidden]', to: '[changed]' };
      }
      if (Object.keys(changes).length === 0) return getById(id);

      await db.transaction().execute(async (trx) => {
        if (changes.email && (await emailInUse(trx, input.email ?? '', id))) throw emailTaken();
        if (changes.isAdmin && input.isAdmin === false) {
          await assertNotLastAdmin(trx, id, 'The last administrator cannot lose admin rights');
        }
        const result = await updateAdvisor(trx, id, patch);
        if (result === 'email_taken') throw emailTaken();
        if (result === 'not_found') throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
        if (newPasswordHash) {
          await sessions.revokeAllForAdvisor(id, {
            db: trx,
            ...(actor.advisorId === id && actor.sessionId
              ? { exceptSessionId: actor.sessionId }
              : {}),
          });
        }
        await audit.record(actor.advisorId, 'advisor.update', id, changes, trx);
      });
      // Committed: the revoked sessions' open dashboards are closed now, not at their next check.
      if (newPasswordHash)
        notifier.signOut(
          actor.advisorId === id && actor.sessionId
            ? { advisorId: id, exceptSessionId: actor.sessionId }
            : { advisorId: id },
        );
      // Demoted: her open sockets stop hearing what only admins hear, on every instance.
      if (changes.isAdmin && input.isAdmin === false) notifier.revokeAdmin(id);
      return getById(id);
    },

    /**
     * Soft delete (history keeps the attribution); sessions are revoked and the profile photo
     * deleted in the same transaction.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      if (actor.advisorId === id) {
        throw new AppError('CANNOT_DELETE_SELF', 400, 'You cannot delete your own account');
      }
      await db.transaction().execute(async (trx) => {
        const current = await requireLiveAdvisor(trx, id);
        if ((await countActiveCallsOf(trx, id)) > 0) {
          throw conflict('ADVISOR_HAS_ACTIVE_CALL', 'The advisor is in a call; end it first');
        }
        if (current.isAdmin)
          await assertNotLastAdmin(trx, id, 'The last administrator cannot be deleted');
        if (!(await softDeleteAdvisor(trx, id, nowIso())))
          throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
        // Her photo goes with her: it was only ever shown as hers.
        await deletePhoto(trx, id);
        await sessions.revokeAllForAdvisor(id, { db: trx });
        await audit.record(
          actor.advisorId,
          'advisor.delete',
          id,
          { name: current.name, email: current.email },
          trx,
        );
      });
      notifier.signOut({ advisorId: id });
    },
  };
}
