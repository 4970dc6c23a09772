/**
 * Advisors: profiles, statuses, presence flag and per-advisor stats. This file is the service's
 * face: it composes the parts below into one object, the one callers and tests know.
 *
 * Exported for other modules (all read/write live, i.e. not soft-deleted, advisors only):
 *   getById(id) → Advisor                          DTO with stats and `online`; ADVISOR_NOT_FOUND (404)
 *   list({ status? }) → Advisor[]                  oldest first
 *   findActiveRow(id) → AdvisorRecord | null       normalised row, no stats (routing, capacity, names)
 *   liveRecords() → AdvisorRecord[]                every live advisor (a booking's own stylist)
 *   consultingRecords() → AdvisorRecord[]          live, minus admins not on the landing (slots)
 *   exists(id) → boolean
 *   takesConsultations(id) → boolean               live and not an admin off the landing
 *   counts() → AdvisorCounts                       totalAdvisors/available/busy/offline/admin
 *   setStatus(id, status, { reason?, actor? }) → Advisor   (409 ADVISOR_SUSPENDED unless offline)
 *   setSuspended(admin, id, suspended) → Advisor          suspends (offline) or lifts, audited
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
 * Route-facing: create(actor|null, body), update(actor, id, body), remove(actor, id),
 * availability(id), landingTeam().
 *
 * Parts: advisor-directory.service.ts (reads), advisor-accounts.service.ts (create, edit,
 * delete, credentials), advisor-status.service.ts (status writes and announcements),
 * missed-offers.service.ts (the missed-offer streak). Profile photos are
 * advisor-photos.service.ts's; the DTOs here carry `photo` (version, sizes).
 */
import type { Deps } from '../../deps.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import { createAdvisorAccounts } from './advisor-accounts.service.js';
import { createAdvisorDirectory } from './advisor-directory.service.js';
import { createAdvisorStatus } from './advisor-status.service.js';
import { createMissedOffers } from './missed-offers.service.js';

export type { AdvisorRecord } from './advisors.repository.js';
export type { Actor } from './advisors.types.js';

export type AdvisorsService = ReturnType<typeof createAdvisorsService>;

export function createAdvisorsService(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier' | 'limitStore'>,
  services: { audit: AuditService; sessions: SessionsService },
) {
  const directory = createAdvisorDirectory(deps);
  const accounts = createAdvisorAccounts(deps, { ...services, directory });
  const status = createAdvisorStatus(deps, { audit: services.audit, directory });
  const missedOffers = createMissedOffers(deps, { status });
  return { ...directory, ...accounts, ...status, ...missedOffers };
}
