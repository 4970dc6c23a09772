import type { Advisor, Call } from '@belleza/contract';

/** Recent activity shows 7 calls, top advisors 5. */
export const RECENT_ACTIVITY_SIZE = 7;
export const TOP_ADVISORS_SIZE = 5;

/** When a finished call happened: its end, else its request. */
export const activityTime = (call: Call): string => call.endedAt ?? call.requestedAt;

/** The most recent completed or cancelled calls, newest first ('Actividad reciente'). */
export function pickRecentActivity(calls: readonly Call[], size = RECENT_ACTIVITY_SIZE): Call[] {
  return calls
    .filter((c) => c.status === 'completed' || c.status === 'cancelled')
    .sort((a, b) => activityTime(b).localeCompare(activityTime(a)))
    .slice(0, size);
}

/** Advisors with the most calls; ties go to the better rating, then the name (stable display). */
export function pickTopAdvisors(advisors: readonly Advisor[], size = TOP_ADVISORS_SIZE): Advisor[] {
  return [...advisors]
    .sort(
      (a, b) =>
        b.stats.totalCalls - a.stats.totalCalls ||
        b.stats.averageRating - a.stats.averageRating ||
        a.name.localeCompare(b.name),
    )
    .slice(0, size);
}

/** A rating to one decimal, or null when there is none yet (shown as 'Sin calificaciones'). */
export const formatRating = (rating: number): string | null =>
  rating > 0 ? rating.toFixed(1) : null;
