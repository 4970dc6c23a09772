/**
 * Where a booking stands at an instant: what the manage page shows and offers. 'Entrar a mi cita'
 * from `joinFrom` until `joinUntil`; changes (cancel, reschedule) until it starts, like the server.
 */
import type { Appointment } from '@belleza/contract';

export type AppointmentPhase =
  'upcoming' | 'joinable' | 'over' | 'cancelled' | 'attended' | 'no_show';

export function phaseOf(appointment: Appointment, now: number): AppointmentPhase {
  switch (appointment.status) {
    case 'cancelled':
    case 'attended':
    case 'no_show':
      return appointment.status;
    case 'booked':
      if (now >= Date.parse(appointment.joinUntil)) return 'over';
      if (now >= Date.parse(appointment.joinFrom)) return 'joinable';
      return 'upcoming';
  }
}

export const canChange = (appointment: Appointment, now: number): boolean =>
  appointment.status === 'booked' && now < Date.parse(appointment.startsAt);

/** The instants at which the page must look again. */
export const boundariesOf = (appointment: Appointment): number[] =>
  [appointment.joinFrom, appointment.startsAt, appointment.joinUntil].map((iso) => Date.parse(iso));
