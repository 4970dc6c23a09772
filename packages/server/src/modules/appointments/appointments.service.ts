/**
 * Appointments: free slots, booking, and the visitor's management of her booking with its key;
 * advisors and admins list them, cancel them, and admins reassign them.
 *
 * Rules:
 * - Every live advisor's working hours make slots; the visitor may choose among those an admin
 *   shows on the landing, or leave it to the salon (any free advisor, the least booked that day
 *   first). Every advisor is qualified for every subject (expertise is free text: decisions.md).
 * - A booking is one conditional insert; racing bookings of the last place yield one success, the
 *   others 409 SLOT_UNAVAILABLE with the nearest free slots.
 * - The booking's answer carries a key once, and each e-mail to her a key of its own; only their
 *   hashes are kept, and any of them opens the booking (appointment-keys.service.ts). A wrong
 *   key, or another booking's, is 404.
 * - The visitor cancels or reschedules (same stylist) until the start; then 409 APPOINTMENT_CLOSED.
 * - Events `appointment:changed` go to the advisor and the admins after each write; the visitor
 *   is e-mailed (when she left an address and SMTP is set) on booking, move, reassign and cancel.
 * - At the time: she enters (a call rung at her advisor first); 10 minutes late, no-show.
 *
 * Product rules: docs/product.md#appointments.
 *
 * This file is the service's face: it composes appointment-slots.service.ts (free slots),
 * appointment-records.service.ts (one booking: read, announce, cancel),
 * visitor-appointments.service.ts (the visitor's side) and staff-appointments.service.ts (the
 * salon's side and the no-show sweep), service-appointments.service.ts (in-salon services
 * booked from a plan), desk-appointments.service.ts (the staff's bookings at the reception),
 * which all book through place-booking.ts, and service-outcomes.service.ts (what became of a
 * service booking), into one object.
 */
import type { Deps } from '../../deps.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { CallsService } from '../calls/calls.service.js';
import type { SalonServicesService } from '../catalogue/salon-services.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { createAppointmentRecords } from './appointment-records.service.js';
import { createAppointmentSlots } from './appointment-slots.service.js';
import { createDeskAppointments } from './desk-appointments.service.js';
import { createPlaceBooking } from './place-booking.js';
import { createServiceAppointments } from './service-appointments.service.js';
import { createServiceOutcomes } from './service-outcomes.service.js';
import { createStaffAppointments } from './staff-appointments.service.js';
import { createVisitorAppointments } from './visitor-appointments.service.js';
import type { WhatsappService } from '../whatsapp/whatsapp.service.js';

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;

export function createAppointmentsService(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier' | 'config'> & {
    settings: SettingsService;
    advisors: AdvisorsService;
    calls: Pick<CallsService, 'request'>;
    mail: Pick<
      MailService,
      | 'configured'
      | 'appointmentBooked'
      | 'appointmentRescheduled'
      | 'appointmentReassigned'
      | 'appointmentCancelled'
    >;
    salonServices: Pick<SalonServicesService, 'byIds'>;
    /** the CRM's booked/cancelled/attended events, recorded in each change's transaction */
    webhooks: Pick<WebhooksService, 'appointmentChanged'>;
    /** her WhatsApp messages (when she consented), queued like the webhook events */
    whatsapp?: Pick<WhatsappService, 'consent' | 'appointmentChanged' | 'appointmentChangedLater'>;
  },
) {
  const slots = createAppointmentSlots(deps);
  const records = createAppointmentRecords(deps);
  const place = createPlaceBooking(deps, { slots, records });
  return {
    ...createVisitorAppointments(deps, { slots, records, place }),
    ...createStaffAppointments(deps, { records }),
    ...createServiceAppointments(deps, { slots, place }),
    ...createDeskAppointments(deps, { slots, place }),
    ...createServiceOutcomes(deps, { records }),
  };
}
