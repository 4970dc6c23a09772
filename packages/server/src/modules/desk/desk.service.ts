/**
 * The reception desk (docs/product.md#the-reception-desk): the staff book for a client who phones
 * or walks in. Who may book with whom: an admin with any stylist who takes consultations (a
 * consultation) or who does the service (a service); a stylist only with herself (403 otherwise).
 * A service must be in the catalogue (404 SERVICE_NOT_FOUND), bookable now (409
 * SERVICE_NOT_BOOKABLE) and done by the chosen stylist (409 SERVICE_NOT_DONE_BY_STYLIST). The
 * slots and the booking are the appointments service's, as for her own booking.
 */
import type {
  BookedService,
  DeskBookingResponse,
  DeskSlotsResponse,
  deskBookingBodySchema,
  deskSlotsQuerySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { AdvisorRecord, AdvisorsService } from '../advisors/advisors.service.js';
import type { AppointmentsService } from '../appointments/appointments.service.js';
import { serviceNotFound, type SalonServicesService } from '../catalogue/salon-services.service.js';
import type { AuthUser } from '../../plugins/auth.js';

export type DeskService = ReturnType<typeof createDeskService>;

const notBookable = () =>
  new AppError('SERVICE_NOT_BOOKABLE', 409, 'This service cannot be booked in the salon now');

export function createDeskService(deps: {
  salonServices: Pick<SalonServicesService, 'byIds'>;
  advisors: Pick<AdvisorsService, 'liveRecords' | 'consultingRecords'>;
  appointments: Pick<AppointmentsService, 'deskSlots' | 'bookAtDesk'>;
}) {
  const { salonServices, advisors, appointments } = deps;

  /** The stylist as a candidate, and the service as booked (null: a consultation). */
  async function open(
    staff: AuthUser,
    advisorId: string,
    serviceId: string | null,
  ): Promise<{ stylist: AdvisorRecord; service: BookedService | null }> {
    if (!staff.isAdmin && advisorId !== staff.advisorId) throw forbidden();
    if (serviceId === null) {
      const stylist = (await advisors.consultingRecords()).find((a) => a.id === advisorId);
      if (!stylist) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
      return { stylist, service: null };
    }
    const found = (await salonServices.byIds([serviceId])).get(serviceId);
    if (!found) throw serviceNotFound();
    if (!found.active || !found.bookable || found.durationMinutes === null) throw notBookable();
    const stylist = (await advisors.liveRecords()).find((a) => a.id === advisorId);
    if (!stylist) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
    if (!found.stylistIds.includes(advisorId))
      throw conflict('SERVICE_NOT_DONE_BY_STYLIST', 'That stylist does not do this service');
    const service = {
      serviceId: found.serviceId,
      name: found.name,
      durationMinutes: found.durationMinutes,
      price: found.price,
    };
    return { stylist, service };
  }

  return {
    async slots(
      staff: AuthUser,
      q: z.output<typeof deskSlotsQuerySchema>,
    ): Promise<DeskSlotsResponse> {
      const { stylist, service } = await open(staff, q.advisorId, q.serviceId ?? null);
      return appointments.deskSlots({ candidates: [stylist], service, from: q.from, days: q.days });
    },

    async book(
      staff: AuthUser,
      body: z.output<typeof deskBookingBodySchema>,
    ): Promise<DeskBookingResponse> {
      const serviceId = body.kind === 'service' ? body.serviceId : null;
      const { stylist, service } = await open(staff, body.advisorId, serviceId);
      return appointments.bookAtDesk({
        candidates: [stylist],
        service,
        startsAt: body.startsAt,
        client: {
          name: body.name,
          phone: body.phone,
          email: body.email,
          language: body.language,
          subject: body.subject,
          message: body.message,
        },
        staff: { advisorId: staff.advisorId, name: staff.name },
      });
    },
  };
}
