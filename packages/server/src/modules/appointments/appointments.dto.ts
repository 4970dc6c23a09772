/**
 * What the appointments service answers with: the visitor's view of a booking, the staff's view
 * (her contact details too), and free slots as ISO instants.
 */
import {
  APPOINTMENT_JOIN_EARLY_MINUTES,
  APPOINTMENT_NO_SHOW_MINUTES,
  type Appointment,
  type BookedService,
  type ServiceOutcome,
  type Slot,
  type StaffAppointment,
} from '@belleza/contract';
import type { AppointmentRow } from './appointments.repository.js';
import type { FreeSlot } from './slots.js';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export const toSlot = (s: FreeSlot): Slot => ({
  startsAt: new Date(s.startsAt).toISOString(),
  endsAt: new Date(s.endsAt).toISOString(),
});

export function toAppointment(r: AppointmentRow): Appointment {
  const start = Date.parse(r.starts_at);
  return {
    appointmentId: r.id,
    status: r.status,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    subject: r.subject,
    clientName: r.client_name,
    language: r.language,
    advisor: { advisorId: r.advisor_id, name: r.advisor_name, title: r.advisor_title },
    joinFrom: new Date(start - APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE).toISOString(),
    joinUntil: new Date(start + APPOINTMENT_NO_SHOW_MINUTES * MINUTE).toISOString(),
    callId: r.call_id,
    kind: r.kind,
    service: bookedServiceOf(r),
    createdAt: r.created_at,
  };
}

/** The service a service booking booked, as it was then; null for a consultation. */
export function bookedServiceOf(
  r: Pick<
    AppointmentRow,
    'kind' | 'service_id' | 'service_name' | 'service_minutes' | 'service_price_cents'
  >,
): BookedService | null {
  if (r.kind !== 'service' || r.service_id === null) return null;
  const cents = r.service_price_cents === null ? null : Number(r.service_price_cents);
  return {
    serviceId: r.service_id,
    name: r.service_name ?? '',
    durationMinutes: Number(r.service_minutes ?? 0) || 1,
    price: cents === null ? null : cents / 100,
  };
}

export function toStaffAppointment(r: AppointmentRow): StaffAppointment {
  return {
    ...toAppointment(r),
    clientPhone: r.client_phone,
    clientEmail: r.client_email,
    message: r.message,
    cancelledBy: r.cancelled_by,
    bookedBy:
      r.booked_by_name === null ? null : { advisorId: r.booked_by_id, name: r.booked_by_name },
    outcome: outcomeOf(r),
  };
}

/** A service booking's recorded outcome; null until recorded. */
export function outcomeOf(
  r: Pick<
    AppointmentRow,
    'status' | 'outcome_price_cents' | 'outcome_at' | 'outcome_by' | 'outcome_by_name'
  >,
): ServiceOutcome | null {
  if (r.outcome_at === null) return null;
  return {
    finalPrice:
      r.status === 'attended' && r.outcome_price_cents !== null
        ? Number(r.outcome_price_cents) / 100
        : null,
    recordedAt: r.outcome_at,
    recordedBy:
      r.outcome_by !== null && r.outcome_by_name !== null
        ? { advisorId: r.outcome_by, name: r.outcome_by_name }
        : null,
  };
}
