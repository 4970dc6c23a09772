import { z } from 'zod';
import { advisorStatusSchema } from './advisors.js';

export const REPORT_MONTHS = 6;
/** Longest window GET /api/reports accepts, in Lima months. */
export const MAX_REPORT_MONTHS = 24;

/** GET /api/reports?months=N — the last N Lima months, the current one included. */
export const reportQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(MAX_REPORT_MONTHS).default(REPORT_MONTHS),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const advisorReportRowSchema = z.object({
  advisorId: z.string(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  calls: z.number().int(),
  completedCalls: z.number().int(),
  rating: z.number(),
  /** minutes */
  averageDuration: z.number(),
  status: advisorStatusSchema,
  /** seconds from request to accept, over answered calls */
  averageTimeToAnswer: z.number(),
  /** percent 0–100: accepted offers / offers decided (accepted + declined + timeout) */
  answerRate: z.number(),
  missedOffers: z.number().int(),
  /** the advisor's bookings (by the advisor booked, after any reassignment) the visitor entered */
  appointmentsAttended: z.number().int(),
  /** the advisor's bookings marked no-show */
  appointmentsNoShow: z.number().int(),
});
export type AdvisorReportRow = z.infer<typeof advisorReportRowSchema>;

export const monthReportRowSchema = z.object({
  /** YYYY-MM in Lima time */
  month: z.string(),
  calls: z.number().int(),
  completedCalls: z.number().int(),
  /** average rating, null when no ratings */
  satisfaction: z.number().nullable(),
  /** minutes */
  duration: z.number(),
  /** calls cancelled because nobody answered */
  missedCalls: z.number().int(),
  /** calls the visitor cancelled while waiting */
  abandonedCalls: z.number().int(),
  /** seconds */
  averageTimeToAnswer: z.number(),
  /** percent 0–100 of the month's calls no longer pending that an advisor answered */
  answerRate: z.number(),
  /**
   * Bookings (appointments) starting in the month — by their start, in Lima time — that were not
   * cancelled, whoever cancelled: the open ones plus the attended and no-show ones. Bookings made
   * for the month are `appointmentsBooked + appointmentsCancelled`.
   */
  appointmentsBooked: z.number().int(),
  /** bookings starting in the month whose visitor entered the call */
  appointmentsAttended: z.number().int(),
  /** bookings starting in the month whose visitor did not come in time */
  appointmentsNoShow: z.number().int(),
  /** bookings starting in the month cancelled by the visitor, her advisor or an admin */
  appointmentsCancelled: z.number().int(),
});
export type MonthReportRow = z.infer<typeof monthReportRowSchema>;

export const reportFiguresSchema = z.object({
  totalCalls: z.number().int(),
  /** percent change of this month's calls vs last month's */
  monthlyGrowth: z.number(),
  /** minutes */
  avgSessionTime: z.number(),
  /** percent */
  completionRate: z.number(),
  customerSatisfaction: z.number(),
  averageRating: z.number(),
  totalAdvisors: z.number().int(),
  topAdvisor: z.string().nullable(),
  advisors: z.array(advisorReportRowSchema),
  months: z.array(monthReportRowSchema),
  detail: z.object({
    /** percent of non-cancelled calls */
    connectionRate: z.number(),
    /** minutes */
    totalDuration: z.number(),
    /** percent of clients (by normalised phone or email) with more than one call */
    returningClientsRate: z.number(),
    /** seconds */
    averageTimeToAnswer: z.number(),
    /** percent, as in the month rows */
    answerRate: z.number(),
    missedCalls: z.number().int(),
    abandonedCalls: z.number().int(),
  }),
  /** the month rows' appointment figures over the whole window */
  appointments: z.object({
    booked: z.number().int(),
    attended: z.number().int(),
    noShow: z.number().int(),
    cancelled: z.number().int(),
    /** percent 0–100: attended / (attended + no-show); 0 when neither */
    attendanceRate: z.number(),
  }),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/**
 * GET /api/reports: the figures. No money: the salon has entered no prices, and an amount not
 * built from her prices would be invented.
 */
export const reportDataSchema = reportFiguresSchema;
export type ReportData = z.infer<typeof reportDataSchema>;
