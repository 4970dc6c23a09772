/**
 * Advisors: profiles, statuses, presence flag and per-advisor stats.
 *
 * Exported for other modules (all read/write live, i.e. not soft-deleted, advisors only):
 *   getById(id) → Advisor                          DTO with stats and `online`; ADVISOR_NOT_FOUND (404)
 *   list({ status? }) → Advisor[]                  oldest first
 *   findActiveRow(id) → AdvisorRecord | null       normalised row, no stats (routing, capacity, names)
 *   exists(id) → boolean
 *   counts() → AdvisorCounts                       totalAdvisors/available/busy/offline/admin
 *   setStatus(id, status, { reason?, actor? }) → Advisor
 *       writes, audits when an admin changes someone else, then emits 'advisor:status:updated'
 *       to admins and to the advisor. `actor` null/absent = the system (calls module).
 *   writeStatus(db, id, status, reason?) → boolean   inside the caller's transaction, no emit;
 *   announceStatus(id, status, reason?)              ...then emit after the commit.
 *   recordMissedOffer(id) → { missedInRow, wentOffline }
 *       +1 on the streak; at MISSED_OFFERS_LIMIT an `available` advisor goes offline with
 *       reason 'missed_offers' (emitted). resetMissedOffers(id, db?) clears it (e.g. on accept).
 *   markCallEnded(id, at, db?)                      sets last_call_ended_at (routing: longest idle)
 *   verifyCredentials(email, password) → advisorId | null   (auth)
 *   firstAdminEmail() → string | null               (settings default)
 *   countLive() → number                            (first-admin bootstrap)
 * Route-facing: create(actor|null, body), update(actor, id, body), remove(actor, id), availability(id).
 * Profile photos are advisor-photos.service.ts's; the DTOs here carry `photo` (version, sizes).
 */
import {
  PRESENCE_GRACE_MS,
  TEAM_SIZE_MAX,
  type Advisor,
  type AdvisorAvailability,
  type AdvisorCounts,
  type AdvisorStatus,
  type TeamMember,
  type createAdvisorBodySchema,
  type updateAdvisorBodySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionsService } from '../auth/auth.service.js';
import { deletePhoto } from './advisor-photos.repository.js';
import { photoDto } from './advisor-photos.service.js';
import {
  countActiveCallsOf,
  countLiveAdvisors,
  countOtherLiveAdmins,
  countsByStatusAndRole,
  emailInUse,
  findCredentialsByEmail,
  findLiveAdvisor,
  firstAdminEmail,
  incrementMissedOffers,
  insertAdvisor,
  lockLiveAdmins,
  resetMissedOffers,
  selectAdvisorsWithStats,
  selectLandingTeam,
  selectLiveAdvisors,
  setLastCallEndedAt,
  setOfflineIfAvailable,
  softDeleteAdvisor,
  updateAdvisor,
  updateAdvisorStatus,
  type AdvisorPatch,
  type AdvisorRecord,
  type AdvisorWithStatsRecord,
} from './advisors.repository.js';

export type { AdvisorRecord } from './advisors.repository.js';

/** Who acts: a signed-in advisor (the request's user). */
export type Actor = Pick<AuthUser, 'advisorId' | 'isAdmin'> & { sessionId?: string };

export type CreateAdvisorInput = z.output<typeof createAdvisorBodySchema>;
export type UpdateAdvisorInput = z.output<typeof updateAdvisorBodySchema>;

/** Offers in a row left to time out before an available advisor is switched offline. */
export const MISSED_OFFERS_LIMIT = 2;
export const MISSED_OFFERS_REASON = 'missed_offers';

/** Fields only an admin may change, even on their own profile. */
const ADMIN_ONLY_FIELDS = ['isAdmin', 'showOnLanding', 'maxConcurrentCalls', 'email'] as const;

export type AdvisorsService = ReturnType<typeof createAdvisorsService>;

const round2 = (n: number): number => Math.round(n * 100) / 100;

function toDto(r: AdvisorWithStatsRecord): Advisor {
  return {
    advisorId: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    statusReason: r.statusReason,
    online: r.online,
    createdAt: r.createdAt,
    profile: {
      title: r.title,
      expertise: r.expertise,
      bio: r.bio,
      phone: r.phone,
      timezone: r.timezone,
      isAdmin: r.isAdmin,
      showOnLanding: r.showOnLanding,
    },
    stats: {
      totalCalls: r.stats.totalCalls,
      completedCalls: r.stats.completedCalls,
      averageRating: round2(r.stats.averageRating),
      totalDuration: round2(r.stats.totalDurationSeconds / 60),
    },
    settings: {
      autoAcceptCalls: r.autoAcceptCalls,
      maxConcurrentCalls: r.maxConcurrentCalls,
      workingHours: r.workingHours,
    },
    photo: photoDto(r.photoVersion),
  };
}

/** Trimmed, non-empty, without case-insensitive duplicates (SPEC §5), first spelling kept. */
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

/** A real hash to compare against when the email is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export function createAdvisorsService(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier'>,
  services: { audit: AuditService; sessions: SessionsService },
) {
  const { db, clock, notifier } = deps;
  const { audit, sessions } = services;
  const nowIso = () => clock.now().toISOString();
  const onlineSince = () => new Date(clock.now().getTime() - PRESENCE_GRACE_MS).toISOString();

  async function getById(id: string): Promise<Advisor> {
    const [row] = await selectAdvisorsWithStats(db, { id }, onlineSince());
    if (!row) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
    return toDto(row);
  }

  async function requireLive(executor: Db, id: string): Promise<AdvisorRecord> {
    const row = await findLiveAdvisor(executor, id);
    if (!row) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
    return row;
  }

  /** Keeps at least one live admin: call inside the transaction that removes `id`'s admin power. */
  async function assertNotLastAdmin(trx: Db, id: string, message: string): Promise<void> {
    await lockLiveAdmins(trx);
    if ((await countOtherLiveAdmins(trx, id)) === 0) throw conflict('LAST_ADMIN', message);
  }

  function announceStatus(
    advisorId: string,
    status: AdvisorStatus,
    reason: string | null = null,
  ): void {
    const payload = { advisorId, status, reason };
    notifier.toAdmins('advisor:status:updated', payload);
    notifier.toAdvisor(advisorId, 'advisor:status:updated', payload);
  }

  return {
    getById,

    async list(filter: { status?: AdvisorStatus } = {}): Promise<Advisor[]> {
      const rows = await selectAdvisorsWithStats(db, filter, onlineSince());
      return rows.map(toDto);
    },

    findActiveRow(id: string): Promise<AdvisorRecord | null> {
      return findLiveAdvisor(db, id);
    },

    /** Every live advisor (no stats), by name: e.g. whose hours make the appointment slots. */
    liveRecords(): Promise<AdvisorRecord[]> {
      return selectLiveAdvisors(db);
    },

    async exists(id: string): Promise<boolean> {
      return (await findLiveAdvisor(db, id)) !== null;
    },

    async counts(): Promise<AdvisorCounts> {
      const counts: AdvisorCounts = {
        totalAdvisors: 0,
        availableAdvisors: 0,
        busyAdvisors: 0,
        offlineAdvisors: 0,
        adminAdvisors: 0,
      };
      for (const g of await countsByStatusAndRole(db, onlineSince())) {
        counts.totalAdvisors += g.count;
        if (g.isAdmin) counts.adminAdvisors += g.count;
        // 'Disponibles' are those who can be rung: available AND connected; an available
        // advisor with no live connection counts as offline.
        if (g.status === 'available' && g.online) counts.availableAdvisors += g.count;
        else if (g.status === 'busy') counts.busyAdvisors += g.count;
        else counts.offlineAdvisors += g.count;
      }
      return counts;
    },

    countLive(): Promise<number> {
      return countLiveAdvisors(db);
    },

    firstAdminEmail(): Promise<string | null> {
      return firstAdminEmail(db);
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

    /** The landing's team: only the public fields of the advisors an admin chose to show. */
    async landingTeam(): Promise<TeamMember[]> {
      const rows = await selectLandingTeam(db, TEAM_SIZE_MAX);
      return rows.map((r) => ({
        advisorId: r.id,
        name: r.name,
        title: r.title,
        expertise: r.expertise,
        photo: photoDto(r.photoVersion),
      }));
    },

    async availability(id: string): Promise<AdvisorAvailability> {
      const a = await getById(id);
      return {
        advisorId: a.advisorId,
        name: a.name,
        status: a.status,
        available: a.status === 'available' && a.online,
        workingHours: a.settings.workingHours,
        timezone: a.profile.timezone,
      };
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
     * one; a new password signs the advisor out everywhere else.
     */
    async update(actor: Actor, id: string, input: UpdateAdvisorInput): Promise<Advisor> {
      if (!actor.isAdmin && actor.advisorId !== id)
        throw forbidden('You can only edit your own profile');
      const current = await requireLive(db, id);
      if (!actor.isAdmin) {
        const currentValues = {
          isAdmin: current.isAdmin,
          showOnLanding: current.showOnLanding,
          maxConcurrentCalls: current.maxConcurrentCalls,
          email: current.email,
        };
        const touched = ADMIN_ONLY_FIELDS.filter(
          (f) => input[f] !== undefined && input[f] !== currentValues[f],
        );
        if (touched.length > 0) {
          throw forbidden(`Only an administrator can change ${touched.join(', ')}`);
        }
      }
      // A stylist's own password: only with the current one (a session left open elsewhere
      // cannot take the account). Admins manage passwords in the advisors page.
      if (input.password && actor.advisorId === id && !actor.isAdmin) {
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
        const current = await requireLive(trx, id);
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

    async setStatus(
      advisorId: string,
      status: AdvisorStatus,
      opts: { reason?: string | null; actor?: Actor | null } = {},
    ): Promise<Advisor> {
      const actor = opts.actor ?? null;
      if (actor && !actor.isAdmin && actor.advisorId !== advisorId) {
        throw forbidden('You can only change your own status');
      }
      const reason = status === 'available' ? null : (opts.reason ?? null);
      const byAdminOnOther = actor !== null && actor.isAdmin && actor.advisorId !== advisorId;
      await db.transaction().execute(async (trx) => {
        const before = await requireLive(trx, advisorId);
        if (!(await updateAdvisorStatus(trx, advisorId, status, reason, nowIso()))) {
          throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
        }
        if (byAdminOnOther) {
          await audit.record(
            actor.advisorId,
            'advisor.status',
            advisorId,
            { status: { from: before.status, to: status } },
            trx,
          );
        }
      });
      announceStatus(advisorId, status, reason);
      return getById(advisorId);
    },

    /** For a caller's transaction (e.g. accept: call active + advisor busy); emit with announceStatus after commit. */
    writeStatus(
      executor: Db,
      advisorId: string,
      status: AdvisorStatus,
      reason: string | null = null,
    ): Promise<boolean> {
      return updateAdvisorStatus(
        executor,
        advisorId,
        status,
        status === 'available' ? null : reason,
        nowIso(),
      );
    },

    announceStatus,

    async recordMissedOffer(
      advisorId: string,
    ): Promise<{ missedInRow: number; wentOffline: boolean }> {
      const missedInRow = (await incrementMissedOffers(db, advisorId, nowIso())) ?? 0;
      let wentOffline = false;
      if (missedInRow >= MISSED_OFFERS_LIMIT) {
        wentOffline = await setOfflineIfAvailable(db, advisorId, MISSED_OFFERS_REASON, nowIso());
        if (wentOffline) announceStatus(advisorId, 'offline', MISSED_OFFERS_REASON);
      }
      return { missedInRow, wentOffline };
    },

    resetMissedOffers(advisorId: string, executor: Db = db): Promise<void> {
      return resetMissedOffers(executor, advisorId);
    },

    markCallEnded(advisorId: string, at: string, executor: Db = db): Promise<void> {
      return setLastCallEndedAt(executor, advisorId, at);
    },
  };
}

const emailTaken = () => conflict('EMAIL_TAKEN', 'Another advisor already uses this email');
