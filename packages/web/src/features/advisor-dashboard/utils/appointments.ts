/** Her upcoming bookings as the dashboard shows them: order, live changes, countdown. */
import type { StaffAppointment } from '@belleza/contract';
import { limaDayOf } from '@/lib/format';

const byStart = (a: StaffAppointment, b: StaffAppointment) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.appointmentId.localeCompare(b.appointmentId);

/**
 * `appointment:changed`: a booking of hers still 'booked' is added or replaced (a move changes its
 * place); one cancelled, entered ('attended'), missed ('no_show') or given to another advisor
 * leaves the list.
 */
export function applyAppointmentChange(
  list: readonly StaffAppointment[],
  changed: StaffAppointment,
  advisorId: string,
): StaffAppointment[] {
  const others = list.filter((a) => a.appointmentId !== changed.appointmentId);
  const stays = changed.status === 'booked' && changed.advisor.advisorId === advisorId;
  return stays ? [...others, changed].sort(byStart) : others;
}

/** Still expected: booked and the visitor may still come (until the no-show time). */
export const isExpected = (a: StaffAppointment, now: number): boolean =>
  a.status === 'booked' && Date.parse(a.joinUntil) > now;

export type Countdown =
  | { kind: 'now' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'hours'; hours: number; minutes: number }
  | { kind: 'days'; days: number };

const MINUTE_MS = 60_000;

/** Time to the start in whole minutes, rounded up ('en 1 min' until it starts, then 'ahora'). */
export function countdownTo(startsAt: string, now: number): Countdown {
  const minutes = Math.ceil((Date.parse(startsAt) - now) / MINUTE_MS);
  if (!(minutes > 0)) return { kind: 'now' };
  if (minutes < 60) return { kind: 'minutes', minutes };
  if (minutes < 24 * 60)
    return { kind: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  return { kind: 'days', days: Math.floor(minutes / (24 * 60)) };
}

export type DayWord = 'today' | 'tomorrow' | null;

/** 'Hoy' / 'Mañana' (Lima days; Lima has no DST, so tomorrow is 24 h on), else null: the date. */
export function dayWordOf(startsAt: string, now: number): DayWord {
  const day = limaDayOf(Date.parse(startsAt));
  if (day === limaDayOf(now)) return 'today';
  if (day === limaDayOf(now + 24 * 60 * MINUTE_MS)) return 'tomorrow';
  return null;
}
