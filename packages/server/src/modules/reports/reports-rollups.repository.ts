/**
 * The report's rollups (table report_rollups, see its migration) and the one query that adds
 * today's clients to the returning-clients count of the history before it.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { ReportWindow } from './reports.repository.js';

export type StoredRollup = { fingerprint: string; figures: unknown };

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The rollups kept under `keys` (absent keys are simply missing from the map). */
export async function readRollups(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, StoredRollup>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('report_rollups')
    .select(['key', 'fingerprint', 'figures'])
    .where('key', 'in', keys)
    .execute();
  return new Map(
    rows.map((r) => [
      r.key,
      { fingerprint: r.fingerprint, figures: JSON.parse(r.figures) as unknown },
    ]),
  );
}

/** Keeps `figures` under `key` (replacing what was there: the newest computation wins). */
export async function writeRollup(
  db: Db,
  key: string,
  fingerprint: string,
  figures: unknown,
  at: string,
): Promise<void> {
  const row = { fingerprint, figures: JSON.stringify(figures), updated_at: at };
  await db
    .insertInto('report_rollups')
    .values({ key, ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet(row))
    .execute();
}

/** Drops the rollups no report can ask for any more: keys with `prefix` other than `keep`. */
export async function pruneRollups(db: Db, prefix: string, keep: readonly string[]): Promise<void> {
  let query = db.deleteFrom('report_rollups').where('key', 'like', `${prefix}%`);
  if (keep.length > 0) query = query.where('key', 'not in', keep);
  await query.execute();
}

/**
 * What the calls of `today` add to the clients of `history` (the window's days before it): each
 * phone called today is looked up in the history through calls_client_phone_idx (a few index
 * seeks per phone, however long the history). `emailClients` counts today's calls identified by
 * e-mail only (a phone without digits), which have no such index: the caller then counts the
 * whole window instead.
 */
export async function clientsAddedBy(
  db: Db,
  history: ReportWindow,
  today: ReportWindow,
): Promise<{ newClients: number; newReturning: number; emailClients: number }> {
  const { rows } = await sql<{
    new_clients: unknown;
    new_returning: unknown;
    email_clients: unknown;
  }>`
    select
      (select count(*) from calls
        where requested_at >= ${today.start} and requested_at < ${today.end}
          and client_phone_normalized = '' and client_email <> '') as email_clients,
      coalesce(sum(case when d.before = 0 then 1 else 0 end), 0) as new_clients,
      coalesce(sum(case when (d.before = 0 and d.n > 1) or d.before = 1 then 1 else 0 end), 0) as new_returning
    from (
      select t.n,
             (select count(*) from calls h
               where h.client_phone_normalized = t.client
                 and h.requested_at >= ${history.start} and h.requested_at < ${history.end}) as before
        from (select client_phone_normalized as client, count(*) as n from calls
               where requested_at >= ${today.start} and requested_at < ${today.end}
                 and client_phone_normalized <> ''
               group by client_phone_normalized) t
    ) d`.execute(db);
  const r = rows[0];
  return {
    newClients: num(r?.new_clients),
    newReturning: num(r?.new_returning),
    emailClients: num(r?.email_clients),
  };
}
