/**
 * The SQL of a call's chat (`call_messages`) and its photos (`call_images`). A message is keyed by
 * (call_id, id), the id being the sender's UUID: inserting one that exists does nothing (the same
 * statement on SQLite and PostgreSQL), and the caller reads the stored row to tell a resend from a
 * clash. Messages are read with their photo's figures (never its bytes).
 */
import type { Db } from '../../db/kysely.js';
import type { CallImagesTable, CallMessagesTable } from '../../db/schema.js';

/** A stored message with the figures of the photo it shows (null columns when none). */
export type ChatMessageRow = CallMessagesTable & {
  image_kind: CallImagesTable['kind'] | null;
  image_width: number | null;
  image_height: number | null;
  image_size_bytes: number | null;
};

export type ChatImageRow = CallImagesTable;
/** A photo without its bytes: what a message needs to name it. */
export type ChatImageMeta = Omit<CallImagesTable, 'data'>;

const messageColumns = [
  'm.call_id',
  'm.id',
  'm.sender_type',
  'm.sender_id',
  'm.sender_name',
  'm.body',
  'm.image_id',
  'm.created_at',
  'i.kind as image_kind',
  'i.width as image_width',
  'i.height as image_height',
  'i.size_bytes as image_size_bytes',
] as const;

const imageMetaColumns = [
  'id',
  'call_id',
  'uploader_type',
  'uploader_id',
  'kind',
  'content_type',
  'width',
  'height',
  'size_bytes',
  'created_at',
] as const;

/** Stores the message unless the call already holds its id; true when this call stored it. */
export async function insertMessage(db: Db, row: CallMessagesTable): Promise<boolean> {
  const result = await db
    .insertInto('call_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['call_id', 'id']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

const messages = (db: Db) =>
  db
    .selectFrom('call_messages as m')
    .leftJoin('call_images as i', 'i.id', 'm.image_id')
    .select(messageColumns);

export async function findMessage(
  db: Db,
  callId: string,
  id: string,
): Promise<ChatMessageRow | null> {
  const row = await messages(db)
    .where('m.call_id', '=', callId)
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The call's messages, oldest first (ties within a millisecond by id). */
export async function listMessages(db: Db, callId: string): Promise<ChatMessageRow[]> {
  return messages(db)
    .where('m.call_id', '=', callId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}

export async function insertImage(db: Db, row: ChatImageRow): Promise<void> {
  await db.insertInto('call_images').values(row).execute();
}

/** A photo of this call (an id of another call is not found), without its bytes. */
export async function findImageMeta(
  db: Db,
  callId: string,
  id: string,
): Promise<ChatImageMeta | null> {
  const row = await db
    .selectFrom('call_images')
    .select(imageMetaColumns)
    .where('call_id', '=', callId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** A photo of this call with its bytes (an id of another call is not found). */
export async function findImage(db: Db, callId: string, id: string): Promise<ChatImageRow | null> {
  const row = await db
    .selectFrom('call_images')
    .select([...imageMetaColumns, 'data'])
    .where('call_id', '=', callId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

const deleted = (r: { numDeletedRows: bigint } | undefined): number =>
  Number(r?.numDeletedRows ?? 0n);

/**
 * A photo taken out of the chat: the messages that showed it keep their text without it, those
 * that were only the photo go, and so does the photo. Inside the caller's transaction. Answers the
 * ids of the messages deleted, or null when the photo was not there (e.g. deleted meanwhile by
 * another request: the photo's row goes first, so a second deletion waits for the first, then
 * finds nothing and changes nothing).
 */
export async function deleteImageAndItsMessages(
  db: Db,
  callId: string,
  imageId: string,
): Promise<string[] | null> {
  const image = await db
    .deleteFrom('call_images')
    .where('call_id', '=', callId)
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (deleted(image) === 0) return null;
  const gone = await db
    .deleteFrom('call_messages')
    .where('call_id', '=', callId)
    .where('image_id', '=', imageId)
    .where('body', '=', '')
    .returning('id')
    .execute();
  await db
    .updateTable('call_messages')
    .set({ image_id: null })
    .where('call_id', '=', callId)
    .where('image_id', '=', imageId)
    .execute();
  return gone.map((m) => m.id).sort();
}

/** Every message and photo of the call. Inside the caller's transaction. */
export async function deleteChatOfCall(
  db: Db,
  callId: string,
): Promise<{ messages: number; images: number }> {
  const messages = deleted(
    await db.deleteFrom('call_messages').where('call_id', '=', callId).executeTakeFirst(),
  );
  const images = deleted(
    await db.deleteFrom('call_images').where('call_id', '=', callId).executeTakeFirst(),
  );
  return { messages, images };
}

/**
 * Up to `limit` photos of calls that ended before `cutoff` (an ISO instant), deleted; how many.
 * Photos are the big rows: a batch keeps each statement short on both databases.
 */
export async function purgeImagesOfCallsEndedBefore(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<number> {
  const r = await db
    .deleteFrom('call_images')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('call_images as i')
        .innerJoin('calls as c', 'c.id', 'i.call_id')
        .select('i.id')
        .where('c.ended_at', '<', cutoff)
        .limit(limit),
    )
    .executeTakeFirst();
  return deleted(r);
}

/** The messages of up to `limit` calls that ended before `cutoff`, deleted; how many messages. */
export async function purgeMessagesOfCallsEndedBefore(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<number> {
  const r = await db
    .deleteFrom('call_messages')
    .where('call_id', 'in', (eb) =>
      eb
        .selectFrom('call_messages as m')
        .innerJoin('calls as c', 'c.id', 'm.call_id')
        .select('m.call_id')
        .distinct()
        .where('c.ended_at', '<', cutoff)
        .limit(limit),
    )
    .executeTakeFirst();
  return deleted(r);
}
