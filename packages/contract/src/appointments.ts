/**
 * Appointments (docs/product.md#appointments): a visitor books a video consultation for later. Free
 * slots come from the advisors' weekly working hours in their own time zone, minus existing
 * bookings, on quarter hours of her clock one every `slotMinutes + bufferMinutes` (rounded up to a
 * quarter hour; docs/product.md#slots), between
 * `minNoticeMinutes` from now and `horizonDays` ahead. A booking reserves one advisor for the slot;
 * the visitor manages it at `/cita/{appointmentId}#{key}` (the key only in the fragment, sent in a
 * header).
 */
import { z } from 'zod';
import {
  calendarDaySchema,
  callSubjectSchema,
  idSchema,
  isoDateTime,
  languageSchema,
  visitorContactFields,
  visitorEmailSchema,
} from './common.js';
import { advisorPhotoSchema } from './advisors.js';
import { visitorMailSchema } from './mail.js';
import { whatsappOptInField } from './whatsapp.js';
import { serviceOutcomeSchema } from './service-outcomes.js';

export const appointmentStatuses = ['booked', 'cancelled', 'attended', 'no_show'] as const;
export const appointmentStatusSchema = z.enum(appointmentStatuses);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** A video consultation, or an in-salon service booked from a consultation's plan. */
export const appointmentKinds = ['consultation', 'service'] as const;
export const appointmentKindSchema = z.enum(appointmentKinds);
export type AppointmentKind = z.infer<typeof appointmentKindSchema>;

/** What a service booking booked, as it was then (the catalogue may change later). */
export const bookedServiceSchema = z.object({
  serviceId: idSchema,
  name: z.string(),
  durationMinutes: z.number().int().positive(),
  /** in the salon's currency; null: price on consultation */
  price: z.number().nullable(),
});
export type BookedService = z.infer<typeof bookedServiceSchema>;

/** Defaults of the admin's appointment settings (docs/product.md#slots). */
export const DEFAULT_SLOT_MINUTES = 20;
export const DEFAULT_BUFFER_MINUTES = 5;
export const DEFAULT_HORIZON_DAYS = 14;
export const DEFAULT_MIN_NOTICE_MINUTES = 60;
/** From this many minutes before the start the manage page offers 'Entrar a mi cita'. */
export const APPOINTMENT_JOIN_EARLY_MINUTES = 5;
/** A visitor who has not come this many minutes after the start is marked no-show. */
export const APPOINTMENT_NO_SHOW_MINUTES = 10;
/** Nearest free slots offered when the chosen one was taken meanwhile. */
export const APPOINTMENT_ALTERNATIVES = 3;

/** The web path of a booking's manage page; the key travels in the fragment, never to a log. */
export const APPOINTMENT_PATH = '/cita';
export const appointmentPath = (appointmentId: string, key: string): string =>
  `${APPOINTMENT_PATH}/${encodeURIComponent(appointmentId)}#${key}`;
/** Header carrying the manage key on /api/appointments/{id} requests. */
export const APPOINTMENT_KEY_HEADER = 'x-appointment-key';

const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Settings section `appointments` (Admin → Configuración). */
export const appointmentSettingsSchema = z
  .object({
    /** visitors may book; off: the landing offers only the callback form when closed or busy */
    enabled: z.boolean(),
    /** minutes of one consultation */
    slotMinutes: intIn(10, 120, 'settings.validation.slotMinutes'),
    /** minutes kept free after each consultation */
    bufferMinutes: intIn(0, 60, 'settings.validation.bufferMinutes'),
    /** how many days ahead a visitor may book */
    horizonDays: intIn(1, 60, 'settings.validation.horizonDays'),
    /** how long before its start a slot can still be booked, in minutes */
    minNoticeMinutes: intIn(0, 2880, 'settings.validation.minNoticeMinutes'),
  })
  .strict();
export type AppointmentSettings = z.infer<typeof appointmentSettingsSchema>;

export const defaultAppointmentSettings: AppointmentSettings = {
  enabled: true,
  slotMinutes: DEFAULT_SLOT_MINUTES,
  bufferMinutes: DEFAULT_BUFFER_MINUTES,
  horizonDays: DEFAULT_HORIZON_DAYS,
  minNoticeMinutes: DEFAULT_MIN_NOTICE_MINUTES,
};

/** A day that exists: 2026-13-45 and 2026-02-30 are refused (400), never read as another day. */
const dayString = calendarDaySchema;

/** GET /api/appointments/slots */
export const slotsQuerySchema = z
  .object({
    subject: callSubjectSchema.optional(),
    /** only this stylist's slots; otherwise any stylist's */
    advisorId: idSchema.optional(),
    /** first day (YYYY-MM-DD in America/Lima); default today */
    from: dayString.optional(),
    /** days from `from`, at most the booking horizon */
    days: z.coerce.number().int().min(1).max(60).default(7),
  })
  .strip();
export type SlotsQuery = z.input<typeof slotsQuerySchema>;

export const slotSchema = z.object({ startsAt: isoDateTime, endsAt: isoDateTime });
export type Slot = z.infer<typeof slotSchema>;

/** A stylist the visitor may choose (public: name, title and expertise only). */
export const bookableAdvisorSchema = z.object({
  advisorId: idSchema,
  name: z.string(),
  title: z.string(),
  expertise: z.array(z.string()),
  /** her profile photo, as on the landing's team; null without one */
  photo: advisorPhotoSchema.nullable(),
});
export type BookableAdvisor = z.infer<typeof bookableAdvisorSchema>;

export const slotsResponseSchema = z.object({
  /** false: the salon does not take bookings (setting off) */
  enabled: z.boolean(),
  slotMinutes: z.number().int(),
  /** the last instant a slot may start (now + horizon) */
  horizonEndsAt: isoDateTime,
  slots: z.array(slotSchema),
  advisors: z.array(bookableAdvisorSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** POST /api/appointments */
export const bookAppointmentBodySchema = z
  .object({
    startsAt: isoDateTime,
    /** a chosen stylist; null/absent: any qualified stylist free then */
    advisorId: idSchema.nullable().default(null),
    subject: callSubjectSchema.default('general'),
    ...visitorContactFields,
    email: visitorEmailSchema,
    message: z.string().trim().max(2000).default(''),
    consent: z.literal(true, { error: 'validation.consent' }),
    language: languageSchema.default('es'),
    /** the visitor's browser zone, to show times in it in e-mails (falls back to America/Lima) */
    timeZone: z.string().max(64).optional(),
    ...whatsappOptInField,
  })
  .strip();
export type BookAppointmentBody = z.input<typeof bookAppointmentBodySchema>;

/** POST /api/appointments/{id}/reschedule (with the key) */
export const rescheduleBodySchema = z.object({ startsAt: isoDateTime }).strip();

/** What the visitor sees of her booking (manage page). */
export const appointmentSchema = z.object({
  appointmentId: idSchema,
  status: appointmentStatusSchema,
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  subject: callSubjectSchema,
  clientName: z.string(),
  language: languageSchema,
  advisor: z.object({ advisorId: idSchema, name: z.string(), title: z.string() }),
  /** from when 'Entrar a mi cita' is offered */
  joinFrom: isoDateTime,
  /** after this she is no longer expected (no-show) */
  joinUntil: isoDateTime,
  /** the call she entered with, once she did */
  callId: idSchema.nullable(),
  /** 'service': in the salon, no video call to enter */
  kind: appointmentKindSchema,
  /** the booked service (kind 'service'), else null */
  service: bookedServiceSchema.nullable(),
  createdAt: isoDateTime,
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const bookAppointmentResponseSchema = z.object({
  appointment: appointmentSchema,
  /** the manage key; returned once */
  key: z.string(),
  /** what became of her confirmation e-mail (said on the page, so it never claims one was sent) */
  mail: visitorMailSchema,
});
export type BookAppointmentResponse = z.infer<typeof bookAppointmentResponseSchema>;

/** What advisors and admins see of a booking. */
export const staffAppointmentSchema = appointmentSchema.extend({
  clientPhone: z.string(),
  clientEmail: z.string(),
  message: z.string(),
  cancelledBy: z.enum(['client', 'advisor', 'admin']).nullable(),
  /** booked at the reception by this staff member; null: by the client herself */
  bookedBy: z.object({ advisorId: idSchema.nullable(), name: z.string() }).nullable(),
  /** a service booking's recorded outcome (service-outcomes.ts); null until recorded */
  outcome: serviceOutcomeSchema.nullable(),
});
export type StaffAppointment = z.infer<typeof staffAppointmentSchema>;

/** GET /api/appointments (advisor: her own; admin: all, filters) */
export const appointmentsQuerySchema = z
  .object({
    /** YYYY-MM-DD in America/Lima */
    day: dayString.optional(),
    advisorId: idSchema.optional(),
    status: appointmentStatusSchema.optional(),
    /** only video consultations, or only in-salon services */
    kind: appointmentKindSchema.optional(),
    /** only from now on (upcoming) */
    upcoming: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    /** with `day`: this many days from it (a week view: 7) */
    days: z.coerce.number().int().min(1).max(7).default(1),
  })
  .strip();
export type AppointmentsQuery = z.input<typeof appointmentsQuerySchema>;

/**
 * GET /api/summaries/{callId}/services/{serviceId}/slots (her summary key): where a service of
 * her plan can be booked in the salon, with the service's own duration.
 */
export const serviceSlotsQuerySchema = slotsQuerySchema.pick({ from: true, days: true }).strip();
export type ServiceSlotsQuery = z.input<typeof serviceSlotsQuerySchema>;

/**
 * Whose hours make the slots: 'same', the stylist of her call; 'other', the salon's other
 * stylists who do the service (hers does not, or is gone); 'none', nobody does it now.
 */
export const serviceStylistChoiceSchema = z.enum(['same', 'other', 'none']);
export type ServiceStylistChoice = z.infer<typeof serviceStylistChoiceSchema>;

export const serviceSlotsResponseSchema = z.object({
  /** false: the salon does not take bookings (setting off) */
  enabled: z.boolean(),
  service: bookedServiceSchema,
  stylist: serviceStylistChoiceSchema,
  /** the stylist of the slots when 'same'; null otherwise */
  advisor: z.object({ advisorId: idSchema, name: z.string(), title: z.string() }).nullable(),
  horizonEndsAt: isoDateTime,
  slots: z.array(slotSchema),
});
export type ServiceSlotsResponse = z.infer<typeof serviceSlotsResponseSchema>;

/** POST /api/summaries/{callId}/services/{serviceId}/book: her data comes from the call. */
export const bookServiceBodySchema = z
  .object({
    startsAt: isoDateTime,
    language: languageSchema.optional(),
    /** the visitor's browser zone, for the times in her e-mails */
    timeZone: z.string().max(64).optional(),
  })
  .strip();
export type BookServiceBody = z.input<typeof bookServiceBodySchema>;

export const summaryServiceParams = z.object({ callId: idSchema, serviceId: idSchema });

/** POST /api/appointments/{id}/reassign (admin) */
export const reassignBodySchema = z.object({ advisorId: idSchema }).strip();
