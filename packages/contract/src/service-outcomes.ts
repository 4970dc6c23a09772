/**
 * The money view (docs/product.md#service-outcomes, docs/product.md#funnel): what became of an
 * in-salon service booking (done at a final price, or not done), and the reports' funnel from
 * consultations to revenue per Lima month and stylist.
 */
import { z } from 'zod';
import { idSchema, isoDateTime, languageSchema } from './common.js';
import { amountSchema } from './catalogue.js';
import { MAX_REPORT_MONTHS, REPORT_MONTHS } from './reports.js';

/** The final price in the salon's currency, at most two decimals (as catalogue prices). */
export const finalPriceSchema = amountSchema({ error: 'validation.price' });

/** 'attended': done at `finalPrice`; 'no_show': she did not come; 'cancelled': called off in the salon. */
export const serviceOutcomeKinds = ['attended', 'no_show', 'cancelled'] as const;
export const serviceOutcomeKindSchema = z.enum(serviceOutcomeKinds);
export type ServiceOutcomeKind = z.infer<typeof serviceOutcomeKindSchema>;

/** POST /api/appointments/{id}/outcome (its stylist or an admin, from the booking's start on) */
export const recordOutcomeBodySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('attended'), finalPrice: finalPriceSchema }).strip(),
  z.object({ outcome: z.enum(['no_show', 'cancelled']) }).strip(),
]);
export type RecordOutcomeBody = z.input<typeof recordOutcomeBodySchema>;

/** A recorded outcome as staff see it on the booking (null until recorded). */
export const serviceOutcomeSchema = z.object({
  /** the final price in the salon's currency when done; null when not done */
  finalPrice: z.number().nullable(),
  recordedAt: isoDateTime,
  /** who recorded it last; null when that account is gone */
  recordedBy: z.object({ advisorId: idSchema, name: z.string() }).nullable(),
});
export type ServiceOutcome = z.infer<typeof serviceOutcomeSchema>;

/** GET /api/reports/funnel and /api/reports/funnel.csv: the last N Lima months, as /api/reports. */
export const funnelQuerySchema = z
  .object({
    months: z.coerce.number().int().min(1).max(MAX_REPORT_MONTHS).default(REPORT_MONTHS),
    /** the CSV's column names and labels; default Spanish */
    language: languageSchema.default('es'),
  })
  .strip();
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

/**
 * One funnel, counted from consultations: every step is a subset of the one before, all of it
 * attributed to the consultation's Lima month (by its request) and to the stylist who answered it.
 */
export const funnelStepsSchema = z.object({
  /** answered calls (accepted by a stylist) */
  consultations: z.number().int(),
  /** of those, calls given a plan (recommendations text or items saved) */
  plans: z.number().int(),
  /** service bookings made from those plans, whatever became of them */
  bookings: z.number().int(),
  /** of those, done (outcome recorded 'attended') */
  attended: z.number().int(),
  /** of those, not done: no-show, or cancelled (by her beforehand or in the salon) */
  notDone: z.number().int(),
  /** sum of the attended bookings' final prices, in the salon's currency */
  revenue: z.number(),
  /** the consultations' call time, in hours (completed calls' durations) */
  consultationHours: z.number(),
  /** percent 0–100: plans / consultations */
  planRate: z.number(),
  /** percent: bookings / plans (above 100 when plans are booked more than once) */
  bookingRate: z.number(),
  /** percent 0–100: attended / bookings */
  attendanceRate: z.number(),
  /** revenue / consultationHours; 0 without call time */
  revenuePerHour: z.number(),
});
export type FunnelSteps = z.infer<typeof funnelStepsSchema>;

export const funnelMonthSchema = funnelStepsSchema.extend({
  /** YYYY-MM in Lima time */
  month: z.string(),
  /** the month's stylists with a consultation, most consultations first */
  advisors: z.array(funnelStepsSchema.extend({ advisorId: idSchema, name: z.string() })),
});
export type FunnelMonth = z.infer<typeof funnelMonthSchema>;

export const funnelDataSchema = z.object({
  /** oldest first, every month of the window (zeros when empty) */
  months: z.array(funnelMonthSchema),
  /** per stylist over the whole window, most consultations first */
  advisors: z.array(funnelStepsSchema.extend({ advisorId: idSchema, name: z.string() })),
  total: funnelStepsSchema,
});
export type FunnelData = z.infer<typeof funnelDataSchema>;
