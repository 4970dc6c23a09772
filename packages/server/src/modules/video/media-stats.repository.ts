/**
 * The SQL of a call's connection figures (`call_media_stats`): one row per participant, upserted
 * with `ON CONFLICT … DO UPDATE` (the same statement on SQLite and PostgreSQL), so two instances or
 * two quick reports never lose the worst quality or the first-frame time.
 */
import type { Db } from '../../db/kysely.js';
import type { CallMediaStatsTable } from '../../db/schema.js';

export type MediaStatsRow = Omit<CallMediaStatsTable, 'call_id' | 'participant_id' | 'created_at'>;

export type MediaStatsUpsert = Omit<CallMediaStatsTable, 'reports' | 'updated_at'>;

/**
 * Inserts the participant's first report or folds another one into its row: the latest figures
 * win, `worst_quality` keeps the worst of the row and the report (bad > weak > good),
 * `time_to_first_frame_ms` keeps the first non-null value, `reports` counts.
 */
export async function upsertMediaStats(db: Db, row: MediaStatsUpsert): Promise<void> {
  await db
    .insertInto('call_media_stats')
    .values({ ...row, reports: 1, updated_at: row.created_at })
    .onConflict((oc) =>
      oc.columns(['call_id', 'participant_type', 'participant_id']).doUpdateSet((eb) => {
        const either = (quality: CallMediaStatsTable['worst_quality']) =>
          eb.or([
            eb('call_media_stats.worst_quality', '=', quality),
            eb('excluded.worst_quality', '=', quality),
          ]);
        return {
          participant_name: eb.ref('excluded.participant_name'),
          quality: eb.ref('excluded.quality'),
          worst_quality: eb
            .case()
            .when(either('bad'))
            .then('bad' as const)
            .when(either('weak'))
            .then('weak' as const)
            .else('good' as const)
            .end(),
          local_candidate_type: eb.ref('excluded.local_candidate_type'),
          remote_candidate_type: eb.ref('excluded.remote_candidate_type'),
          rtt_ms: eb.ref('excluded.rtt_ms'),
          packet_loss_pct: eb.ref('excluded.packet_loss_pct'),
          bitrate_kbps: eb.ref('excluded.bitrate_kbps'),
          time_to_first_frame_ms: eb.fn.coalesce(
            'call_media_stats.time_to_first_frame_ms',
            'excluded.time_to_first_frame_ms',
          ),
          reports: eb('call_media_stats.reports', '+', 1),
          updated_at: eb.ref('excluded.updated_at'),
        };
      }),
    )
    .execute();
}

/** Every participant's row of one call (a handful at most: client, advisor, an admin). */
export async function listMediaStats(db: Db, callId: string): Promise<MediaStatsRow[]> {
  return db
    .selectFrom('call_media_stats')
    .select([
      'participant_type',
      'participant_name',
      'quality',
      'worst_quality',
      'local_candidate_type',
      'remote_candidate_type',
      'rtt_ms',
      'packet_loss_pct',
      'bitrate_kbps',
      'time_to_first_frame_ms',
      'reports',
      'updated_at',
    ])
    .where('call_id', '=', callId)
    .orderBy('created_at')
    .orderBy('participant_type')
    .orderBy('participant_id')
    .execute();
}
