/**
 * The booking's details form, checked with the contract's own schema like the consultation's
 * request form (same error keys, same texts), so the browser and the server agree.
 */
import {
  bookAppointmentBodySchema,
  type BookAppointmentBody,
  type CallSubject,
  type Language,
} from '@belleza/contract';
import {
  fieldErrorsOf,
  type FieldErrors,
  type Validated,
} from '../../consultation/form-validation';

export type BookingDetails = {
  name: string;
  phone: string;
  email: string;
  message: string;
  consent: boolean;
  /** her WhatsApp messages too (offered only where the server sends them) */
  whatsapp?: boolean;
};

export const emptyBookingDetails: BookingDetails = {
  name: '',
  phone: '',
  email: '',
  message: '',
  consent: false,
};

const bookingFields = ['name', 'phone', 'email', 'message', 'consent'] as const;
export type BookingField = (typeof bookingFields)[number];
export type BookingErrors = FieldErrors<BookingField>;

/** What she chose before her details: the subject, the stylist (null: any) and the slot. */
export type BookingChoice = { subject: CallSubject; advisorId: string | null; startsAt: string };

/** Typed in by her: closing the dialog asks first. */
export const hasTyped = (details: BookingDetails): boolean =>
  [details.name, details.phone, details.email, details.message].some((v) => v.trim() !== '');

export function validateBooking(
  details: BookingDetails,
  choice: BookingChoice,
  language: Language,
  timeZone: string,
): Validated<BookingField, BookAppointmentBody> {
  const body = { ...choice, ...details, language, timeZone };
  const parsed = bookAppointmentBodySchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, errors: fieldErrorsOf(parsed.error.issues, bookingFields) };
  return { ok: true, body: body as BookAppointmentBody };
}
