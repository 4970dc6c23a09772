/**
 * The reception desk (docs/product.md#the-reception-desk): the staff book for a client who phones
 * or walks in, a video consultation or an in-salon service of the catalogue, with the stylist and
 * a slot chosen from the same free slots and under the same rules as her own booking. An admin
 * books with any stylist; a stylist only with herself.
 */
import { z } from 'zod';
import { appointmentKindSchema, slotSchema, staffAppointmentSchema } from './appointments.js';
import {
  calendarDaySchema,
  callSubjectSchema,
  idSchema,
  isoDateTime,
  languageSchema,
  visitorContactFields,
  visitorEmailSchema,
} from './common.js';
import { visitorMailSchema } from './mail.js';

/** GET /api/desk/slots: one stylist's free slots for a consultation, or for a service. */
export const deskSlotsQuerySchema = z
  .object({
    advisorId: idSchema,
    /** a service of the catalogue (its duration); absent: a consultation */
    serviceId: idSchema.optional(),
    /** first day (YYYY-MM-DD in America/Lima); default today */
    from: calendarDaySchema.optional(),
    days: z.coerce.number().int().min(1).max(60).default(7),
  })
  .strip();
export type DeskSlotsQuery = z.input<typeof deskSlotsQuerySchema>;

export const deskSlotsResponseSchema = z.object({
  /** false: the salon does not take bookings (setting off) */
  enabled: z.boolean(),
  /** the minutes of what is booked: a consultation's, or the service's */
  slotMinutes: z.number().int(),
  horizonEndsAt: isoDateTime,
  slots: z.array(slotSchema),
});
export type DeskSlotsResponse = z.infer<typeof deskSlotsResponseSchema>;

/** POST /api/desk/appointments */
export const deskBookingBodySchema = z
  .object({
    kind: appointmentKindSchema,
    /** the catalogue service, required for kind 'service' */
    serviceId: idSchema.nullable().default(null),
    advisorId: idSchema,
    startsAt: isoDateTime,
    subject: callSubjectSchema.default('general'),
    ...visitorContactFields,
    email: visitorEmailSchema,
    message: z.string().trim().max(2000).default(''),
    /** the client agreed (by phone or in person) to the privacy notice; the staff ticks it */
    verbalConsent: z.literal(true, { error: 'validation.consent' }),
    language: languageSchema.default('es'),
  })
  .strip()
  .refine((b) => b.kind === 'consultation' || b.serviceId !== null, {
    path: ['serviceId'],
    error: 'validation.required',
  });
export type DeskBookingBody = z.input<typeof deskBookingBodySchema>;

export const deskBookingResponseSchema = z.object({
  appointment: staffAppointmentSchema,
  /** the manage key (once), for the staff to pass the link on when she gave no e-mail */
  key: z.string(),
  /** what became of her confirmation e-mail */
  mail: visitorMailSchema,
});
export type DeskBookingResponse = z.infer<typeof deskBookingResponseSchema>;
