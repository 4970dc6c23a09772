/**
 * Bookings made by the staff at the reception (docs/product.md#the-reception-desk), for a client
 * who phones or walks in: a consultation or an in-salon service, with one stylist, from the same
 * free slots and booked through the same place-booking.ts as her own booking (caps, overlap rule,
 * unique index, confirmation e-mail with its manage link, reminders), kept with who booked it and
 * her consent given by word of mouth. The salon itself books here, so no minimum notice applies
 * (a client standing at the desk may be served now); the rest of the rules are hers.
 * Who may book with whom is the caller's (the desk module).
 * Part of the appointments service: appointments.service.ts composes it.
 */
import type {
  BookedService,
  CallSubject,
  DeskBookingResponse,
  DeskSlotsResponse,
  Language,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { phoneKey } from '../../lib/limits.js';
import { limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { AdvisorRecord } from '../advisors/advisors.service.js';
import type { AppointmentSlots } from './appointment-slots.service.js';
import { DAY, toSlot, toStaffAppointment } from './appointments.dto.js';
import { validZone } from './booking-caps.js';
import { NO_SERVICE, type PlaceBooking } from './place-booking.js';
import { serviceFields, withServiceLength } from './service-appointments.service.js';
import { horizonEnd } from './slots.js';

export type DeskClient = {
  name: string;
  phone: string;
  email: string;
  language: Language;
  subject: CallSubject;
  message: string;
};

export function createDeskAppointments(
  deps: Pick<Deps, 'clock'>,
  parts: { slots: AppointmentSlots; place: PlaceBooking },
) {
  const { clock } = deps;
  const { rules, slotsOf } = parts.slots;

  /** The salon's rules with the booking's length, from now on (no minimum notice). */
  async function deskRules(service: BookedService | null) {
    const r = await rules();
    return { ...(service ? withServiceLength(r, service) : r), minNoticeMinutes: 0 };
  }

  return {
    /** The free slots of these stylists for a consultation (service null) or the service. */
    async deskSlots(input: {
      candidates: readonly AdvisorRecord[];
      service: BookedService | null;
      from?: string;
      days: number;
    }): Promise<DeskSlotsResponse> {
      const r = await deskRules(input.service);
      const now = clock.now().getTime();
      const base = {
        slotMinutes: r.slotMinutes,
        horizonEndsAt: new Date(horizonEnd(now, r)).toISOString(),
      };
      if (!r.enabled) return { enabled: false, ...base, slots: [] };
      const from = input.from ? Date.parse(limaDayBoundsUtc(input.from).start) : now;
      const slots = await slotsOf(input.candidates, r, from, from + input.days * DAY);
      return { enabled: true, ...base, slots: slots.map(toSlot) };
    },

    /** Books for the client at `startsAt`, as `staff`, who confirmed her verbal consent. */
    async bookAtDesk(input: {
      candidates: readonly AdvisorRecord[];
      service: BookedService | null;
      startsAt: string;
      client: DeskClient;
      staff: { advisorId: string; name: string };
    }): Promise<DeskBookingResponse> {
      const { client, service } = input;
      const { row, key, mail } = await parts.place({
        candidates: input.candidates,
        rules: await deskRules(service),
        startsAt: input.startsAt,
        // No client address: the desk books for many, the phone and e-mail caps still hold.
        who: { phoneDigits: phoneKey(client.phone), email: client.email, addressHash: null },
        fields: {
          subject: client.subject,
          client_name: client.name,
          client_phone: client.phone,
          client_email: client.email,
          message: client.message,
          language: client.language,
          time_zone: validZone(undefined),
          ...(service ? { ...serviceFields(service), plan_call_id: null } : NO_SERVICE),
          booked_by_id: input.staff.advisorId,
          booked_by_name: input.staff.name,
          verbal_consent: 1,
        },
      });
      return { appointment: toStaffAppointment(row), key, mail };
    },
  };
}
