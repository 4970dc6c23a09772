import { z } from 'zod';
import {
  boundedText,
  idSchema,
  isCalendarDay,
  isIsoDateTime,
  isoDateTime,
  languageSchema,
  paged,
  singleLine,
  visitorContactFields,
  visitorEmailSchema,
} from './common.js';
import { intakeBodySchema } from './intake.js';
import { callTokenSchema } from './video.js';
import { whatsappOptInField } from './whatsapp.js';

/** `accepted` exists only in realtime events (a call just accepted); it is never stored. */
export const callStatusSchema = z.enum(['pending', 'active', 'accepted', 'completed', 'cancelled']);
export type CallStatus = z.infer<typeof callStatusSchema>;
export const storedCallStatusSchema = z.enum(['pending', 'active', 'completed', 'cancelled']);
export type StoredCallStatus = z.infer<typeof storedCallStatusSchema>;

export const endedBySchema = z.enum(['client', 'advisor', 'admin', 'system']);
export type EndedBy = z.infer<typeof endedBySchema>;

/** Why a call ended cancelled when the system decided it. */
export const NO_ANSWER_REASON = 'no_answer';
export const DEFAULT_ADMIN_CANCEL_REASON = 'Cancelada por administrador';
export const DEFAULT_CLIENT_CANCEL_REASON = 'Cancelled by user';
export const DECLINED_BY_ADVISOR_REASON = 'Declined by advisor';
/** `reason` of a call the system ended because it reached `maxCallDuration`. */
export const MAX_DURATION_REASON = 'max_duration';
/**
 * `reason` of a call the system ended because its visitor had gone: a waiting call whose page
 * stayed away past the reload grace, or an active call she did not come back to within its grace.
 */
export const CLIENT_LEFT_REASON = 'client_left';
/**
 * How long a waiting visitor's page may be away (a reload, a lost connection) before her request
 * ends; while away she keeps her place, but nobody is rung for her.
 */
export const VISITOR_WAITING_GRACE_MS = 15_000;
/**
 * Advisor `statusReason` written when accepting a call made the advisor busy. Such an advisor
 * still receives offers up to their `maxConcurrentCalls`; a `busy` chosen by hand receives none.
 */
export const IN_CALL_STATUS_REASON = 'in_call';
/** Calls requested longer ago than this are offered with `call:new:urgent` instead of `call:new`. */
export const URGENT_WAIT_MS = 60_000;

export const offerOutcomeSchema = z.enum([
  'pending',
  'accepted',
  'declined',
  'timeout',
  'withdrawn',
]);
export type OfferOutcome = z.infer<typeof offerOutcomeSchema>;

export const clientInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

const personRef = z.object({ name: z.string(), email: z.string() });

export const callOfferSchema = z.object({
  advisorId: idSchema,
  advisorName: z.string(),
  offeredAt: isoDateTime,
  expiresAt: isoDateTime,
  respondedAt: isoDateTime.nullable(),
  outcome: offerOutcomeSchema,
});
export type CallOffer = z.infer<typeof callOfferSchema>;

export const callSchema = z.object({
  callId: idSchema,
  status: callStatusSchema,
  advisorId: idSchema.nullable(),
  advisorInfo: personRef.nullable(),
  advisor: personRef.nullable(),
  clientId: idSchema,
  clientInfo: clientInfoSchema,
  requestedAt: isoDateTime,
  createdAt: isoDateTime,
  acceptedAt: isoDateTime.nullable(),
  startedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
  /** minutes, two decimals */
  duration: z.number().nonnegative().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  ratingComment: z.string().nullable(),
  reason: z.string().nullable(),
  endedBy: endedBySchema.nullable(),
  dailyRoomUrl: z.string().nullable(),
  dailyRoomName: z.string().nullable(),
  /** seconds */
  estimatedWaitTime: z.number().int().nonnegative().nullable(),
  /** 1-based position among waiting calls; null when offered or not pending. */
  queuePosition: z.number().int().positive().nullable(),
  /** While it rings someone: when that offer runs out (her popup counts down to it). */
  offerExpiresAt: isoDateTime.nullable(),
  consentAt: isoDateTime.nullable(),
  source: z.string(),
  language: languageSchema,
});
export type Call = z.infer<typeof callSchema>;

/**
 * POST /api/calls/{id}/accept answers the call and, in the same answer, the accepting advisor's
 * room token, so her video joins without another request (null if the room is not ready yet).
 */
export const acceptedCallSchema = callSchema.extend({
  roomToken: callTokenSchema.nullable().default(null),
});
export type AcceptedCall = z.infer<typeof acceptedCallSchema>;

/** Call details for admins and the call's advisor: notes and the offer timeline. */
export const callDetailsSchema = callSchema.extend({
  notes: z.string().nullable(),
  offers: z.array(callOfferSchema),
  /**
   * Where the visitor's page is: `here` (a live connection to the call), `away` (none now: a
   * reload, a closed tab), null when it never joined over the socket (not watched).
   */
  visitorPresence: z.enum(['here', 'away']).nullable(),
  /**
   * While an active call's visitor is away (as announced by `call:visitor:presence`): when the
   * call ends by itself unless she is back; null otherwise.
   */
  visitorAwayEndsAt: z.string().nullable(),
});
export type CallDetails = z.infer<typeof callDetailsSchema>;

/** POST /api/calls/request — the visitor's details (docs/product.md#request-form) plus consent. */
export const callRequestBodySchema = z
  .object({
    ...visitorContactFields,
    email: visitorEmailSchema,
    subject: singleLine(2500).default(''),
    message: z.string().trim().max(2000).default(''),
    company: z.string().max(200).default(''),
    source: singleLine(40).default('website'),
    consent: z.literal(true, { error: 'validation.consent' }),
    language: languageSchema.default('es'),
    /** her hair intake (docs/product.md#hair-intake), when she filled it */
    intake: intakeBodySchema.optional(),
    /**
     * Remember her for her next consultation (docs/product.md#returning-clients); unticked (false)
     * forgets what was kept of her.
     */
    remember: z.boolean().default(false),
    /** the return token her browser kept from a visit she asked to be remembered on */
    returnToken: z.string().min(1).max(100).optional(),
    ...whatsappOptInField,
  })
  .strip();
export type CallRequestBody = z.input<typeof callRequestBodySchema>;

export const callRequestResponseDataSchema = z.object({
  callId: idSchema,
  status: callStatusSchema,
  dailyRoomName: z.string().nullable(),
  dailyRoomUrl: z.string().nullable(),
  advisorId: idSchema.nullable(),
  estimatedWaitTime: z.number().int().nonnegative(),
  queuePosition: z.number().int().positive().nullable(),
  /** Secret for the visitor's status, token, cancel, rating and socket join. Returned once. */
  clientKey: z.string(),
  /** With `remember`: the return token her browser keeps for next time; else null (or absent). */
  returnToken: z.string().nullable().optional(),
  /**
   * Her last stylist, rung first: only when she is a returning client, the request carried her
   * browser's return token, and that stylist is the one it rings (or took it) now. Else null (or
   * absent).
   */
  returningAdvisorName: z.string().nullable().optional(),
});
export type CallRequestResponseData = z.infer<typeof callRequestResponseDataSchema>;

/** `details` of a 503 NO_ADVISORS_AVAILABLE: when advisors' working hours next start. */
export const noAdvisorsDetailsSchema = z.object({ nextOpening: isoDateTime.nullable() });
export type NoAdvisorsDetails = z.infer<typeof noAdvisorsDetailsSchema>;

/** Header the visitor sends its clientKey in. */
export const CLIENT_KEY_HEADER = 'x-client-key';

export const callIdParams = z.object({ callId: idSchema });

/** What a visitor may see of its own call. */
export const callStatusDataSchema = z.object({
  callId: idSchema,
  status: callStatusSchema,
  advisorId: idSchema.nullable(),
  advisorName: z.string().nullable(),
  queuePosition: z.number().int().positive().nullable(),
  estimatedWaitTime: z.number().int().nonnegative().nullable(),
  requestedAt: isoDateTime,
  acceptedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
  reason: z.string().nullable(),
  endedBy: endedBySchema.nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  dailyRoomUrl: z.string().nullable(),
});
export type CallStatusData = z.infer<typeof callStatusDataSchema>;

export const acceptBodySchema = z.object({ advisorId: idSchema.optional() }).strip();
export const endBodySchema = z.object({ endedBy: endedBySchema.optional() }).strip();
export const cancelBodySchema = z.object({ reason: boundedText(500).optional() }).strip();
export const declineBodySchema = z.object({ reason: boundedText(500).optional() }).strip();
export const notesBodySchema = z
  .object({ notes: z.string().max(20000), clientInfo: clientInfoSchema.partial().optional() })
  .strip();
export type NotesBody = z.infer<typeof notesBodySchema>;
export const ratingBodySchema = z
  .object({
    rating: z.number().int().min(1, 'validation.rating').max(5, 'validation.rating'),
    comment: boundedText(1000).optional(),
    /**
     * Her explicit consent that the salon may publish this opinion with her first name (taken
     * from the name she gave): an admin then chooses whether the landing shows it.
     */
    publish: z.boolean().optional(),
  })
  .strip();
export type RatingBody = z.infer<typeof ratingBodySchema>;

export const tokenQuerySchema = z.object({
  userType: z.enum(['client', 'advisor', 'admin']).default('client'),
});
export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** A list bound: '' (none), a day that exists or an ISO date-time that exists. */
const dateBound = z
  .string()
  .max(40)
  .refine((v) => v === '' || isCalendarDay(v) || isIsoDateTime(v), 'validation.date');

export const callListQuerySchema = z.object({
  status: storedCallStatusSchema.optional(),
  advisorId: idSchema.optional(),
  /** inclusive, ISO date (YYYY-MM-DD, Lima day) or date-time */
  startDate: dateBound.optional(),
  endDate: dateBound.optional(),
  search: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).default(1),
});
export type CallListQuery = z.infer<typeof callListQuerySchema>;
export const callPageSchema = paged(callSchema);
export type CallPage = z.infer<typeof callPageSchema>;

export const callStatsSchema = z.object({
  totalAdvisors: z.number().int(),
  availableAdvisors: z.number().int(),
  busyAdvisors: z.number().int(),
  offlineAdvisors: z.number().int(),
  adminAdvisors: z.number().int(),
  totalCalls: z.number().int(),
  activeCalls: z.number().int(),
  pendingCalls: z.number().int(),
  completedCalls: z.number().int(),
  cancelledCalls: z.number().int(),
  completedToday: z.number().int(),
  callsToday: z.number().int(),
  averageRating: z.number(),
  /** minutes */
  averageDuration: z.number(),
  /** minutes */
  totalDuration: z.number(),
});
export type CallStats = z.infer<typeof callStatsSchema>;

export const todayStatsSchema = z.object({
  callsAnswered: z.number().int(),
  /** minutes */
  averageCallTime: z.number(),
  averageRating: z.number(),
});
export const advisorDashboardSchema = z.object({
  pendingCalls: z.array(callSchema),
  activeCalls: z.array(callSchema),
  activeCall: callSchema.nullable(),
  todayStats: todayStatsSchema,
  /**
   * Whether the dashboard may show browser notifications: the admin's `system.enableNotifications`
   * and `notifications.pushNotifications` both on. Off: the popup, sound and title still alert.
   */
  browserNotifications: z.boolean(),
});
export type AdvisorDashboard = z.infer<typeof advisorDashboardSchema>;

export const callNotesSchema = z.object({
  callId: idSchema,
  notes: z.string(),
  updatedAt: isoDateTime.nullable(),
});
export type CallNotes = z.infer<typeof callNotesSchema>;

/** Public availability for the landing page before the visitor fills anything in. */
export const availabilitySchema = z.object({
  open: z.boolean(),
  maintenance: z.boolean(),
  availableAdvisors: z.number().int().nonnegative(),
  /** seconds */
  estimatedWaitTime: z.number().int().nonnegative(),
  /**
   * now is inside the working hours of a stylist who takes consultations (one whose calls are
   * routed), whether or not anyone is connected: 'Fuera de horario' only when false
   */
  withinHours: z.boolean(),
  /** next time an advisor's working hours start (UTC), null when unknown */
  nextOpening: isoDateTime.nullable(),
  /** minutes a consultation may last (`system.maxCallDuration`), for the landing's copy */
  maxCallDuration: z.number().int().positive(),
  /** days the chat, photos and summary are kept (`system.retentionDays`), for the request form */
  retentionDays: z.number().int().positive(),
  /** visitors may book for later (`appointments.enabled`): the widget's closed button says 'Reservar' */
  bookingEnabled: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** Callback lead left by a visitor when nobody is online. */
export const callbackStatusSchema = z.enum(['open', 'done']);
export const callbackRequestBodySchema = z
  .object({
    ...visitorContactFields,
    preferredTime: singleLine(120).default(''),
    message: z.string().trim().max(2000).default(''),
    consent: z.literal(true, { error: 'validation.consent' }),
  })
  .strip();
export type CallbackRequestBody = z.input<typeof callbackRequestBodySchema>;
export const callbackSchema = z.object({
  callbackId: idSchema,
  name: z.string(),
  phone: z.string(),
  preferredTime: z.string(),
  message: z.string(),
  status: callbackStatusSchema,
  createdAt: isoDateTime,
  doneAt: isoDateTime.nullable(),
});
export type Callback = z.infer<typeof callbackSchema>;
export const callbackListQuerySchema = z.object({ status: callbackStatusSchema.optional() });
export const callbackIdParams = z.object({ callbackId: idSchema });
