/**
 * Booking a service of her plan from her summary (docs/product.md#services-from-the-plan): her
 * summary key opens it (SUMMARY_NOT_FOUND whatever is wrong with it, as for the summary itself),
 * the service must be one of the plan's catalogue services (else 404 SERVICE_NOT_FOUND) and
 * bookable now (else 409 SERVICE_NOT_BOOKABLE); the slots are those of her call's stylist when she
 * does it, otherwise of the salon's other stylists who do it, with the service's duration. The
 * booking is made with the name, phone and e-mail she gave for the call, in the call's language.
 */
import {
  callSubjectSchema,
  type BookAppointmentResponse,
  type ServiceSlotsResponse,
  type bookServiceBodySchema,
  type serviceSlotsQuerySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AppointmentsService } from '../appointments/appointments.service.js';
import { serviceNotFound, type SalonServicesService } from '../catalogue/salon-services.service.js';
import { bookedServiceOf, planStylists } from './plan-stylists.js';
import type { SummaryService } from './summary.service.js';

export type PlanBookingsService = ReturnType<typeof createPlanBookingsService>;

const notBookable = () =>
  new AppError('SERVICE_NOT_BOOKABLE', 409, 'This service cannot be booked in the salon now');

export function createPlanBookingsService(deps: {
  summary: Pick<SummaryService, 'openPlan'>;
  salonServices: Pick<SalonServicesService, 'byIds'>;
  advisors: Pick<AdvisorsService, 'liveRecords'>;
  appointments: Pick<AppointmentsService, 'serviceSlots' | 'bookService'>;
}) {
  const { summary, salonServices, advisors, appointments } = deps;

  /** Her call, the service and who can do it; the service must be in her plan. */
  async function open(key: string | undefined, callId: string, serviceId: string) {
    const { call, items } = await summary.openPlan(key, callId);
    if (!items.some((i) => i.serviceId === serviceId)) throw serviceNotFound();
    const service = (await salonServices.byIds([serviceId])).get(serviceId);
    const stylists = planStylists(service, await advisors.liveRecords(), call.advisor_id);
    return { call, service, stylists };
  }

  return {
    async serviceSlots(
      key: string | undefined,
      callId: string,
      serviceId: string,
      q: z.output<typeof serviceSlotsQuerySchema>,
    ): Promise<ServiceSlotsResponse> {
      const { service, stylists } = await open(key, callId, serviceId);
      if (!service || stylists.choice === 'none') throw notBookable();
      const booked = bookedServiceOf(service);
      const found = await appointments.serviceSlots({
        service: booked,
        candidates: stylists.advisors,
        from: q.from,
        days: q.days,
      });
      const her = stylists.choice === 'same' ? stylists.advisors[0] : undefined;
      return {
        ...found,
        service: booked,
        stylist: stylists.choice,
        advisor: her ? { advisorId: her.id, name: her.name, title: her.title } : null,
      };
    },

    async bookService(
      key: string | undefined,
      callId: string,
      serviceId: string,
      body: z.output<typeof bookServiceBodySchema>,
      opts: { address?: string } = {},
    ): Promise<BookAppointmentResponse> {
      const { call, service, stylists } = await open(key, callId, serviceId);
      if (!service || stylists.choice === 'none') throw notBookable();
      return appointments.bookService({
        service: bookedServiceOf(service),
        candidates: stylists.advisors,
        startsAt: body.startsAt,
        client: {
          name: call.client_name,
          phone: call.client_phone,
          email: call.client_email,
          language: body.language ?? call.language,
          // the call's topic, kept on the booking as a consultation's is
          subject: callSubjectSchema.catch('general').parse(call.subject),
        },
        planCallId: call.id,
        timeZone: body.timeZone,
        address: opts.address,
      });
    },
  };
}
