/**
 * The SQL of appointments (docs/product.md#appointments). A booking holds its advisor from
 * `starts_at` to `held_until` (its end plus the buffer). Booking and rescheduling are one
 * conditional statement each: they write only when no other booking of that advisor overlaps, and
 * the unique index over (advisor, start) among held bookings refuses the one of two racing writes
 * that both saw the slot free. The same statements on SQLite and PostgreSQL.
 */
import type { Db } from '../../db/kysely.js';
import type { AppointmentKeysTable, AppointmentsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/sql-fns.js';

/** A booking as read back: who asked is kept for the caps only, never read with it. */
export type AppointmentRow = Omit<
  AppointmentsTable,
  'client_phone_digits' | 'client_address_hash'
> & {
  advisor_name: string;
  advisor_title: string;
  /** the name of whoever recorded the outcome; null when none or the account is gone */
  outcome_by_name: string | null;
};

/** A new booking: no outcome yet (service-outcomes.repository.ts records it later). */
export type NewAppointment = Omit<
  AppointmentsTable,
  'outcome_price_cents' | 'outcome_at' | 'outcome_by'
>;

const columns = [
  'p.id',
  'p.advisor_id',
  'p.status',
  'p.starts_at',
  'p.ends_at',
  'p.held_until',
  'p.subject',
  'p.client_name',
  'p.client_phone',
  'p.client_email',
  'p.message',
  'p.language',
  'p.time_zone',
  'p.call_id',
  'p.cancelled_by',
  'p.created_at',
  'p.updated_at',
  'p.reminded_day_at',
  'p.reminded_hour_at',
  'p.kind',
  'p.service_id',
  'p.service_name',
  'p.service_minutes',
  'p.service_price_cents',
  'p.plan_call_id',
  'p.booked_by_id',
  'p.booked_by_name',
  'p.verbal_consent',
  'p.outcome_price_cents',
  'p.outcome_at',
  'p.outcome_by',
  'a.name as advisor_name',
  'a.title as advisor_title',
  'ob.name as outcome_by_name',
] as const;

const fromAppointments = (db: Db) =>
  db
    .selectFrom('appointments as p')
    .innerJoin('advisors as a', 'a.id', 'p.advisor_id')
    .leftJoin('advisors as ob', 'ob.id', 'p.outcome_by');

/** Whether some other held booking of the advisor overlaps [startsAt, heldUntil). */
const overlapping = (
  db: Db,
  advisorId: string,
  startsAt: string,
  heldUntil: string,
  exceptId?: string,
) => {
  let q = db
    .selectFrom('appointments as o')
    .select('o.id')
    .where('o.advisor_id', '=', advisorId)
    .where('o.status', '=', 'booked')
    .where('o.starts_at', '<', heldUntil)
    .where('o.held_until', '>', startsAt);
  if (exceptId) q = q.where('o.id', '<>', exceptId);
  return q;
};

/** Inserts the booking if its advisor is free then; false when another booking holds her. */
export async function insertIfFree(db: Db, row: NewAppointment): Promise<boolean> {
  try {
    const result = await db
      .insertInto('appointments')
      .columns([
        'id',
        'advisor_id',
        'status',
        'starts_at',
        'ends_at',
        'held_until',
        'subject',
        'client_name',
        'client_phone',
        'client_phone_digits',
        'client_address_hash',
        'client_email',
        'message',
        'language',
        'time_zone',
        'call_id',
        'cancelled_by',
        'created_at',
        'updated_at',
        'reminded_day_at',
        'reminded_hour_at',
        'kind',
        'service_id',
        'service_name',
        'service_minutes',
        'service_price_cents',
        'plan_call_id',
        'booked_by_id',
        'booked_by_name',
        'verbal_consent',
      ])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(row.id).as('id'),
            eb.val(row.advisor_id).as('advisor_id'),
            eb.val(row.status).as('status'),
            eb.val(row.starts_at).as('starts_at'),
            eb.val(row.ends_at).as('ends_at'),
            eb.val(row.held_until).as('held_until'),
            eb.val(row.subject).as('subject'),
            eb.val(row.client_name).as('client_name'),
            eb.val(row.client_phone).as('client_phone'),
            eb.val(row.client_phone_digits).as('client_phone_digits'),
            eb.cast(eb.val(row.client_address_hash), 'varchar(64)').as('client_address_hash'),
            eb.val(row.client_email).as('client_email'),
            eb.val(row.message).as('message'),
            eb.val(row.language).as('language'),
            eb.val(row.time_zone).as('time_zone'),
            eb.cast(eb.val(row.call_id), 'varchar(64)').as('call_id'),
            eb.cast(eb.val(row.cancelled_by), 'varchar(16)').as('cancelled_by'),
            eb.val(row.created_at).as('created_at'),
            eb.val(row.updated_at).as('updated_at'),
            eb.cast(eb.val(row.reminded_day_at), 'varchar(32)').as('reminded_day_at'),
            eb.cast(eb.val(row.reminded_hour_at), 'varchar(32)').as('reminded_hour_at'),
            eb.val(row.kind).as('kind'),
            eb.cast(eb.val(row.service_id), 'varchar(64)').as('service_id'),
            eb.cast(eb.val(row.service_name), 'varchar(80)').as('service_name'),
            eb.cast(eb.val(row.service_minutes), 'integer').as('service_minutes'),
            eb.cast(eb.val(row.service_price_cents), 'integer').as('service_price_cents'),
            eb.cast(eb.val(row.plan_call_id), 'varchar(64)').as('plan_call_id'),
            eb.cast(eb.val(row.booked_by_id), 'varchar(64)').as('booked_by_id'),
            eb.cast(eb.val(row.booked_by_name), 'varchar(120)').as('booked_by_name'),
            eb.cast(eb.val(row.verbal_consent), 'integer').as('verbal_consent'),
          ])
          .where((w) =>
            w.not(w.exists(overlapping(db, row.advisor_id, row.starts_at, row.held_until))),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Moves a held booking to another slot (maybe another advisor) if free then; false otherwise. */
export async function moveIfFree(
  db: Db,
  id: string,
  to: { advisorId: string; startsAt: string; endsAt: string; heldUntil: string; updatedAt: string },
): Promise<boolean> {
  try {
    const result = await db
      .updateTable('appointments')
      .set({
        advisor_id: to.advisorId,
        starts_at: to.startsAt,
        ends_at: to.endsAt,
        held_until: to.heldUntil,
        updated_at: to.updatedAt,
        reminded_day_at: null,
        reminded_hour_at: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .where((w) => w.not(w.exists(overlapping(db, to.advisorId, to.startsAt, to.heldUntil, id))))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Held bookings still to come (starting after `now`) by the same phone digits, the same e-mail
 * (case aside; none when she gave none) and the same client address: what the caps count.
 */
export async function countUpcomingBy(
  db: Db,
  who: { phoneDigits: string; email: string; addressHash: string | null },
  now: string,
): Promise<{ phone: number; email: number; address: number }> {
  const upcoming = db
    .selectFrom('appointments')
    .where('status', '=', 'booked')
    .where('starts_at', '>', now);
  const countWhere = async (
    column: 'client_phone_digits' | 'client_email' | 'client_address_hash',
    value: string,
  ) => {
    const row = await upcoming
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(
        column === 'client_email' ? (eb) => eb.fn('lower', [eb.ref(column)]) : column,
        '=',
        value,
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return {
    phone: who.phoneDigits ? await countWhere('client_phone_digits', who.phoneDigits) : 0,
    email: who.email ? await countWhere('client_email', who.email.toLowerCase()) : 0,
    address: who.addressHash ? await countWhere('client_address_hash', who.addressHash) : 0,
  };
}

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | null> {
  const row = await fromAppointments(db).select(columns).where('p.id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** The booking when `keyHash` is one of its keys' hashes; null otherwise (or when there is none). */
export async function findAppointmentByKey(
  db: Db,
  id: string,
  keyHash: string,
): Promise<AppointmentRow | null> {
  const row = await fromAppointments(db)
    .select(columns)
    .where('p.id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('appointment_keys as k')
          .select('k.key_hash')
          .where('k.key_hash', '=', keyHash)
          .whereRef('k.appointment_id', '=', 'p.id'),
      ),
    )
    .executeTakeFirst();
  return row ?? null;
}

/** Keeps the hash of one more key that opens a booking (one per link handed out). */
export async function insertAppointmentKey(db: Db, row: AppointmentKeysTable): Promise<void> {
  await db.insertInto('appointment_keys').values(row).execute();
}

/** Held bookings of these advisors that overlap [from, to). */
export async function selectHeld(
  db: Db,
  advisorIds: readonly string[],
  from: string,
  to: string,
): Promise<Array<Pick<AppointmentsTable, 'id' | 'advisor_id' | 'starts_at' | 'held_until'>>> {
  if (advisorIds.length === 0) return [];
  return db
    .selectFrom('appointments')
    .select(['id', 'advisor_id', 'starts_at', 'held_until'])
    .where('status', '=', 'booked')
    .where('advisor_id', 'in', advisorIds)
    .where('starts_at', '<', to)
    .where('held_until', '>', from)
    .execute();
}

/** Sets a held booking's status (cancelled, attended, no_show); false when it no longer held. */
export async function closeAppointment(
  db: Db,
  id: string,
  change: {
    status: 'cancelled' | 'attended' | 'no_show';
    cancelledBy?: 'client' | 'advisor' | 'admin';
    callId?: string;
    updatedAt: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({
      status: change.status,
      cancelled_by: change.cancelledBy ?? null,
      ...(change.callId ? { call_id: change.callId } : {}),
      updated_at: change.updatedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type AppointmentFilter = {
  advisorId?: string;
  status?: AppointmentsTable['status'];
  kind?: AppointmentsTable['kind'];
  /** starts_at in [from, to) */
  from?: string;
  to?: string;
  limit: number;
};

/** Bookings by start (soonest first), filtered. */
export async function listAppointments(db: Db, f: AppointmentFilter): Promise<AppointmentRow[]> {
  let q = fromAppointments(db).select(columns);
  if (f.advisorId) q = q.where('p.advisor_id', '=', f.advisorId);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.kind) q = q.where('p.kind', '=', f.kind);
  if (f.from) q = q.where('p.starts_at', '>=', f.from);
  if (f.to) q = q.where('p.starts_at', '<', f.to);
  return q.orderBy('p.starts_at').orderBy('p.id').limit(f.limit).execute();
}
