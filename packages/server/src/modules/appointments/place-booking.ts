/**
 * The one way a booking is made, whoever makes it (the visitor for a consultation or a service of
 * her plan, the staff at the reception for a client who phones or walks in): the caps told before
 * a slot is looked for, the slot asked for among the candidates' free ones, the least booked of
 * the candidates free then that day first, and for each in turn the caps again and the
 * conditional insert under the admission lock (a burst of bookings cannot all pass the caps; a
 * race lost moves to the next stylist). The key of the manage link is stored with the booking
 * (its hash: appointment-keys.service.ts), and she is e-mailed her confirmation.
 * Part of the appointments service: appointments.service.ts composes it.
 */
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import type { AppointmentsTable } from '../../db/schema.js';
import { conflict } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { lockSettingsRow } from '../../db/rows.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { AdvisorRecord } from '../advisors/advisors.service.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import { addAppointmentKey } from './appointment-keys.service.js';
import type { AppointmentRecords } from './appointment-records.service.js';
import { slotUnavailable, type AppointmentSlots } from './appointment-slots.service.js';
import { insertIfFree, listAppointments, type AppointmentRow } from './appointments.repository.js';
import { MINUTE } from './appointments.dto.js';
import { BOOKING_ADMISSION_ROW, bookingCaps, type BookingWho } from './booking-caps.js';
import type { SlotRules } from './slots.js';

/** What the booking says besides its stylist, time and bookkeeping. */
export type BookingFields = Pick<
  AppointmentsTable,
  | 'subject'
  | 'client_name'
  | 'client_phone'
  | 'client_email'
  | 'message'
  | 'language'
  | 'time_zone'
  | 'kind'
  | 'service_id'
  | 'service_name'
  | 'service_minutes'
  | 'service_price_cents'
  | 'plan_call_id'
  | 'booked_by_id'
  | 'booked_by_name'
  | 'verbal_consent'
>;

/** A booking by the client herself: nobody of the staff booked it. */
export const BY_CLIENT = { booked_by_id: null, booked_by_name: null, verbal_consent: 0 } as const;

/** A consultation books no service. */
export const NO_SERVICE = {
  kind: 'consultation',
  service_id: null,
  service_name: null,
  service_minutes: null,
  service_price_cents: null,
  plan_call_id: null,
} as const;

export type PlaceBooking = ReturnType<typeof createPlaceBooking>;

export function createPlaceBooking(
  deps: Pick<Deps, 'db' | 'clock'> & {
    config: Pick<Deps['config'], 'bookingOpenLimit' | 'bookingOpenAddressLimit'>;
    mail: Pick<MailService, 'appointmentBooked'>;
  },
  parts: { slots: AppointmentSlots; records: AppointmentRecords },
) {
  const { db, clock, mail, config } = deps;
  const checkCaps = bookingCaps(config, clock);
  const { slotsOf, alternatives } = parts.slots;
  const { announce, reread, tell } = parts.records;

  /** Books `startsAt` with one of the candidates, by the rules `r` (their slot length). */
  return async function placeBooking(input: {
    candidates: readonly AdvisorRecord[];
    rules: SlotRules & { enabled: boolean };
    startsAt: string;
    who: BookingWho;
    fields: BookingFields;
    /** more to write with the booking, in its transaction (e.g. her WhatsApp choice) */
    onInserted?: (trx: Db, id: string) => Promise<void>;
  }): Promise<{
    row: AppointmentRow;
    key: string;
    mail: Awaited<ReturnType<MailService['appointmentBooked']>>;
  }> {
    const { candidates, rules: r, who } = input;
    if (!r.enabled) throw conflict('BOOKING_DISABLED', 'The salon is not taking appointments');
    // Told before a slot is looked for: she cannot book another whichever she picks.
    await checkCaps(db, who);
    const at = Date.parse(input.startsAt);
    const slot = (await slotsOf(candidates, r, at, at)).find((s) => s.startsAt === at);
    if (!slot) throw slotUnavailable(await alternatives(candidates, r, at));

    const day = limaDayBoundsUtc(limaDateOf(new Date(at)));
    const sameDay = await listAppointments(db, {
      status: 'booked',
      from: day.start,
      to: day.end,
      limit: 10_000,
    });
    const load = (id: string) => sameDay.filter((b) => b.advisor_id === id).length;
    const order = [...slot.advisorIds].sort((a, b) => load(a) - load(b));

    const now = clock.now().toISOString();
    const id = newId('apt');
    for (const advisorId of order) {
      const key = await db.transaction().execute(async (trx) => {
        await lockSettingsRow(trx, BOOKING_ADMISSION_ROW, now);
        await checkCaps(trx, who);
        const inserted = await insertIfFree(trx, {
          ...input.fields,
          id,
          advisor_id: advisorId,
          status: 'booked',
          starts_at: new Date(slot.startsAt).toISOString(),
          ends_at: new Date(slot.endsAt).toISOString(),
          held_until: new Date(slot.endsAt + r.bufferMinutes * MINUTE).toISOString(),
          client_phone_digits: who.phoneDigits,
          client_address_hash: who.addressHash,
          call_id: null,
          cancelled_by: null,
          created_at: now,
          updated_at: now,
          reminded_day_at: null,
          reminded_hour_at: null,
        });
        if (inserted) await input.onInserted?.(trx, id);
        if (inserted) await tell(trx, 'appointment.booked', id);
        return inserted ? addAppointmentKey(trx, id, clock.now()) : null;
      });
      if (key === null) continue;
      const row = await reread(id);
      announce(row);
      const mailed = await mail.appointmentBooked(toMailAppointment(row));
      return { row, key, mail: mailed };
    }
    throw slotUnavailable(await alternatives(candidates, r, at));
  };
}
