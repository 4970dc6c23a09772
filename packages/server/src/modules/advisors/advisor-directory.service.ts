/**
 * The advisors service's reads: profiles as DTOs (with stats and `online`), the live rows other
 * modules route and schedule with, the admins' counts, and the landing's team. Writes nothing.
 * Part of the advisors service: advisors.service.ts composes it.
 */
import {
  advisorPresence,
  PRESENCE_GRACE_MS,
  TEAM_SIZE_MAX,
  type Advisor,
  type AdvisorAvailability,
  type AdvisorCounts,
  type AdvisorPhoto,
  type AdvisorStatus,
  type TeamMember,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import { photoDto, photoOf } from './advisor-photos.service.js';
import {
  countLiveAdvisors,
  countsByStatusAndRole,
  findLiveAdvisor,
  firstAdminEmail,
  selectAdvisorsWithStats,
  selectLandingTeam,
  selectPublicPhotoVersions,
  selectLiveAdvisors,
  type AdvisorRecord,
  type AdvisorWithStatsRecord,
} from './advisors.repository.js';

const round2 = (n: number): number => Math.round(n * 100) / 100;

function toDto(r: AdvisorWithStatsRecord): Advisor {
  return {
    advisorId: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    statusReason: r.statusReason,
    suspended: r.suspended,
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

/** The live (not soft-deleted) advisor's row, read with `executor` (a transaction or the db). */
export async function requireLiveAdvisor(executor: Db, id: string): Promise<AdvisorRecord> {
  const row = await findLiveAdvisor(executor, id);
  if (!row) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
  return row;
}

export type AdvisorDirectory = ReturnType<typeof createAdvisorDirectory>;

export function createAdvisorDirectory(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const onlineSince = () => new Date(clock.now().getTime() - PRESENCE_GRACE_MS).toISOString();

  async function getById(id: string): Promise<Advisor> {
    const [row] = await selectAdvisorsWithStats(db, { id }, onlineSince());
    if (!row) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
    return toDto(row);
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

    /**
     * The live advisors who take consultations: everyone but an admin the landing does not show
     * (the owner's account is no stylist). The same rule as call routing (routing.repository.ts).
     */
    async consultingRecords(): Promise<AdvisorRecord[]> {
      return (await selectLiveAdvisors(db)).filter((a) => !a.isAdmin || a.showOnLanding);
    },

    async exists(id: string): Promise<boolean> {
      return (await findLiveAdvisor(db, id)) !== null;
    },

    /** Whether this live advisor takes consultations, by the rule of consultingRecords. */
    async takesConsultations(id: string): Promise<boolean> {
      const a = await findLiveAdvisor(db, id);
      return a !== null && (!a.isAdmin || a.showOnLanding);
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
        // One state per advisor (advisorPresence): a chosen status counts only while she is
        // connected; everyone else is counted with the offline ones.
        const presence = advisorPresence(g);
        if (presence === 'available') counts.availableAdvisors += g.count;
        else if (presence === 'busy') counts.busyAdvisors += g.count;
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

    /**
     * The photos anyone may see of these advisors (those the landing shows), by advisor id; the
     * others are absent.
     */
    async publicPhotos(ids: readonly string[]): Promise<Map<string, AdvisorPhoto>> {
      const versions = await selectPublicPhotoVersions(db, ids);
      return new Map([...versions].map(([id, version]) => [id, photoOf(version)]));
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

    /**
     * GET /api/advisors/{id}/availability (public): only of an advisor the landing shows; one
     * hidden from it, deleted or unknown is the same 404, so the route lists no one else.
     */
    async availability(id: string): Promise<AdvisorAvailability> {
      const a = await getById(id);
      if (!a.profile.showOnLanding) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
      return {
        advisorId: a.advisorId,
        name: a.name,
        status: a.status,
        available: a.status === 'available' && a.online,
        workingHours: a.settings.workingHours,
        timezone: a.profile.timezone,
      };
    },
  };
}
