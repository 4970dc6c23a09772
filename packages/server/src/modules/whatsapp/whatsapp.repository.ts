/**
 * The SQL of the WhatsApp channel (docs/architecture.md#whatsapp): consents, the outbox of template
 * messages and their statuses, the opted-out numbers, and the bookings due a reminder. Instants
 * are UTC ISO strings of one format: comparing them as text orders them in time.
 */
import type { Db } from '../../db/kysely.js';
import type { WhatsappMessagesTable, WhatsappMessageStatus } from '../../db/whatsapp.table.js';

export type MessageRow = WhatsappMessagesTable;

export async function insertConsent(
  db: Db,
  row: { subject_id: string; phone: string; consented_at: string },
): Promise<void> {
  await db
    .insertInto('whatsapp_consents')
    .values(row)
    .onConflict((oc) => oc.column('subject_id').doNothing())
    .execute();
}

/** The number she consented to be written to for this booking or call; null: no consent. */
export async function findConsent(db: Db, subjectId: string): Promise<string | null> {
  const row = await db
    .selectFrom('whatsapp_consents')
    .select('phone')
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row?.phone ?? null;
}

/** Queues a message unless the same change already queued one (its `dedupe_key`). */
export async function insertMessageIfNew(db: Db, row: MessageRow): Promise<boolean> {
  const result = await db
    .insertInto('whatsapp_messages')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Queued messages due at `now`, oldest first, not leased by a live sender. */
export async function dueMessages(db: Db, now: string, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('whatsapp_messages')
    .selectAll()
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('queued_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a queued message for this sender until `leaseUntil`: true for exactly one caller. */
export async function claimMessage(
  db: Db,
  id: string,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('whatsapp_messages')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordOutcome(
  db: Db,
  id: string,
  set: Partial<
    Pick<
      MessageRow,
      'status' | 'attempts' | 'next_attempt_at' | 'wamid' | 'error' | 'sent_at' | 'failed_at'
    >
  >,
): Promise<void> {
  await db
    .updateTable('whatsapp_messages')
    .set({ ...set, lease_until: null })
    .where('id', '=', id)
    .execute();
}

const STATUS_COLUMN = {
  sent: 'sent_at',
  delivered: 'delivered_at',
  read: 'read_at',
  failed: 'failed_at',
} as const;

/** The rank of a status: a later callback never takes a message back (read stays read). */
const RANK: Record<WhatsappMessageStatus, number> = {
  queued: 0,
  skipped: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

/**
 * Meta's callback for the message with `wamid`: its instant is kept (the first one of each
 * status), and its status moves forward only. False: no such message.
 */
export async function recordStatus(
  db: Db,
  wamid: string,
  status: keyof typeof STATUS_COLUMN,
  at: string,
  error: string | null,
): Promise<boolean> {
  const row = await db
    .selectFrom('whatsapp_messages')
    .select(['id', 'status', 'sent_at', 'delivered_at', 'read_at', 'failed_at'])
    .where('wamid', '=', wamid)
    .executeTakeFirst();
  if (!row) return false;
  const column = STATUS_COLUMN[status];
  const forward = RANK[status] > RANK[row.status];
  const set = {
    ...(row[column] === null ? { [column]: at } : {}),
    ...(forward ? { status } : {}),
    ...(status === 'failed' && error ? { error } : {}),
  };
  // A repeated callback (Meta retries) changes nothing.
  if (Object.keys(set).length > 0)
    await db.updateTable('whatsapp_messages').set(set).where('id', '=', row.id).execute();
  return true;
}

/** A booking's or a call's messages, oldest first. */
export async function messagesOf(
  db: Db,
  by: { appointmentId: string } | { callId: string },
): Promise<MessageRow[]> {
  const q = db.selectFrom('whatsapp_messages').selectAll();
  return (
    'appointmentId' in by
      ? q.where('appointment_id', '=', by.appointmentId)
      : q.where('call_id', '=', by.callId)
  )
    .orderBy('queued_at')
    .orderBy('id')
    .execute();
}

export async function insertOptOut(db: Db, phoneHash: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('whatsapp_opt_outs')
    .values({ phone_hash: phoneHash, opted_out_at: now })
    .onConflict((oc) => oc.column('phone_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function isOptedOut(db: Db, phoneHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('whatsapp_opt_outs')
    .select('phone_hash')
    .where('phone_hash', '=', phoneHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a reminder says, read from a booking and its stylist. */
export type ReminderRow = {
  id: string;
  starts_at: string;
  updated_at: string;
  client_name: string;
  language: 'es' | 'en';
  time_zone: string;
  kind: 'consultation' | 'service';
  service_name: string | null;
  advisor_name: string;
  phone: string;
};

/** Held bookings with a WhatsApp consent that start in (after, until], soonest first. */
export async function consentedStartingBetween(
  db: Db,
  after: string,
  until: string,
): Promise<ReminderRow[]> {
  return db
    .selectFrom('appointments as p')
    .innerJoin('advisors as a', 'a.id', 'p.advisor_id')
    .innerJoin('whatsapp_consents as w', 'w.subject_id', 'p.id')
    .select([
      'p.id',
      'p.starts_at',
      'p.updated_at',
      'p.client_name',
      'p.language',
      'p.time_zone',
      'p.kind',
      'p.service_name',
      'a.name as advisor_name',
      'w.phone',
    ])
    .where('p.status', '=', 'booked')
    .where('p.starts_at', '>', after)
    .where('p.starts_at', '<=', until)
    .orderBy('p.starts_at')
    .orderBy('p.id')
    .execute();
}

/** The consent of the booking a call was entered from (her booking's choice holds for its call). */
export async function findConsentOfCallBooking(db: Db, callId: string): Promise<string | null> {
  const row = await db
    .selectFrom('appointments as p')
    .innerJoin('whatsapp_consents as w', 'w.subject_id', 'p.id')
    .select('w.phone')
    .where('p.call_id', '=', callId)
    .executeTakeFirst();
  return row?.phone ?? null;
}
