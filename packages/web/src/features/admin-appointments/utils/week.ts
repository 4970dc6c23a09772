/**
 * The week view's arithmetic: Lima weeks (Monday first) as 'YYYY-MM-DD' days, a stylist's working
 * hours (in her own zone) as instants on each Lima day, and where a booking sits on a day's column.
 * The salon's zone (Lima, UTC−5 all year) is the one every date on screen is shown in.
 */
import type { StaffAppointment, WorkingHours } from '@belleza/contract';

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

const dayUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => dayOfUtc(dayUtc(day) + n * DAY_MS);

/** The Monday of the week `day` falls in. */
export function weekStartOf(day: string): string {
  const weekday = new Date(dayUtc(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export const weekDays = (start: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(start, i));

/** Lima midnight of a day, as an instant. */
export const limaMidnight = (day: string): number => Date.parse(`${day}T00:00:00-05:00`);

/** Minutes of a zone ahead of UTC at an instant (Lima −300). */
function offsetMinutes(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - at) / MINUTE);
}

/** The instant a wall-clock time of a day is in a zone. */
export function zonedInstant(day: string, hhmm: string, zone: string): number {
  const wall = Date.parse(`${day}T${hhmm}:00Z`);
  const first = wall - offsetMinutes(wall, zone) * MINUTE;
  return wall - offsetMinutes(first, zone) * MINUTE;
}

export type Span = { start: number; end: number };

/** Her working time on a Lima day: her own days around it, in her zone, clipped to the day. */
export function workingSpans(hours: WorkingHours, zone: string, limaDay: string): Span[] {
  const from = limaMidnight(limaDay);
  const to = from + DAY_MS;
  const spans: Span[] = [];
  for (const offset of [-1, 0, 1]) {
    const day = addDays(limaDay, offset);
    const h = hours[WEEKDAYS[new Date(dayUtc(day)).getUTCDay()]!];
    if (!h.enabled) continue;
    const start = Math.max(zonedInstant(day, h.start, zone), from);
    const end = Math.min(zonedInstant(day, h.end, zone), to);
    if (end > start) spans.push({ start, end });
  }
  return spans;
}

/** Minutes from Lima midnight of `day` to an instant. */
export const minuteOfDay = (day: string, at: number): number =>
  Math.round((at - limaMidnight(day)) / MINUTE);

/**
 * The hours the grid shows, in minutes from midnight: from the earliest working or booked minute
 * to the latest of the week, on whole hours (09:00–18:00 when there is nothing at all).
 */
export function gridRange(
  days: readonly string[],
  spansOf: (day: string) => Span[],
  bookings: readonly Pick<StaffAppointment, 'startsAt' | 'endsAt'>[],
): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const day of days) {
    for (const s of spansOf(day)) {
      from = Math.min(from, minuteOfDay(day, s.start));
      to = Math.max(to, minuteOfDay(day, s.end));
    }
  }
  for (const b of bookings) {
    const day = days.find((d) => {
      const start = Date.parse(b.startsAt);
      return start >= limaMidnight(d) && start < limaMidnight(d) + DAY_MS;
    });
    if (!day) continue;
    from = Math.min(from, minuteOfDay(day, Date.parse(b.startsAt)));
    to = Math.max(to, Math.min(24 * 60, minuteOfDay(day, Date.parse(b.endsAt))));
  }
  if (!Number.isFinite(from)) return { from: 9 * 60, to: 18 * 60 };
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60, Math.ceil(to / 60) * 60) };
}

/** Free half hours of a day to book from: in her working time, from now on, no booking held then. */
export const FREE_STEP_MINUTES = 30;

export function freeStarts(
  day: string,
  spans: readonly Span[],
  held: readonly Pick<StaffAppointment, 'startsAt' | 'endsAt'>[],
  now: number,
): number[] {
  const out: number[] = [];
  for (const s of spans) {
    const first =
      limaMidnight(day) +
      Math.ceil(minuteOfDay(day, s.start) / FREE_STEP_MINUTES) * FREE_STEP_MINUTES * MINUTE;
    for (
      let at = first;
      at + FREE_STEP_MINUTES * MINUTE <= s.end;
      at += FREE_STEP_MINUTES * MINUTE
    ) {
      if (at + FREE_STEP_MINUTES * MINUTE <= now) continue;
      const end = at + FREE_STEP_MINUTES * MINUTE;
      const taken = held.some((b) => Date.parse(b.startsAt) < end && Date.parse(b.endsAt) > at);
      if (!taken) out.push(at);
    }
  }
  return out;
}
