/** Callback leads: a visitor who found nobody online leaves her name and phone. */
import type { Db } from '../../db/kysely.js';
import { affected } from '../../db/rows.js';
import type { CallbacksTable } from '../../db/schema.js';

export async function insertCallback(db: Db, row: CallbacksTable): Promise<void> {
  await db.insertInto('callbacks').values(row).execute();
}

const callbackColumns = [
  'id',
  'name',
  'phone',
  'preferred_time',
  'message',
  'status',
  'created_at',
  'done_at',
] as const;

export type CallbackRecord = Pick<
  CallbacksTable,
  'id' | 'name' | 'phone' | 'preferred_time' | 'message' | 'status' | 'created_at' | 'done_at'
>;

export async function listCallbacks(
  db: Db,
  status: CallbacksTable['status'] | undefined,
  limit: number,
): Promise<CallbackRecord[]> {
  let q = db.selectFrom('callbacks').select(callbackColumns);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findCallback(db: Db, id: string): Promise<CallbackRecord | null> {
  const row = await db
    .selectFrom('callbacks')
    .select(callbackColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function markCallbackDone(
  db: Db,
  id: string,
  by: string,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('callbacks')
    .set({ status: 'done', done_at: now, done_by: by })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return affected(r);
}
