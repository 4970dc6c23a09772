/**
 * The advisors service's status writes: the advisor (or an admin, audited) setting it, the calls
 * module writing it inside its own transaction and announcing it after the commit, and the
 * end-of-call mark that routing reads (longest idle first). Every change is announced as
 * 'advisor:status:updated' to the admins and to the advisor.
 * Part of the advisors service: advisors.service.ts composes it.
 */
import { SUSPENDED_STATUS_REASON, type Advisor, type AdvisorStatus } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { advisorSuspended, forbidden, notFound } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AdvisorDirectory } from './advisor-directory.service.js';
import { requireLiveAdvisor } from './advisor-directory.service.js';
import {
  setLastCallEndedAt,
  setSuspended as setSuspendedRow,
  updateAdvisorStatus,
} from './advisor-status.repository.js';
import type { Actor } from './advisors.types.js';

export type AdvisorStatusWrites = ReturnType<typeof createAdvisorStatus>;

export function createAdvisorStatus(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier'>,
  services: { audit: AuditService; directory: Pick<AdvisorDirectory, 'getById'> },
) {
  const { db, clock, notifier } = deps;
  const { audit } = services;
  const { getById } = services.directory;
  const nowIso = () => clock.now().toISOString();

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
        const before = await requireLiveAdvisor(trx, advisorId);
        // Suspended, she is offline until an admin lifts it, whoever asks.
        if (before.suspended && status !== 'offline') throw advisorSuspended();
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

    /**
     * An admin suspends an advisor (she goes offline, reason 'suspended', and cannot be available
     * nor take a call until it is lifted) or lifts it (she stays offline until she sets herself
     * available). Not on oneself. Audited.
     */
    async setSuspended(actor: Actor, advisorId: string, suspended: boolean): Promise<Advisor> {
      if (!actor.isAdmin) throw forbidden('Only an admin suspends an advisor');
      if (actor.advisorId === advisorId) throw forbidden('You cannot suspend yourself');
      const reason = suspended ? SUSPENDED_STATUS_REASON : null;
      await db.transaction().execute(async (trx) => {
        const before = await requireLiveAdvisor(trx, advisorId);
        if (before.suspended === suspended) return;
        if (!(await setSuspendedRow(trx, advisorId, suspended, SUSPENDED_STATUS_REASON, nowIso())))
          throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
        await audit.record(
          actor.advisorId,
          suspended ? 'advisor.suspend' : 'advisor.unsuspend',
          advisorId,
          {
            suspended: { from: before.suspended, to: suspended },
            status: { from: before.status, to: suspended ? 'offline' : before.status },
          },
          trx,
        );
      });
      const after = await getById(advisorId);
      announceStatus(advisorId, after.status, after.suspended ? reason : after.statusReason);
      return after;
    },

    markCallEnded(advisorId: string, at: string, executor: Db = db): Promise<void> {
      return setLastCallEndedAt(executor, advisorId, at);
    },
  };
}
