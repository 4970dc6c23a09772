/**
 * A call's connection figures (docs/product.md#video-page): each participant's page reports what
 * its link measures (`rtc:stats`); one row per participant keeps the latest figures, the worst
 * quality and the time to the first frame, for the admin's call details.
 */
import type {
  CallMediaStats,
  ConnectionQuality,
  ParticipantType,
  RtcStats,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { CallsService, UserActor } from '../calls/calls.service.js';
import { listMediaStats, upsertMediaStats, type MediaStatsRow } from './media-stats.repository.js';

export type MediaStatsServiceDeps = Pick<Deps, 'db' | 'clock'> & {
  /** whether the call exists (and the reader may see it) is the calls module's answer */
  calls: Pick<CallsService, 'details'>;
};

export type MediaStatsService = ReturnType<typeof createMediaStatsService>;

/** Who reported, as the room token names them. */
export type MediaStatsReporter = {
  callId: string;
  type: ParticipantType;
  id: string;
  name: string;
};

const QUALITY_RANK: Record<ConnectionQuality, number> = { good: 0, weak: 1, bad: 2 };
const PARTICIPANT_ORDER: Record<ParticipantType, number> = { client: 0, advisor: 1, admin: 2 };

/** The worse of two qualities (bad > weak > good). */
export function worseQuality(a: ConnectionQuality, b: ConnectionQuality): ConnectionQuality {
  return QUALITY_RANK[b] > QUALITY_RANK[a] ? b : a;
}

function toDto(row: MediaStatsRow): CallMediaStats {
  return {
    participantType: row.participant_type,
    participantName: row.participant_name,
    quality: row.quality,
    localCandidateType: row.local_candidate_type,
    remoteCandidateType: row.remote_candidate_type,
    rttMs: row.rtt_ms,
    packetLossPct: row.packet_loss_pct,
    bitrateKbps: row.bitrate_kbps,
    timeToFirstFrameMs: row.time_to_first_frame_ms,
    worstQuality: row.worst_quality,
    reports: row.reports,
    updatedAt: row.updated_at,
  };
}

export function createMediaStatsService(deps: MediaStatsServiceDeps) {
  const { db, clock, calls } = deps;
  return {
    /**
     * Folds one report into the participant's row. `worstSince` is the worst quality the
     * participant reported since its last stored report (reports in between are not stored).
     */
    async record(
      who: MediaStatsReporter,
      stats: RtcStats,
      worstSince: ConnectionQuality = stats.quality,
    ): Promise<void> {
      const now = clock.now().toISOString();
      await upsertMediaStats(db, {
        call_id: who.callId,
        participant_type: who.type,
        participant_id: who.id,
        participant_name: who.name,
        quality: stats.quality,
        worst_quality: worseQuality(stats.quality, worstSince),
        local_candidate_type: stats.localCandidateType,
        remote_candidate_type: stats.remoteCandidateType,
        rtt_ms: stats.rttMs,
        packet_loss_pct: stats.packetLossPct,
        bitrate_kbps: stats.bitrateKbps,
        time_to_first_frame_ms: stats.timeToFirstFrameMs,
        created_at: now,
      });
    },

    /** GET /api/calls/{id}/media-stats: client first, then advisor, then admins. */
    async forCall(user: UserActor, callId: string): Promise<CallMediaStats[]> {
      await calls.details(user, callId);
      const rows = await listMediaStats(db, callId);
      return rows
        .map((row, index) => ({ row, index }))
        .sort(
          (a, b) =>
            PARTICIPANT_ORDER[a.row.participant_type] - PARTICIPANT_ORDER[b.row.participant_type] ||
            a.index - b.index,
        )
        .map(({ row }) => toDto(row));
    },
  };
}
