/**
 * The SQL of the booking reminders (docs/product.md#booking-e-mails): the bookings due one, and its
 * once-only claim. The claim is one conditional UPDATE, so with several instances sweeping exactly
 * one sends it. Instants are UTC ISO strings of one format: comparing them as text orders them in
 * time.
 */
import type { Db } from '../../db/kysely.js';
import type { MailAppointmentRow, ReminderKind } from './mail-appointment.js';

const claimColumn = {
  day: 'reminded_day_at',
  hour: 'reminded_hour_at',
} as const satisfies Record<ReminderKind, string>;

/**
 * Held bookings with an e-mail that start in (after, until] and whose `kind` reminder is not
 * claimed yet, soonest first.
 */
export async function unremindedStartingBetween(
  db: Db,
  kind: ReminderKind,
  after: string,
  until: string,
): Promise<MailAppointmentRow[]> {
  return db
    .selectFrom('appointments as p')
    .innerJoin('advisors as a', 'a.id', 'p.advisor_id')
    .select([
      'p.id',
      'p.status',
      'p.starts_at',
      'p.ends_at',
      'p.subject',
      'p.client_name',
      'p.client_email',
      'p.language',
      'p.time_zone',
      'p.created_at',
      'p.updated_at',
      'p.kind',
      'p.service_name',
      'a.name as advisor_name',
      'a.title as advisor_title',
    ])
    .where('p.status', '=', 'booked')
    .where('p.client_email', '<>', '')
    .where('p.starts_at', '>', after)
    .where('p.starts_at', '<=', until)
    .where(`p.${claimColumn[kind]}`, 'is', null)
    .orderBy('p.starts_at')
    .orderBy('p.id')
    .execute();
}

/**
 * Takes the booking's `kind` reminder for this sender: true for exactly one caller, and only while
 * it is still held at the start that was read (a reschedule meanwhile clears the claims and moves
 * it, and the reminder then waits for the new time).
 */
export async function claimReminder(
  db: Db,
  kind: ReminderKind,
  booking: { id: string; startsAt: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set(kind === 'day' ? { reminded_day_at: now } : { reminded_hour_at: now })
    .where('id', '=', booking.id)
    .where('status', '=', 'booked')
    .where('starts_at', '=', booking.startsAt)
    .where(claimColumn[kind], 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
