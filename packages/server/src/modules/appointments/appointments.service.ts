/**
 * Appointments (issue 16): free slots, booking, and the visitor's management of her booking with
 * its key; advisors and admins list them, cancel them, and admins reassign them.
 *
 * Rules:
 * - Every live advisor's working hours make slots; the visitor may choose among those an admin
 *   shows on the landing, or leave it to the salon (any free advisor, the least booked that day
 *   first). Every advisor is qualified for every subject (expertise is free text: decisions.md).
 * - A booking is one conditional insert; racing bookings of the last place yield one success, the
 *   others 409 SLOT_UNAVAILABLE with the nearest free slots.
 * - The key is returned once and e-mailed (confirmation, reminders); a wrong key, or another
 *   booking's, is 404.
 * - The visitor cancels or reschedules (same stylist) until the start; then 409 APPOINTMENT_CLOSED.
 * - Events `appointment:changed` go to the advisor and the admins after each write; the visitor
 *   is e-mailed (when she left an address and SMTP is set) on booking, move, reassign and cancel.
 * - At the time: she enters (a call rung at her advisor first); 10 minutes late, no-show.
 */
import {
  APPOINTMENT_ALTERNATIVES,
  APPOINTMENT_JOIN_EARLY_MINUTES,
  APPOINTMENT_NO_SHOW_MINUTES,
  DISPLAY_TIME_ZONE,
  type slotsQuerySchema,
  type Appointment,
  type BookAppointmentResponse,
  type CallRequestResponseData,
  type Slot,
  type SlotsResponse,
  type StaffAppointment,
  type appointmentsQuerySchema,
  type bookAppointmentBodySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { conflict, forbidden, notFound, type AppError } from '../../lib/app-error.js';
import { newId, newSecret, safeEqual } from '../../lib/ids.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { Actor, AdvisorRecord, AdvisorsService } from '../advisors/advisors.service.js';
import type { CallsService } from '../calls/calls.service.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  findAppointment,
  insertIfFree,
  listAppointments,
  closeAppointment,
  moveIfFree,
  selectHeld,
  type AppointmentRow,
} from './appointments.repository.js';
import { freeSlots, horizonEnd, nearestSlots, type FreeSlot, type SlotRules } from './slots.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Compared against when the booking does not exist: no key equals it (a real key is 43 chars). */
const MISSING_KEY = '-';
const notFoundError = () => notFound('APPOINTMENT_NOT_FOUND', 'Appointment');
const closedError = () =>
  conflict('APPOINTMENT_CLOSED', 'This appointment can no longer be changed');

const toSlot = (s: FreeSlot): Slot => ({
  startsAt: new Date(s.startsAt).toISOString(),
  endsAt: new Date(s.endsAt).toISOString(),
});

function validZone(zone: string | undefined): string {
  if (!zone) return DISPLAY_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DISPLAY_TIME_ZONE;
  }
}

export function toAppointment(r: AppointmentRow): Appointment {
  const start = Date.parse(r.starts_at);
  return {
    appointmentId: r.id,
    status: r.status,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    subject: r.subject,
    clientName: r.client_name,
    language: r.language,
    advisor: { advisorId: r.advisor_id, name: r.advisor_name, title: r.advisor_title },
    joinFrom: new Date(start - APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE).toISOString(),
    joinUntil: new Date(start + APPOINTMENT_NO_SHOW_MINUTES * MINUTE).toISOString(),
    callId: r.call_id,
    createdAt: r.created_at,
  };
}

function toStaffAppointment(r: AppointmentRow): StaffAppointment {
  return {
    ...toAppointment(r),
    clientPhone: r.client_phone,
    clientEmail: r.client_email,
    message: r.message,
    cancelledBy: r.cancelled_by,
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;

export function createAppointmentsService(
  deps: Pick<Deps, 'db' | 'clock' | 'notifier'> & {
    settings: SettingsService;
    advisors: AdvisorsService;
    calls: Pick<CallsService, 'request'>;
    mail: Pick<
      MailService,
      | 'configured'
      | 'appointmentBooked'
      | 'appointmentRescheduled'
      | 'appointmentReassigned'
      | 'appointmentCancelled'
    >;
  },
) {
  const { db, clock, notifier, settings, advisors, calls, mail } = deps;

  async function rules(): Promise<SlotRules & { enabled: boolean }> {
    return (await settings.get()).appointments;
  }

  /**
   * The free slots of these advisors between two instants (clipped to notice and horizon);
   * `exceptId`: a booking set aside (the one being rescheduled does not hide its neighbours).
   */
  async function slotsOf(
    candidates: readonly AdvisorRecord[],
    r: SlotRules,
    from: number,
    to: number,
    exceptId?: string,
  ): Promise<FreeSlot[]> {
    const now = clock.now().getTime();
    const ids = candidates.map((a) => a.id);
    const held = await selectHeld(
      db,
      ids,
      new Date(from - DAY).toISOString(),
      new Date(to + DAY).toISOString(),
    );
    return freeSlots({
      advisors: candidates.map((a) => ({
        advisorId: a.id,
        timezone: a.timezone,
        workingHours: a.workingHours,
      })),
      bookings: held
        .filter((b) => b.id !== exceptId)
        .map((b) => ({
          advisorId: b.advisor_id,
          startsAt: Date.parse(b.starts_at),
          endsAt: Date.parse(b.held_until) - r.bufferMinutes * MINUTE,
        })),
      rules: r,
      now,
      from,
      to,
    });
  }

  /** The nearest free slots to an instant, for a 409's details. */
  async function alternatives(
    candidates: readonly AdvisorRecord[],
    r: SlotRules,
    at: number,
    exceptId?: string,
  ): Promise<Slot[]> {
    const now = clock.now().getTime();
    const all = await slotsOf(candidates, r, now, horizonEnd(now, r), exceptId);
    return nearestSlots(all, at, APPOINTMENT_ALTERNATIVES).map(toSlot);
  }

  function unavailable(alternativeSlots: Slot[]): AppError {
    return conflict('SLOT_UNAVAILABLE', 'That slot is no longer free', {
      alternatives: alternativeSlots,
    });
  }

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

  return {
    async slots(q: z.output<typeof slotsQuerySchema>): Promise<SlotsResponse> {
      const r = await rules();
      const now = clock.now().getTime();
      const live = await advisors.liveRecords();
      const choosable = live
        .filter((a) => a.showOnLanding)
        .map((a) => ({ advisorId: a.id, name: a.name, title: a.title, expertise: a.expertise }));
      const base = {
        slotMinutes: r.slotMinutes,
        horizonEndsAt: new Date(horizonEnd(now, r)).toISOString(),
      };
      if (!r.enabled) return { enabled: false, ...base, slots: [], advisors: [] };
      // A stylist the visitor cannot choose (unknown, deleted, or not shown) has no slots to offer.
      const candidates = q.advisorId
        ? live.filter((a) => a.id === q.advisorId && a.showOnLanding)
        : live;
      const from = q.from ? Date.parse(limaDayBoundsUtc(q.from).start) : now;
      const to = from + q.days * DAY;
      const slots = (await slotsOf(candidates, r, from, to)).map(toSlot);
      return { enabled: true, ...base, slots, advisors: choosable };
    },

    /**
     * Where her booking can move: the free slots of its own stylist (shown on the landing or
     * not), her booking set aside so it does not hide its neighbours.
     */
    async slotsForBooking(
      id: string,
      key: string | undefined,
      q: z.output<typeof slotsQuerySchema>,
    ): Promise<SlotsResponse> {
      const row = await byKey(id, key);
      const r = await rules();
      const now = clock.now().getTime();
      const base = {
        slotMinutes: r.slotMinutes,
        horizonEndsAt: new Date(horizonEnd(now, r)).toISOString(),
        advisors: [],
      };
      if (!r.enabled) return { enabled: false, ...base, slots: [] };
      const advisor = (await advisors.liveRecords()).filter((a) => a.id === row.advisor_id);
      const from = q.from ? Date.parse(limaDayBoundsUtc(q.from).start) : now;
      const slots = await slotsOf(advisor, r, from, from + q.days * DAY, row.id);
      return { enabled: true, ...base, slots: slots.map(toSlot) };
    },

    async book(body: z.output<typeof bookAppointmentBodySchema>): Promise<BookAppointmentResponse> {
      const r = await rules();
      if (!r.enabled) throw conflict('BOOKING_DISABLED', 'The salon is not taking appointments');
      const live = await advisors.liveRecords();
      const candidates = body.advisorId
        ? live.filter((a) => a.id === body.advisorId && a.showOnLanding)
        : live;
      const at = Date.parse(body.startsAt);
      const slot = (await slotsOf(candidates, r, at, at)).find((s) => s.startsAt === at);
      if (!slot) throw unavailable(await alternatives(candidates, r, at));

      // The least booked of the free advisors that day first; a race lost moves to the next.
      const day = limaDayBoundsUtc(limaDateOf(new Date(at)));
      const sameDay = await listAppointments(db, {
        status: 'booked',
        from: day.start,
        to: day.end,
        limit: 10_000,
      });
      const load = (id: string) => sameDay.filter((b) => b.advisor_id === id).length;
      const order = [...slot.advisorIds].sort((a, b) => load(a) - load(b));

      const key = newSecret();
      const now = clock.now().toISOString();
      const id = newId('apt');
      for (const advisorId of order) {
        const ok = await insertIfFree(db, {
          id,
          advisor_id: advisorId,
          status: 'booked',
          starts_at: new Date(slot.startsAt).toISOString(),
          ends_at: new Date(slot.endsAt).toISOString(),
          held_until: new Date(slot.endsAt + r.bufferMinutes * MINUTE).toISOString(),
          subject: body.subject,
          client_name: body.name,
          client_phone: body.phone,
          client_email: body.email,
          message: body.message,
          language: body.language,
          time_zone: validZone(body.timeZone),
          access_key: key,
          call_id: null,
          cancelled_by: null,
          created_at: now,
          updated_at: now,
          reminded_day_at: null,
          reminded_hour_at: null,
        });
        if (!ok) continue;
        const row = await reread(id);
        announce(row);
        mail.appointmentBooked(toMailAppointment(row));
        return {
          appointment: toAppointment(row),
          key,
          emailed: mail.configured && row.client_email !== '',
        };
      }
      throw unavailable(await alternatives(candidates, r, at));
    },

    async get(id: string, key: string | undefined): Promise<Appointment> {
      return toAppointment(await byKey(id, key));
    },

    /**
     * The visitor enters her booked call, from APPOINTMENT_JOIN_EARLY_MINUTES before its start
     * until she counts as a no-show: a call like a walk-in's, but rung at her advisor first
     * (calls.request with the booking). The booking is then attended, with its call.
     */
    async enter(id: string, key: string | undefined): Promise<CallRequestResponseData> {
      const row = await byKey(id, key);
      if (row.status !== 'booked') throw closedError();
      const view = toAppointment(row);
      const now = clock.now().toISOString();
      if (now < view.joinFrom)
        throw conflict('APPOINTMENT_NOT_OPEN', 'The appointment opens later', {
          joinFrom: view.joinFrom,
        });
      if (now > view.joinUntil) throw closedError();
      const call = await calls.request(
        {
          name: row.client_name,
          phone: row.client_phone,
          email: row.client_email,
          subject: row.subject,
          message: row.message,
          company: '',
          source: 'appointment',
          consent: true,
          language: row.language,
        },
        { appointmentId: row.id },
      );
      await closeAppointment(db, row.id, {
        status: 'attended',
        callId: call.callId,
        updatedAt: clock.now().toISOString(),
      });
      announce(await reread(row.id));
      return call;
    },

    /** Bookings whose visitor has not come by APPOINTMENT_NO_SHOW_MINUTES after the start. */
    async markNoShows(now: Date = clock.now()): Promise<number> {
      const cutoff = new Date(now.getTime() - APPOINTMENT_NO_SHOW_MINUTES * MINUTE).toISOString();
      const late = await listAppointments(db, { status: 'booked', to: cutoff, limit: 200 });
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

    async cancelByClient(id: string, key: string | undefined): Promise<Appointment> {
      return toAppointment(await cancelRow(await byKey(id, key), 'client'));
    },

    async cancelByStaff(actor: Actor, id: string): Promise<StaffAppointment> {
      const row = await findAppointment(db, id);
      if (!row) throw notFoundError();
      if (!actor.isAdmin && row.advisor_id !== actor.advisorId) throw forbidden();
      return toStaffAppointment(await cancelRow(row, actor.isAdmin ? 'admin' : 'advisor'));
    },

    /** Another free slot of the same stylist, until the booking starts. */
    async reschedule(id: string, key: string | undefined, startsAt: string): Promise<Appointment> {
      const row = await byKey(id, key);
      if (row.status !== 'booked' || Date.parse(row.starts_at) <= clock.now().getTime())
        throw closedError();
      const r = await rules();
      const advisor = (await advisors.liveRecords()).filter((a) => a.id === row.advisor_id);
      const at = Date.parse(startsAt);
      const free = (await slotsOf(advisor, r, at, at, row.id)).some((s) => s.startsAt === at);
      if (!free) throw unavailable(await alternatives(advisor, r, at, row.id));
      const moved = await moveIfFree(db, row.id, {
        advisorId: row.advisor_id,
        startsAt: new Date(at).toISOString(),
        endsAt: new Date(at + r.slotMinutes * MINUTE).toISOString(),
        heldUntil: new Date(at + (r.slotMinutes + r.bufferMinutes) * MINUTE).toISOString(),
        updatedAt: clock.now().toISOString(),
      });
      if (!moved) throw unavailable(await alternatives(advisor, r, at, row.id));
      const after = await reread(row.id);
      announce(after);
      mail.appointmentRescheduled(toMailAppointment(after));
      return toAppointment(after);
    },

    /** Admin: the booking goes to another advisor free at its time. */
    async reassign(actor: Actor, id: string, advisorId: string): Promise<StaffAppointment> {
      if (!actor.isAdmin) throw forbidden();
      const row = await findAppointment(db, id);
      if (!row) throw notFoundError();
      if (row.status !== 'booked' || Date.parse(row.starts_at) <= clock.now().getTime())
        throw closedError();
      if (!(await advisors.exists(advisorId))) throw notFound('ADVISOR_NOT_FOUND', 'Advisor');
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
      return toStaffAppointment(after);
    },

    async list(
      actor: Actor,
      q: z.output<typeof appointmentsQuerySchema>,
    ): Promise<StaffAppointment[]> {
      if (!actor.isAdmin && q.advisorId && q.advisorId !== actor.advisorId) throw forbidden();
      const advisorId = actor.isAdmin ? q.advisorId : actor.advisorId;
      const bounds = q.day ? limaDayBoundsUtc(q.day) : undefined;
      const nowIso = clock.now().toISOString();
      const from = q.upcoming
        ? bounds && bounds.start > nowIso
          ? bounds.start
          : nowIso
        : bounds?.start;
      const rows = await listAppointments(db, {
        advisorId,
        status: q.status,
        from,
        to: bounds?.end,
        limit: q.limit,
      });
      return rows.map(toStaffAppointment);
    },
  };
}
