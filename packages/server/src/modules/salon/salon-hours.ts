/**
 * The week the salon shows as its opening hours. 'custom': the salon's own week. 'derived': from
 * the working hours of the stylists who take consultations, per weekday from the earliest start
 * to the latest end among those who work that day (their hours as they wrote them: a salon's
 * stylists share its time zone).
 */
import { weekdays, type OpenDay, type SalonHoursMode, type WorkingHours } from '@belleza/contract';

export function openDaysOf(week: WorkingHours): OpenDay[] {
  return weekdays.flatMap((day) => {
    const d = week[day];
    return d.enabled ? [{ day, start: d.start, end: d.end }] : [];
  });
}

export function derivedOpenDays(stylists: readonly { workingHours: WorkingHours }[]): OpenDay[] {
  return weekdays.flatMap((day) => {
    const working = stylists.map((s) => s.workingHours[day]).filter((d) => d.enabled);
    if (working.length === 0) return [];
    const start = working.reduce((a, d) => (d.start < a ? d.start : a), working[0]!.start);
    const end = working.reduce((a, d) => (d.end > a ? d.end : a), working[0]!.end);
    return [{ day, start, end }];
  });
}

export function salonOpenDays(
  mode: SalonHoursMode,
  own: WorkingHours,
  stylists: readonly { workingHours: WorkingHours }[],
): OpenDay[] {
  return mode === 'custom' ? openDaysOf(own) : derivedOpenDays(stylists);
}
