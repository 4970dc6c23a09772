/**
 * Free appointment slots (docs/product.md#slots), pure: from each advisor's weekly working hours in
 * her own time zone, on a clean grid (starts on :00, :15, :30 or :45 of her wall clock, one every
 * `slotMinutes + bufferMinutes` rounded up to a quarter hour, from the first quarter hour of each
 * working day; a slot and buffer shorter than a quarter hour follow one another from the start of
 * her day instead), minus her bookings (each keeps `bufferMinutes` free after it), between `now + minNoticeMinutes`
 * and `now + horizonDays`. A slot must end by the end of the working day. Wall-clock times skipped
 * or repeated by a DST change come out as Intl reads them (see working-hours.ts).
 */
import { weekdays, type AppointmentSettings, type WorkingHours } from '@belleza/contract';
import { localParts, zonedTimeToUtc } from '../calls/working-hours.js';

export type SlotAdvisor = { advisorId: string; timezone: string; workingHours: WorkingHours };
/** A booking that holds its advisor (status booked), as instants in ms. */
export type HeldBooking = { advisorId: string; startsAt: number; endsAt: number };
export type SlotRules = Pick<
  AppointmentSettings,
  'slotMinutes' | 'bufferMinutes' | 'horizonDays' | 'minNoticeMinutes'
>;

/** One free slot: its start and end (ms) and the advisors free for it, in the given order. */
export type FreeSlot = { startsAt: number; endsAt: number; advisorIds: string[] };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Slot starts fall on quarter hours of the advisor's wall clock, unless a slot and its buffer take
 * less than that: six 10-minute consultations an hour, not four.
 */
export const SLOT_GRID_MINUTES = 15;
const onGrid = (minutes: number) => Math.ceil(minutes / SLOT_GRID_MINUTES) * SLOT_GRID_MINUTES;
const quarterly = (rules: Pick<SlotRules, 'slotMinutes' | 'bufferMinutes'>) =>
  rules.slotMinutes + rules.bufferMinutes >= SLOT_GRID_MINUTES;

/** Minutes from one slot's start to the next: the slot and its buffer, up to a quarter hour. */
export const slotStepMinutes = (rules: Pick<SlotRules, 'slotMinutes' | 'bufferMinutes'>) =>
  quarterly(rules)
    ? onGrid(rules.slotMinutes + rules.bufferMinutes)
    : rules.slotMinutes + rules.bufferMinutes;

/** The instants a booking can start for one advisor from `from` to `to` (ms), before bookings. */
function gridOf(advisor: SlotAdvisor, rules: SlotRules, from: number, to: number): number[] {
  const step = slotStepMinutes(rules) * MINUTE;
  const length = rules.slotMinutes * MINUTE;
  const starts: number[] = [];
  // Local days from the day before `from` (a day that began earlier in her zone) to `to`.
  const first = localParts(new Date(from - DAY), advisor.timezone);
  const days = Math.ceil((to - from) / DAY) + 2;
  for (let i = 0; i <= days; i++) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const weekday = weekdays[(date.getUTCDay() + 6) % 7];
    if (!weekday) continue;
    const hours = advisor.workingHours[weekday];
    if (!hours.enabled) continue;
    const ymd = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
    // A day that starts off the grid (09:10) starts its slots at the next quarter hour (09:15).
    const firstMinute = quarterly(rules) ? onGrid(minutesOf(hours.start)) : minutesOf(hours.start);
    if (firstMinute >= 24 * 60) continue;
    const dayStart = zonedTimeToUtc(ymd, hhmmOf(firstMinute), advisor.timezone).getTime();
    // The day's length in wall-clock minutes: a DST change inside it does not stretch the hours.
    const dayEnd = zonedTimeToUtc(ymd, hours.end, advisor.timezone).getTime();
    const wallLength = (minutesOf(hours.end) - firstMinute) * MINUTE;
    const end = Math.min(dayEnd, dayStart + wallLength);
    for (let start = dayStart; start + length <= end; start += step) {
      if (start >= from && start <= to) starts.push(start);
    }
  }
  return starts;
}

/** Whether a slot [start, start+length) with its buffer after collides with a held booking. */
function collides(start: number, rules: SlotRules, bookings: readonly HeldBooking[]): boolean {
  const buffer = rules.bufferMinutes * MINUTE;
  const end = start + rules.slotMinutes * MINUTE;
  return bookings.some((b) => start < b.endsAt + buffer && b.startsAt < end + buffer);
}

/**
 * The free slots between `from` and `to` (ms, clipped to the notice and the horizon), earliest
 * first; advisors free at the same instant share one slot.
 */
export function freeSlots(input: {
  advisors: readonly SlotAdvisor[];
  bookings: readonly HeldBooking[];
  rules: SlotRules;
  now: number;
  from: number;
  to: number;
}): FreeSlot[] {
  const { advisors, bookings, rules, now } = input;
  const earliest = Math.max(input.from, now + rules.minNoticeMinutes * MINUTE);
  const latest = Math.min(input.to, horizonEnd(now, rules));
  if (latest < earliest) return [];
  const byStart = new Map<number, string[]>();
  for (const advisor of advisors) {
    const own = bookings.filter((b) => b.advisorId === advisor.advisorId);
    for (const start of gridOf(advisor, rules, earliest, latest)) {
      if (collides(start, rules, own)) continue;
      const free = byStart.get(start);
      if (free) free.push(advisor.advisorId);
      else byStart.set(start, [advisor.advisorId]);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([startsAt, advisorIds]) => ({
      startsAt,
      endsAt: startsAt + rules.slotMinutes * MINUTE,
      advisorIds,
    }));
}

/** The last instant a slot may start. */
export const horizonEnd = (now: number, rules: SlotRules): number => now + rules.horizonDays * DAY;

/** The free slots nearest to an instant (before or after), nearest first. */
export function nearestSlots(slots: readonly FreeSlot[], at: number, count: number): FreeSlot[] {
  return [...slots]
    .sort(
      (a, b) => Math.abs(a.startsAt - at) - Math.abs(b.startsAt - at) || a.startsAt - b.startsAt,
    )
    .slice(0, count);
}
