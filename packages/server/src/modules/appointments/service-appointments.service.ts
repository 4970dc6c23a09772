/**
 * In-salon services booked from a consultation's plan (docs/product.md#services-from-the-plan):
 * the free slots of the given stylists with the service's own duration (the salon's buffer,
 * notice and horizon as for consultations), and the booking itself, made like a consultation's
 * (the caps and the insert under the same lock, the same overlap rule and unique index: a stylist
 * is never held twice), but of kind 'service' with the service as it was then. Who may book and
 * with whom is the caller's (the summary module checks her summary key).
 * Part of the appointments service: appointments.service.ts composes it.
 */
import type {
  BookAppointmentResponse,
  BookedService,
  CallSubject,
  Language,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { conflict } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { addressHash, phoneKey } from '../../lib/limits.js';
import { lockSettingsRow } from '../../db/rows.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { AdvisorRecord } from '../advisors/advisors.service.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import { addAppointmentKey } from './appointment-keys.service.js';
import type { AppointmentRecords } from './appointment-records.service.js';
import { slotUnavailable, type AppointmentSlots } from './appointment-slots.service.js';
import { insertIfFree, listAppointments } from './appointments.repository.js';
import { DAY, MINUTE, toAppointment, toSlot } from './appointments.dto.js';
import { BOOKING_ADMISSION_ROW, bookingCaps, validZone } from './booking-caps.js';
import { horizonEnd } from './slots.js';

export type ServiceBookingClient = {
  name: string;
  phone: string;
  email: string;
  language: Language;
  subject: CallSubject;
};

export function createServiceAppointments(
  deps: Pick<Deps, 'db' | 'clock'> & {
    config: Pick<Deps['config'], 'bookingOpenLimit' | 'bookingOpenAddressLimit'>;
    mail: Pick<MailService, 'appointmentBooked'>;
  },
  parts: { slots: AppointmentSlots; records: AppointmentRecords },
) {
  const { db, clock, mail, config } = deps;
  const checkCaps = bookingCaps(config, clock);
  const { rules, slotsOf, alternatives } = parts.slots;
  const { announce, reread } = parts.records;

  /** The salon's rules with the service's minutes in place of a consultation's. */
  async function serviceRules(service: BookedService) {
    return { ...(await rules()), slotMinutes: service.durationMinutes };
  }

  return {
    /** Free slots of these stylists for the service, from a Lima day (default now). */
    async serviceSlots(input: {
      service: BookedService;
      candidates: readonly AdvisorRecord[];
      from?: string;
      days: number;
    }) {
      const r = await serviceRules(input.service);
      const now = clock.now().getTime();
      const horizonEndsAt = new Date(horizonEnd(now, r)).toISOString();
      if (!r.enabled) return { enabled: false, horizonEndsAt, slots: [] };
      const from = input.from ? Date.parse(limaDayBoundsUtc(input.from).start) : now;
      const slots = await slotsOf(input.candidates, r, from, from + input.days * DAY);
      return { enabled: true, horizonEndsAt, slots: slots.map(toSlot) };
    },

    /** Books the service at `startsAt` with the least booked of the candidates free then. */
    async bookService(input: {
      service: BookedService;
      candidates: readonly AdvisorRecord[];
      startsAt: string;
      client: ServiceBookingClient;
      planCallId: string;
      timeZone?: string;
      address?: string;
    }): Promise<BookAppointmentResponse> {
      const { service, candidates, client } = input;
      const r = await serviceRules(service);
      if (!r.enabled) throw conflict('BOOKING_DISABLED', 'The salon is not taking appointments');
      const who = {
        phoneDigits: phoneKey(client.phone),
        email: client.email,
        addressHash: input.address ? addressHash(input.address) : null,
      };
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
            id,
            advisor_id: advisorId,
            status: 'booked',
            starts_at: new Date(slot.startsAt).toISOString(),
            ends_at: new Date(slot.endsAt).toISOString(),
            held_until: new Date(slot.endsAt + r.bufferMinutes * MINUTE).toISOString(),
            subject: client.subject,
            client_name: client.name,
            client_phone: client.phone,
            client_phone_digits: who.phoneDigits,
            client_address_hash: who.addressHash,
            client_email: client.email,
            message: '',
            language: client.language,
            time_zone: validZone(input.timeZone),
            call_id: null,
            cancelled_by: null,
            created_at: now,
            updated_at: now,
            reminded_day_at: null,
            reminded_hour_at: null,
            kind: 'service',
            service_id: service.serviceId,
            service_name: service.name,
            service_minutes: service.durationMinutes,
            service_price_cents: service.price === null ? null : Math.round(service.price * 100),
            plan_call_id: input.planCallId,
          });
          if (inserted) await parts.records.tell(trx, 'appointment.booked', id);
          return inserted ? addAppointmentKey(trx, id, clock.now()) : null;
        });
        if (key === null) continue;
        const row = await reread(id);
        announce(row);
        const mailed = await mail.appointmentBooked(toMailAppointment(row));
        return { appointment: toAppointment(row), key, mail: mailed };
      }
      throw slotUnavailable(await alternatives(candidates, r, at));
    },
  };
}
