/**
 * One booking at a time, for the appointments service's visitor and staff parts: reading it (by
 * the visitor's key, in constant time), announcing a change to its advisor and the admins, and the
 * cancellation both sides share.
 * Part of the appointments service: appointments.service.ts composes it.
 */
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/ids.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import {
  closeAppointment,
  findAppointment,
  type AppointmentRow,
} from './appointments.repository.js';
import { toStaffAppointment } from './appointments.dto.js';

/** Compared against when the booking does not exist: no key equals it (a real key is 43 chars). */
const MISSING_KEY = '-';
export const notFoundError = () => notFound('APPOINTMENT_NOT_FOUND', 'Appointment');
export const closedError = () =>
  conflict('APPOINTMENT_CLOSED', 'This appointment can no longer be changed');

export type AppointmentRecords = ReturnType<typeof createAppointmentRecords>;

export function createAppointmentRecords(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier'> & {
    mail: Pick<MailService, 'appointmentCancelled'>;
  },
) {
  const { db, clock, notifier, mail } = deps;

  async function byKey(id: string, key: string | undefined): Promise<AppointmentRow> {
    const row = await findAppointment(db, id);
    // Compared even when the row is missing, so the answer's timing says nothing either way.
    const expected = row?.access_key ?? MISSING_KEY;
    if (!key || !safeEqual(key, expected) || !row) throw notFoundError();
    return row;
  }

  function announce(row: AppointmentRow): void {
    const payload = toStaffAppointment(row);
    notifier.toAdvisor(row.advisor_id, 'appointment:changed', payload);
    notifier.toAdmins('appointment:changed', payload);
  }

  async function reread(id: string): Promise<AppointmentRow> {
    const row = await findAppointment(db, id);
    if (!row) throw notFoundError();
    return row;
  }

  /** Cancels a held booking that has not started; 409 once it started or was closed. */
  async function cancelRow(row: AppointmentRow, by: 'client' | 'advisor' | 'admin') {
    if (row.status !== 'booked') throw closedError();
    if (by === 'client' && Date.parse(row.starts_at) <= clock.now().getTime()) throw closedError();
    const done = await closeAppointment(db, row.id, {
      status: 'cancelled',
      cancelledBy: by,
      updatedAt: clock.now().toISOString(),
    });
    if (!done) throw closedError();
    const after = await reread(row.id);
    announce(after);
    mail.appointmentCancelled(toMailAppointment(after), by);
    return after;
  }

  return { byKey, announce, reread, cancelRow };
}
