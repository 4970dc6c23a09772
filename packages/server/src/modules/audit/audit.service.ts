/**
 * Who changed what in admin. Callers pass their transaction as `db` so the audit row commits or
 * rolls back with the change it describes; secrets must already be masked in `changes`.
 */
import type { AuditEntry, AuditListQuery } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { newId } from '../../lib/ids.js';
import { insertAuditRow, listAuditRows } from './audit.repository.js';

export type AuditAction =
  | 'advisor.create'
  | 'advisor.update'
  | 'advisor.delete'
  | 'advisor.status'
  | 'advisor.suspend'
  | 'advisor.unsuspend'
  | 'advisor.password_reset'
  | 'settings.update'
  | 'service.create'
  | 'service.update'
  | 'service.delete'
  | 'testimonial.create'
  | 'testimonial.update'
  | 'testimonial.delete'
  | 'gallery.create'
  | 'gallery.update'
  | 'gallery.delete'
  | 'salon.update'
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.delete'
  | 'webhook.retry'
  | 'auth.under_attack';

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async record(
      actorId: string | null,
      action: AuditAction,
      target: string | null,
      changes: unknown,
      db: Db = deps.db,
    ): Promise<void> {
      await insertAuditRow(db, {
        id: newId('aud'),
        actor_id: actorId,
        action,
        target,
        changes: JSON.stringify(changes ?? null),
        created_at: deps.clock.now().toISOString(),
      });
    },

    /** Newest first, at most `limit`; with `action`, only entries of exactly that action. */
    async list(query: AuditListQuery): Promise<AuditEntry[]> {
      const rows = await listAuditRows(deps.db, { action: query.action, limit: query.limit });
      return rows.map((r) => ({
        id: r.id,
        actorId: r.actor_id,
        actorName: r.actor_name,
        action: r.action,
        target: r.target,
        changes: parseJson(r.changes),
        createdAt: r.created_at,
      }));
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
