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
import { addressHash, phoneKey } from '../../lib/limits.js';
import { limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { AdvisorRecord } from '../advisors/advisors.service.js';
import type { AppointmentSlots } from './appointment-slots.service.js';
import { DAY, toAppointment, toSlot } from './appointments.dto.js';
import { validZone } from './booking-caps.js';
import { BY_CLIENT, type PlaceBooking } from './place-booking.js';
import { horizonEnd, type SlotRules } from './slots.js';
import { toCents } from '../catalogue/catalogue.dto.js';

export type ServiceBookingClient = {
  name: string;
  phone: string;
  email: string;
  language: Language;
  subject: CallSubject;
};

/** The service as the booking keeps it (the catalogue may change or lose it later). */
export const serviceFields = (service: BookedService) =>
  ({
    kind: 'service',
    service_id: service.serviceId,
    service_name: service.name,
    service_minutes: service.durationMinutes,
    service_price_cents: toCents(service.price),
  }) as const;

/** The salon's rules with the service's minutes in place of a consultation's. */
export const withServiceLength = <R extends SlotRules>(r: R, service: BookedService): R => ({
  ...r,
  slotMinutes: service.durationMinutes,
});

export function createServiceAppointments(
  deps: Pick<Deps, 'clock'>,
  parts: { slots: AppointmentSlots; place: PlaceBooking },
) {
  const { clock } = deps;
  const { rules, slotsOf } = parts.slots;

  async function serviceRules(service: BookedService) {
    return withServiceLength(await rules(), service);
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
      const { service, client } = input;
      const {
        row,
        key,
        mail: mailed,
      } = await parts.place({
        candidates: input.candidates,
        rules: await serviceRules(service),
        startsAt: input.startsAt,
        who: {
          phoneDigits: phoneKey(client.phone),
          email: client.email,
          addressHash: input.address ? addressHash(input.address) : null,
        },
        fields: {
          subject: client.subject,
          client_name: client.name,
          client_phone: client.phone,
          client_email: client.email,
          message: '',
          language: client.language,
          time_zone: validZone(input.timeZone),
          ...serviceFields(service),
          plan_call_id: input.planCallId,
          ...BY_CLIENT,
        },
      });
      return { appointment: toAppointment(row), key, mail: mailed };
    },
  };
}
