/**
 * The salon's side of the appointments service: advisors list and cancel their bookings, admins
 * everyone's and reassign them; the sweeper marks the no-shows.
 * Part of the appointments service: appointments.service.ts composes it.
 */
import {
  APPOINTMENT_NO_SHOW_MINUTES,
  type StaffAppointment,
  type appointmentsQuerySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { Actor, AdvisorsService } from '../advisors/advisors.service.js';
import type { SalonServicesService } from '../catalogue/salon-services.service.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import {
  closedError,
  notFoundError,
  type AppointmentRecords,
} from './appointment-records.service.js';
import {
  closeAppointment,
  findAppointment,
  listAppointments,
  moveIfFree,
} from './appointments.repository.js';
import { DAY, MINUTE, toStaffAppointment } from './appointments.dto.js';
import type { WhatsappService } from '../whatsapp/whatsapp.service.js';

export function createStaffAppointments(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier'> & {
    advisors: Pick<AdvisorsService, 'exists' | 'takesConsultations'>;
    mail: Pick<MailService, 'appointmentReassigned'>;
    whatsapp?: Pick<WhatsappService, 'appointmentChangedLater'>;
    /** who does a service now (catalogue): a service booking goes only to one of them */
    salonServices: Pick<SalonServicesService, 'byIds'>;
  },
  parts: { records: AppointmentRecords },
) {
  const { db, clock, notifier, advisors, mail, salonServices } = deps;
  const { announce, reread, cancelRow } = parts.records;

  return {
    /**
     * Consultations whose visitor has not entered by APPOINTMENT_NO_SHOW_MINUTES after the start.
     * A service is done in the salon, where no call tells whether she came: never swept.
     */
    async markNoShows(now: Date = clock.now()): Promise<number> {
      const cutoff = new Date(now.getTime() - APPOINTMENT_NO_SHOW_MINUTES * MINUTE).toISOString();
      const late = await listAppointments(db, {
        status: 'booked',
        kind: 'consultation',
        to: cutoff,
        limit: 200,
      });
      let marked = 0;
      for (const row of late) {
        const done = await closeAppointment(db, row.id, {
          status: 'no_show',
          updatedAt: now.toISOString(),
        });
        if (!done) continue; // another instance, or she entered meanwhile
        marked += 1;
        announce(await reread(row.id));
      }
      return marked;
    },

    async cancelByStaff(actor: Actor, id: string): Promise<StaffAppointment> {
      const row = await findAppointment(db, id);
      if (!row) throw notFoundError();
      if (!actor.isAdmin && row.advisor_id !== actor.advisorId) throw forbidden();
      return toStaffAppointment(await cancelRow(row, actor.isAdmin ? 'admin' : 'advisor'));
    },

    /** Admin: the booking goes to another advisor free at its time. */
    async reassign(actor: Actor, id: string, advisorId: string): Promise<StaffAppointment> {
      if (!actor.isAdmin) throw forbidden();
      const row = await findAppointment(db, id);
      if (!row) throw notFoundError();
      if (row.status !== 'booked' || Date.parse(row.starts_at) <= clock.now().getTime())
        throw closedError();
      if (!(await advisors.exists(advisorId))) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
      // Not to the owner's own account, unless the landing shows her as a stylist too.
      if (!(await advisors.takesConsultations(advisorId)))
        throw conflict('ADVISOR_NOT_BOOKABLE', 'That account takes no consultations');
      // A service only to a stylist who does it (the catalogue's list now; gone: nobody does).
      if (row.kind === 'service' && row.service_id !== null) {
        const service = (await salonServices.byIds([row.service_id])).get(row.service_id);
        if (!service?.stylistIds.includes(advisorId))
          throw conflict('SERVICE_NOT_DONE_BY_STYLIST', 'That stylist does not do this service');
      }
      const moved = await moveIfFree(db, row.id, {
        advisorId,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        heldUntil: row.held_until,
        updatedAt: clock.now().toISOString(),
      });
      if (!moved)
        throw conflict('SLOT_UNAVAILABLE', 'That advisor is booked then', { alternatives: [] });
      const after = await reread(row.id);
      // The advisor who lost it hears of it too.
      notifier.toAdvisor(row.advisor_id, 'appointment:changed', toStaffAppointment(after));
      announce(after);
      mail.appointmentReassigned(toMailAppointment(after));
      deps.whatsapp?.appointmentChangedLater('changed', after);
      return toStaffAppointment(after);
    },

    async list(
      actor: Actor,
      q: z.output<typeof appointmentsQuerySchema>,
    ): Promise<StaffAppointment[]> {
      if (!actor.isAdmin && q.advisorId && q.advisorId !== actor.advisorId) throw forbidden();
      const advisorId = actor.isAdmin ? q.advisorId : actor.advisorId;
      const first = q.day ? limaDayBoundsUtc(q.day) : undefined;
      const bounds = first && {
        start: first.start,
        end: new Date(Date.parse(first.end) + (q.days - 1) * DAY).toISOString(),
      };
      const nowIso = clock.now().toISOString();
      const from = q.upcoming
        ? bounds && bounds.start > nowIso
          ? bounds.start
          : nowIso
        : bounds?.start;
      const rows = await listAppointments(db, {
        advisorId,
        status: q.status,
        kind: q.kind,
        from,
        to: bounds?.end,
        limit: q.limit,
      });
      return rows.map(toStaffAppointment);
    },
  };
}
