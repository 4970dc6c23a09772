/**
 * What became of an in-salon service booking (docs/product.md#service-outcomes): its stylist or an
 * admin records, from the booking's start on, that it was done at a final price, or not done
 * (she did not come, or it was called off in the salon).
 *
 * Rules:
 * - A stylist records her own bookings only (403 otherwise); an admin anyone's.
 * - Only service bookings (409 OUTCOME_NOT_SERVICE): a consultation's outcome is its call's.
 * - Not before the start (409 OUTCOME_TOO_EARLY with details.startsAt).
 * - Once recorded, only an admin corrects it (409 OUTCOME_ALREADY_RECORDED for the stylist); a
 *   booking cancelled beforehand (nothing happened in the salon) is 409 APPOINTMENT_CLOSED.
 * - Each record keeps when and by whom; the CRM hears `appointment.attended` (with the final
 *   price) or `appointment.cancelled`, once per booking (webhooks.service.ts dedupes), in the
 *   transaction of the change; the advisor and the admins get `appointment:changed` after it.
 * Part of the appointments service: appointments.service.ts composes it.
 */
import type { StaffAppointment, recordOutcomeBodySchema } from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { conflict, forbidden } from '../../lib/app-error.js';
import type { Actor } from '../advisors/advisors.service.js';
import {
  closedError,
  notFoundError,
  type AppointmentRecords,
} from './appointment-records.service.js';
import { findAppointment } from './appointments.repository.js';
import { toStaffAppointment } from './appointments.dto.js';
import { recordOutcome } from './service-outcomes.repository.js';
import { toCents } from '../catalogue/catalogue.dto.js';

const alreadyRecorded = () =>
  conflict('OUTCOME_ALREADY_RECORDED', 'The outcome was recorded already; an admin may correct it');

export function createServiceOutcomes(
  deps: Pick<Deps, 'db' | 'clock'>,
  parts: { records: AppointmentRecords },
) {
  const { db, clock } = deps;
  const { announce, reread, tell } = parts.records;

  return {
    async recordOutcome(
      actor: Actor,
      id: string,
      body: z.output<typeof recordOutcomeBodySchema>,
    ): Promise<StaffAppointment> {
      const row = await findAppointment(db, id);
      if (!row) throw notFoundError();
      if (!actor.isAdmin && row.advisor_id !== actor.advisorId) throw forbidden();
      if (row.kind !== 'service')
        throw conflict('OUTCOME_NOT_SERVICE', 'A consultation has no recorded outcome');
      const now = clock.now();
      if (Date.parse(row.starts_at) > now.getTime())
        throw conflict('OUTCOME_TOO_EARLY', 'The booking has not started yet', {
          startsAt: row.starts_at,
        });
      if (row.status !== 'booked') {
        if (row.outcome_at === null) throw closedError();
        if (!actor.isAdmin) throw alreadyRecorded();
      }
      const at = now.toISOString();
      const status = body.outcome;
      const done = await db.transaction().execute(async (trx) => {
        const written = await recordOutcome(trx, row.id, row, {
          status,
          priceCents: body.outcome === 'attended' ? toCents(body.finalPrice) : null,
          cancelledBy: status === 'cancelled' ? (actor.isAdmin ? 'admin' : 'advisor') : null,
          by: actor.advisorId,
          at,
        });
        if (written && status === 'attended') await tell(trx, 'appointment.attended', row.id);
        if (written && status === 'cancelled') await tell(trx, 'appointment.cancelled', row.id);
        return written;
      });
      if (!done) throw alreadyRecorded();
      const after = await reread(row.id);
      announce(after);
      return toStaffAppointment(after);
    },
  };
}
