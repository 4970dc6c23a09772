/**
 * The SQL of outgoing webhooks (docs/architecture.md#webhooks): endpoints, the events recorded with
 * the change they describe, and the outbox of deliveries. The order of an endpoint's deliveries is
 * (created_at, event_id); its head is the oldest one not delivered, and only a pending head whose
 * time has come and whose lease is free is ever claimed.
 */
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/kysely.js';
import type {
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../../db/schema-webhooks.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

const endpointColumns = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'secret',
  'created_at',
  'updated_at',
] as const;

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').select(endpointColumns).orderBy('created_at').execute();
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | null> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function countEndpoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(db: Db, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Db,
  id: string,
  patch: Partial<Omit<WebhookEndpointsTable, 'id' | 'created_at'>>,
): Promise<boolean> {
  const r = await db.updateTable('webhook_endpoints').set(patch).where('id', '=', id).execute();
  return Number(r[0]?.numUpdatedRows ?? 0) === 1;
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  // Its deliveries first: SQLite enforces the foreign key's cascade only with the pragma on.
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  const r = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Per endpoint: deliveries pending and failed. */
export async function deliveryCounts(
  db: Db,
): Promise<Map<string, { pending: number; failed: number }>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy(['endpoint_id', 'status'])
    .execute();
  const out = new Map<string, { pending: number; failed: number }>();
  for (const r of rows) {
    const entry = out.get(r.endpoint_id) ?? { pending: 0, failed: 0 };
    if (r.status === 'pending') entry.pending = Number(r.n);
    else entry.failed = Number(r.n);
    out.set(r.endpoint_id, entry);
  }
  return out;
}

/** Enabled endpoints, for recording an event (inside the change's transaction). */
export async function enabledEndpoints(db: Db): Promise<Array<{ id: string; events: string }>> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', 1)
    .execute();
}

/** The event, unless one with its dedupe key exists: true when this call inserted it. */
export async function insertEventIfNew(db: Db, row: WebhookEventsTable): Promise<boolean> {
  const r = await db
    .insertInto('webhook_events')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertDeliveries(db: Db, rows: WebhookDeliveriesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('webhook_deliveries').values(rows).execute();
}

/**
 * Each enabled endpoint's head: its oldest delivery not yet delivered (pending or failed). A failed
 * head holds the endpoint back: a later event is never delivered before an earlier one.
 */
export async function endpointHeads(
  db: Db,
  limit: number,
): Promise<Array<DeliveryRow & { url: string; secret: string; body: string }>> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .selectAll('d')
    .select(['e.url', 'e.secret', 'v.body'])
    .where('e.enabled', '=', 1)
    .where('d.status', 'in', ['pending', 'failed'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as x')
            .select('x.id')
            .whereRef('x.endpoint_id', '=', 'd.endpoint_id')
            .where('x.status', 'in', ['pending', 'failed'])
            .where((eb) =>
              eb.or([
                eb('x.created_at', '<', eb.ref('d.created_at')),
                eb.and([
                  eb('x.created_at', '=', eb.ref('d.created_at')),
                  eb('x.event_id', '<', eb.ref('d.event_id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('d.created_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a pending delivery whose time has come for `token` until `leaseUntil`: true for exactly one
 * caller while the lease runs. PostgreSQL locks the row first and skips it when another instance
 * holds the lock; SQLite has one writer, so the conditional UPDATE alone decides.
 */
export async function claimDelivery(
  db: Db,
  dialect: Dialect,
  id: string,
  claim: { token: string; now: string; leaseUntil: string },
): Promise<boolean> {
  const claimable = (q: Db) =>
    q
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', claim.now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', claim.now)]));
  const take = async (q: Db) => {
    const r = await q
      .updateTable('webhook_deliveries')
      .set({ lease_owner: claim.token, lease_until: claim.leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', claim.now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', claim.now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  };
  if (dialect === 'sqlite') return take(db);
  return db.transaction().execute(async (trx) => {
    const row = await claimable(trx).forUpdate().skipLocked().executeTakeFirst();
    return row ? take(trx) : false;
  });
}

/** The claimed delivery's outcome; false when the lease was lost (another took it over). */
export async function recordAttempt(
  db: Db,
  id: string,
  token: string,
  change: Pick<
    WebhookDeliveriesTable,
    | 'status'
    | 'attempts'
    | 'next_attempt_at'
    | 'last_status_code'
    | 'last_error'
    | 'last_attempt_at'
    | 'delivered_at'
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ ...change, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** failed → pending, due now, with a fresh attempt budget; false when it was not failed. */
export async function requeueFailed(db: Db, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type DeliveryListRow = DeliveryRow & { type: string };

export async function listDeliveries(
  db: Db,
  query: { endpointId?: string | undefined; status?: string | undefined; limit: number },
): Promise<DeliveryListRow[]> {
  let q = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .selectAll('d')
    .select('v.type');
  if (query.endpointId) q = q.where('d.endpoint_id', '=', query.endpointId);
  if (query.status) q = q.where('d.status', '=', query.status as DeliveryRow['status']);
  return q
    .orderBy('d.created_at', 'desc')
    .orderBy('d.event_id', 'desc')
    .limit(query.limit)
    .execute();
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryListRow | null> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .selectAll('d')
    .select('v.type')
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Deliveries delivered before `before`, then events no delivery refers to any more that were made
 * before it; how many deliveries went.
 */
export async function purgeDeliveredBefore(db: Db, before: string): Promise<number> {
  const r = await db
    .deleteFrom('webhook_deliveries')
    .where('status', '=', 'delivered')
    .where('delivered_at', '<', before)
    .executeTakeFirst();
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'webhook_events.id'),
        ),
      ),
    )
    .execute();
  return Number(r.numDeletedRows);
}
