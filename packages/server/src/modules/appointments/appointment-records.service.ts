/**
 * One booking at a time, for the appointments service's visitor and staff parts: reading it (by
 * one of the visitor's keys, looked up by its hash), announcing a change to its advisor and the
 * admins, and the cancellation both sides share.
 * Part of the appointments service: appointments.service.ts composes it.
 */
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { hashSecret } from '../../lib/ids.js';
import type { Db } from '../../db/kysely.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import type { AppointmentEventType, WebhooksService } from '../webhooks/webhooks.service.js';
import {
  closeAppointment,
  findAppointment,
  findAppointmentByKey,
  type AppointmentRow,
} from './appointments.repository.js';
import { toStaffAppointment } from './appointments.dto.js';
import type { WhatsappService } from '../whatsapp/whatsapp.service.js';

/** Longer than any key the server makes: not even hashed. */
const KEY_MAX = 200;
export const notFoundError = () => notFound('APPOINTMENT_NOT_FOUND', 'Appointment');
export const closedError = () =>
  conflict('APPOINTMENT_CLOSED', 'This appointment can no longer be changed');

export type AppointmentRecords = ReturnType<typeof createAppointmentRecords>;

export function createAppointmentRecords(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier'> & {
    mail: Pick<MailService, 'appointmentCancelled'>;
    webhooks: Pick<WebhooksService, 'appointmentChanged'>;
    whatsapp?: Pick<WhatsappService, 'appointmentChanged'>;
  },
) {
  const { db, clock, notifier, mail, webhooks } = deps;

  /** The booking's webhook event, inside the transaction of the change (its row as it now is). */
  async function tell(trx: Db, type: AppointmentEventType, id: string): Promise<void> {
    const row = await findAppointment(trx, id);
    if (row) await webhooks.appointmentChanged(trx, type, row);
    // Her WhatsApp message of the change, in the same outbox fashion (when she consented).
    if (row && type !== 'appointment.attended')
      await deps.whatsapp?.appointmentChanged(
        trx,
        type === 'appointment.booked' ? 'booked' : 'cancelled',
        row,
      );
  }

  /**
   * The booking that `key` opens. Looked up by the key's hash, as sessions are: the database
   * compares digests, which say nothing of the key, and an unknown id, a wrong key or another
   * booking's all take the same one query.
   */
  async function byKey(id: string, key: string | undefined): Promise<AppointmentRow> {
    if (!key || key.length > KEY_MAX) throw notFoundError();
    const row = await findAppointmentByKey(db, id, hashSecret(key));
    if (!row) throw notFoundError();
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
    const done = await db.transaction().execute(async (trx) => {
      const closed = await closeAppointment(trx, row.id, {
        status: 'cancelled',
        cancelledBy: by,
        updatedAt: clock.now().toISOString(),
      });
      if (closed) await tell(trx, 'appointment.cancelled', row.id);
      return closed;
    });
    if (!done) throw closedError();
    const after = await reread(row.id);
    announce(after);
    mail.appointmentCancelled(toMailAppointment(after), by);
    return after;
  }

  return { byKey, announce, reread, cancelRow, tell };
}
