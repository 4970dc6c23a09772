/**
 * The report's arithmetic: partial sums added up, and the month rows and ratios derived from sums
 * and counts (never from averages of averages).
 */
import type { MonthReportRow } from '@belleza/contract';
import type { AppointmentPartial, CallSums } from './reports.repository.js';

export const round = (value: number, decimals = 2): number => {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * f) / f;
};
/** A ratio that is 0 (not NaN) when there is nothing to divide. */
export const ratio = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);
export const percent = (part: number, whole: number): number => round(ratio(part, whole) * 100);
export const minutes = (seconds: number): number => seconds / 60;

export const zeroSums = (): CallSums => ({
  calls: 0,
  completedCalls: 0,
  cancelledCalls: 0,
  pendingCalls: 0,
  answeredCalls: 0,
  answerSeconds: 0,
  ratedCalls: 0,
  ratingSum: 0,
  durationCount: 0,
  durationSeconds: 0,
  missedCalls: 0,
  abandonedCalls: 0,
});

/** Adds up partial sums; every average is then derived from sums and counts, never averaged twice. */
export function addSums(into: CallSums, part: CallSums): CallSums {
  into.calls += part.calls;
  into.completedCalls += part.completedCalls;
  into.cancelledCalls += part.cancelledCalls;
  into.pendingCalls += part.pendingCalls;
  into.answeredCalls += part.answeredCalls;
  into.answerSeconds += part.answerSeconds;
  into.ratedCalls += part.ratedCalls;
  into.ratingSum += part.ratingSum;
  into.durationCount += part.durationCount;
  into.durationSeconds += part.durationSeconds;
  into.missedCalls += part.missedCalls;
  into.abandonedCalls += part.abandonedCalls;
  return into;
}

/** A month's or the window's bookings by status (see AppointmentPartial). */
export type AppointmentSums = Omit<AppointmentPartial, 'month' | 'advisorId'>;

export const zeroAppointments = (): AppointmentSums => ({
  booked: 0,
  attended: 0,
  noShow: 0,
  cancelled: 0,
});

export function addAppointments(into: AppointmentSums, part: AppointmentSums): AppointmentSums {
  into.booked += part.booked;
  into.attended += part.attended;
  into.noShow += part.noShow;
  into.cancelled += part.cancelled;
  return into;
}

/** Answered share of the calls that are no longer waiting (a call still pending has no outcome yet). */
export const answerRateOf = (m: CallSums): number =>
  percent(m.answeredCalls, m.calls - m.pendingCalls);

export function toMonthRow(month: string, m: CallSums, a: AppointmentSums): MonthReportRow {
  return {
    month,
    calls: m.calls,
    completedCalls: m.completedCalls,
    satisfaction: m.ratedCalls > 0 ? round(m.ratingSum / m.ratedCalls) : null,
    duration: round(minutes(m.durationSeconds)),
    missedCalls: m.missedCalls,
    abandonedCalls: m.abandonedCalls,
    averageTimeToAnswer: round(ratio(m.answerSeconds, m.answeredCalls)),
    answerRate: answerRateOf(m),
    appointmentsBooked: a.booked,
    appointmentsAttended: a.attended,
    appointmentsNoShow: a.noShow,
    appointmentsCancelled: a.cancelled,
  };
}

/**
 * Month-over-month change in percent, like with like: this month so far against the same stretch
 * of the month before (on the 24th at 10:00, the 1st–24th 10:00 of each; a longer month is cut at
 * the shorter one's end). From an empty stretch any call counts as +100 %.
 */
export function growth(current: number, previous: number): number {
  if (previous > 0) return round(((current - previous) / previous) * 100);
  return current > 0 ? 100 : 0;
}
