import type { Db } from '../../db/kysely.js';
import type { AuditLogTable } from '../../db/schema.js';

export type AuditRowWithActor = AuditLogTable & { actor_name: string | null };

export async function insertAuditRow(db: Db, row: AuditLogTable): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: row.id,
      actor_id: row.actor_id,
      action: row.action,
      target: row.target,
      changes: row.changes,
      created_at: row.created_at,
    })
    .execute();
}

export type AuditRowFilter = { action?: string | undefined; limit: number };

/**
 * Newest first; the actor's name survives a soft delete, so the trail stays readable. With an
 * `action`, audit_log_action_created_idx serves both the filter and the order (no sort); the
 * builder is separate so a test can ask each database for its plan.
 */
export function selectAuditRows(db: Db, { action, limit }: AuditRowFilter) {
  let query = db
    .selectFrom('audit_log as l')
    .leftJoin('advisors as a', 'a.id', 'l.actor_id')
    .select([
      'l.id',
      'l.actor_id',
      'l.action',
      'l.target',
      'l.changes',
      'l.created_at',
      'a.name as actor_name',
    ]);
  if (action !== undefined) query = query.where('l.action', '=', action);
  return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(limit);
}

export async function listAuditRows(db: Db, filter: AuditRowFilter): Promise<AuditRowWithActor[]> {
  return selectAuditRows(db, filter).execute();
}
