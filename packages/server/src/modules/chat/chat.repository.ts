/**
 * The SQL of a call's chat (`call_messages`). A message is keyed by (call_id, id), the id being
 * the sender's UUID: inserting one that exists does nothing (the same statement on SQLite and
 * PostgreSQL), and the caller reads the stored row to tell a resend from a clash.
 */
import type { Db } from '../../db/kysely.js';
import type { CallMessagesTable } from '../../db/schema.js';

export type ChatMessageRow = CallMessagesTable;

const columns = [
  'call_id',
  'id',
  'sender_type',
  'sender_id',
  'sender_name',
  'body',
  'created_at',
] as const;

/** Stores the message unless the call already holds its id; true when this call stored it. */
export async function insertMessage(db: Db, row: ChatMessageRow): Promise<boolean> {
  const result = await db
    .insertInto('call_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['call_id', 'id']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function findMessage(
  db: Db,
  callId: string,
  id: string,
): Promise<ChatMessageRow | null> {
  const row = await db
    .selectFrom('call_messages')
    .select(columns)
    .where('call_id', '=', callId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The call's messages, oldest first (ties within a millisecond by id). */
export async function listMessages(db: Db, callId: string): Promise<ChatMessageRow[]> {
  return db
    .selectFrom('call_messages')
    .select(columns)
    .where('call_id', '=', callId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
