/**
 * A booking as its e-mails need it: what the appointments module hands the mail service, built from
 * its row by `toMailAppointment`, and what the reminders read themselves.
 */
import type { AppointmentStatus, CallSubject, Language } from '@belleza/contract';
import type { AppointmentsTable } from '../../db/schema.js';

/** Who cancelled a booking: she did, or the salon (her stylist or an admin). */
export type CancelledBy = 'client' | 'advisor' | 'admin';
/** The reminder 24 hours before, or the one 1 hour before. */
export type ReminderKind = 'day' | 'hour';

export type MailAppointment = {
  appointmentId: string;
  status: AppointmentStatus;
  /** UTC ISO instants */
  startsAt: string;
  endsAt: string;
  subject: CallSubject;
  clientName: string;
  /** '' when she left none: nothing is sent then */
  clientEmail: string;
  language: Language;
  /** her IANA zone (America/Lima when unknown) */
  timeZone: string;
  advisorName: string;
  advisorTitle: string;
  createdAt: string;
  /** every change stamps it; the calendar's SEQUENCE derives from it */
  updatedAt: string;
  /** an in-salon service booking: the service's name; null for a video consultation */
  serviceName: string | null;
};

/**
 * A booking with the key of the one e-mail that carries it: its manage link is
 * `appointmentPath(appointmentId, accessKey)`. Each e-mail makes a key of its own (only hashes
 * are stored, so an earlier key cannot be read back), and every key sent keeps opening it.
 */
export type LinkedAppointment = MailAppointment & { accessKey: string };

/** The row columns the mails read (a full `AppointmentRow` of the appointments module fits). */
export type MailAppointmentRow = Pick<
  AppointmentsTable,
  | 'id'
  | 'status'
  | 'starts_at'
  | 'ends_at'
  | 'subject'
  | 'client_name'
  | 'client_email'
  | 'language'
  | 'time_zone'
  | 'created_at'
  | 'updated_at'
  | 'kind'
  | 'service_name'
> & { advisor_name: string; advisor_title: string };

export function toMailAppointment(row: MailAppointmentRow): MailAppointment {
  return {
    appointmentId: row.id,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    subject: row.subject,
    clientName: row.client_name,
    clientEmail: row.client_email,
    language: row.language,
    timeZone: row.time_zone,
    advisorName: row.advisor_name,
    advisorTitle: row.advisor_title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    serviceName: row.kind === 'service' ? (row.service_name ?? '') : null,
  };
}

/**
 * The calendar revision: whole seconds between booking and last change. Every change of the booking
 * (reschedule, reassignment, cancellation) stamps `updated_at`, so each e-mail's event supersedes
 * the one before; small enough for the 32-bit integer calendars expect.
 */
export function calendarSequence(a: Pick<MailAppointment, 'createdAt' | 'updatedAt'>): number {
  const seconds = Math.floor((Date.parse(a.updatedAt) - Date.parse(a.createdAt)) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
