/**
 * When advisors' working hours next start, from each advisor's weekly hours in their own time zone.
 * Pure functions over Intl (no time-zone library): DST zones (Madrid, New York…) come out right
 * because the UTC offset is read from Intl at the instant itself.
 */
import {
  defaultWorkingHours,
  weekdays,
  workingHoursSchema,
  type WorkingHours,
} from '@belleza/contract';

export type AdvisorHours = { timezone: string; workingHours: WorkingHours };

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock parts of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in ms (Lima: -5 h). */
function offsetMs(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The UTC instant of a wall-clock time in a zone (a time skipped by DST moves forward). */
export function zonedTimeToUtc(
  date: { year: number; month: number; day: number },
  hhmm: string,
  timeZone: string,
): Date {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const guess = Date.UTC(date.year, date.month - 1, date.day, h, m);
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return new Date(second);
}

const DAYS_AHEAD = 8;

/**
 * The earliest start of any advisor's enabled working day strictly after `now`, or null when no
 * advisor has an enabled day. Unknown zones fall back to America/Lima.
 */
export function nextOpening(advisors: readonly AdvisorHours[], now: Date): Date | null {
  let best: Date | null = null;
  for (const advisor of advisors) {
    const zone = isValidZone(advisor.timezone) ? advisor.timezone : 'America/Lima';
    const today = localParts(now, zone);
    for (let ahead = 0; ahead < DAYS_AHEAD; ahead++) {
      const day = new Date(Date.UTC(today.year, today.month - 1, today.day + ahead));
      // getUTCDay: 0 = Sunday; contract weekdays start on Monday.
      const weekday = weekdays[(day.getUTCDay() + 6) % 7];
      if (!weekday) continue;
      const hours = advisor.workingHours[weekday];
      if (!hours.enabled) continue;
      const start = zonedTimeToUtc(
        { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
        hours.start,
        zone,
      );
      if (start.getTime() <= now.getTime()) continue;
      if (!best || start < best) best = start;
      break;
    }
  }
  return best;
}

/**
 * Whether `now` lies inside any advisor's enabled working day (start included, end excluded), read
 * in her own time zone. Unknown zones fall back to America/Lima, as in nextOpening.
 */
export function isWithinHours(advisors: readonly AdvisorHours[], now: Date): boolean {
  return advisors.some((advisor) => {
    const zone = isValidZone(advisor.timezone) ? advisor.timezone : 'America/Lima';
    const today = localParts(now, zone);
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day));
    const weekday = weekdays[(day.getUTCDay() + 6) % 7];
    if (!weekday) return false;
    const hours = advisor.workingHours[weekday];
    if (!hours.enabled) return false;
    const date = { year: today.year, month: today.month, day: today.day };
    const start = zonedTimeToUtc(date, hours.start, zone).getTime();
    const end = zonedTimeToUtc(date, hours.end, zone).getTime();
    return start <= now.getTime() && now.getTime() < end;
  });
}

/** Stored rows (working hours as JSON) as AdvisorHours; unreadable hours count as the default. */
export function parseAdvisorHours(
  rows: readonly { timezone: string; workingHours: string }[],
): AdvisorHours[] {
  return rows.map((r) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(r.workingHours);
    } catch {
      parsed = null;
    }
    const wh = workingHoursSchema.safeParse(parsed);
    return { timezone: r.timezone, workingHours: wh.success ? wh.data : defaultWorkingHours };
  });
}

const validZones = new Map<string, boolean>();
function isValidZone(zone: string): boolean {
  let ok = validZones.get(zone);
  if (ok === undefined) {
    try {
      formatter(zone);
      ok = true;
    } catch {
      ok = false;
    }
    validZones.set(zone, ok);
  }
  return ok;
}
