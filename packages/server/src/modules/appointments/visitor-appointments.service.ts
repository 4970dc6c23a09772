/**
 * The visitor's side of the appointments service: the free slots, booking one, and managing her
 * booking with its key (read, enter the call at its time, move it, cancel it).
 * Part of the appointments service: appointments.service.ts composes it.
 */
import {
  type Appointment,
  type BookAppointmentResponse,
  type CallRequestResponseData,
  type SlotsResponse,
  type bookAppointmentBodySchema,
  type slotsQuerySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { conflict } from '../../lib/app-error.js';
import { addressHash, createAllowance, phoneKey } from '../../lib/limits.js';
import { limaDayBoundsUtc } from '../../db/sql-fns.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { CallsService } from '../calls/calls.service.js';
import { toMailAppointment, type MailService } from '../mail/mail.service.js';
import { validZone } from './booking-caps.js';
import { BY_CLIENT, NO_SERVICE, type PlaceBooking } from './place-booking.js';
import { closedError, type AppointmentRecords } from './appointment-records.service.js';
import { slotUnavailable, type AppointmentSlots } from './appointment-slots.service.js';
import { closeAppointment, moveIfFree, type AppointmentRow } from './appointments.repository.js';
import { DAY, MINUTE, toAppointment, toSlot } from './appointments.dto.js';
import { horizonEnd, type SlotRules } from './slots.js';
import type { WhatsappService } from '../whatsapp/whatsapp.service.js';

/** The rules with the booking's own length: a service keeps the minutes it was booked with. */
const lengthOf = <R extends SlotRules>(row: AppointmentRow, r: R): R =>
  row.kind === 'service' && row.service_minutes !== null
    ? { ...r, slotMinutes: Number(row.service_minutes) }
    : r;

export function createVisitorAppointments(
  deps: Pick<Deps, 'db' | 'clock'> &
    Partial<Pick<Deps, 'limitStore'>> & {
      config: Pick<
        Deps['config'],
        'bookingOpenLimit' | 'bookingOpenAddressLimit' | 'bookingChangesDailyLimit'
      >;
      advisors: Pick<AdvisorsService, 'liveRecords' | 'consultingRecords' | 'publicPhotos'>;
      calls: Pick<CallsService, 'request'>;
      mail: Pick<MailService, 'appointmentBooked' | 'appointmentRescheduled'>;
      whatsapp?: Pick<WhatsappService, 'consent' | 'appointmentChangedLater'>;
    },
  parts: { slots: AppointmentSlots; records: AppointmentRecords; place: PlaceBooking },
) {
  const { db, clock, advisors, calls, mail, config } = deps;
  /** Moves per booking and day: each one e-mails her, so a loop cannot mail an inbox to death. */
  const changes = createAllowance(
    'booking-changes',
    { points: config.bookingChangesDailyLimit, duration: 24 * 60 * 60 },
    deps.limitStore ?? null,
  );

  const { rules, slotsOf, alternatives } = parts.slots;
  const { byKey, announce, reread, cancelRow } = parts.records;

  return {
    async slots(q: z.output<typeof slotsQuerySchema>): Promise<SlotsResponse> {
      const r = await rules();
      const now = clock.now().getTime();
      const live = await advisors.consultingRecords();
      const shown = live.filter((a) => a.showOnLanding);
      // Her photo as the landing's team shows it.
      const photos = await advisors.publicPhotos(shown.map((a) => a.id));
      const choosable = shown.map((a) => ({
        advisorId: a.id,
        name: a.name,
        title: a.title,
        expertise: a.expertise,
        photo: photos.get(a.id) ?? null,
      }));
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
      const own = lengthOf(row, r);
      const slots = await slotsOf(advisor, own, from, from + q.days * DAY, row.id);
      return { enabled: true, ...base, slotMinutes: own.slotMinutes, slots: slots.map(toSlot) };
    },

    /** `address`: the client address that books, counted by the caps (none from internal callers). */
    async book(
      body: z.output<typeof bookAppointmentBodySchema>,
      opts: { address?: string } = {},
    ): Promise<BookAppointmentResponse> {
      const live = await advisors.consultingRecords();
      const candidates = body.advisorId
        ? live.filter((a) => a.id === body.advisorId && a.showOnLanding)
        : live;
      const {
        row,
        key,
        mail: mailed,
      } = await parts.place({
        candidates,
        rules: await rules(),
        startsAt: body.startsAt,
        who: {
          phoneDigits: phoneKey(body.phone),
          email: body.email,
          addressHash: opts.address ? addressHash(opts.address) : null,
        },
        fields: {
          subject: body.subject,
          client_name: body.name,
          client_phone: body.phone,
          client_email: body.email,
          message: body.message,
          language: body.language,
          time_zone: validZone(body.timeZone),
          ...NO_SERVICE,
          ...BY_CLIENT,
        },
        // Her WhatsApp choice, kept with the booking it is for.
        onInserted: async (trx, id) => {
          await deps.whatsapp?.consent(trx, id, body.phone, body.whatsapp);
        },
      });
      return { appointment: toAppointment(row), key, mail: mailed };
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
      if (row.kind === 'service')
        throw conflict(
          'APPOINTMENT_IN_SALON',
          'This appointment is in the salon, not a video call',
        );
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
      await db.transaction().execute(async (trx) => {
        const closed = await closeAppointment(trx, row.id, {
          status: 'attended',
          callId: call.callId,
          updatedAt: clock.now().toISOString(),
        });
        if (closed) await parts.records.tell(trx, 'appointment.attended', row.id);
      });
      announce(await reread(row.id));
      return call;
    },

    async cancelByClient(id: string, key: string | undefined): Promise<Appointment> {
      return toAppointment(await cancelRow(await byKey(id, key), 'client'));
    },

    /** Another free slot of the same stylist, until the booking starts. */
    async reschedule(id: string, key: string | undefined, startsAt: string): Promise<Appointment> {
      const row = await byKey(id, key);
      if (row.status !== 'booked' || Date.parse(row.starts_at) <= clock.now().getTime())
        throw closedError();
      const r = lengthOf(row, await rules());
      const advisor = (await advisors.liveRecords()).filter((a) => a.id === row.advisor_id);
      const at = Date.parse(startsAt);
      const free = (await slotsOf(advisor, r, at, at, row.id)).some((s) => s.startsAt === at);
      if (!free) throw slotUnavailable(await alternatives(advisor, r, at, row.id));
      if (!(await changes.reserve(row.id)))
        throw conflict('BOOKING_CHANGE_LIMIT', 'This booking was moved too often today', {
          max: config.bookingChangesDailyLimit,
        });
      const moved = await moveIfFree(db, row.id, {
        advisorId: row.advisor_id,
        startsAt: new Date(at).toISOString(),
        endsAt: new Date(at + r.slotMinutes * MINUTE).toISOString(),
        heldUntil: new Date(at + (r.slotMinutes + r.bufferMinutes) * MINUTE).toISOString(),
        updatedAt: clock.now().toISOString(),
      });
      if (!moved) {
        // Not moved: the change was not made, so it does not count.
        await changes.release(row.id);
        throw slotUnavailable(await alternatives(advisor, r, at, row.id));
      }
      const after = await reread(row.id);
      announce(after);
      mail.appointmentRescheduled(toMailAppointment(after));
      deps.whatsapp?.appointmentChangedLater('changed', after);
      return toAppointment(after);
    },
  };
}
