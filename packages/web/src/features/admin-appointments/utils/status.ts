/** How a booking's status reads (badge tones keep ≥ 4.5:1 contrast, checked by axe). */
import type { AppointmentStatus, StaffAppointment } from '@belleza/contract';
import type { BadgeTone } from '@/components/ui';

export const statusTone: Record<AppointmentStatus, BadgeTone> = {
  booked: 'info',
  attended: 'success',
  cancelled: 'neutral',
  no_show: 'warning',
};

/** The admin may still cancel or reassign it: booked and not started (the server's own rule). */
export const isChangeable = (a: StaffAppointment, now: number): boolean =>
  a.status === 'booked' && Date.parse(a.startsAt) > now;
