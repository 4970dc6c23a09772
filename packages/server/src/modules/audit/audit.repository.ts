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

/** Newest first; the actor's name survives a soft delete, so the trail stays readable. */
export async function listAuditRows(db: Db, limit: number): Promise<AuditRowWithActor[]> {
  return db
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
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
