/**
 * HTTP routes of appointments (docs/product.md#appointments): free slots and booking (public), the
 * visitor's booking by its key (`x-appointment-key`), and the staff's list, cancel and reassign (a
 * session).
 */
import {
  APPOINTMENT_KEY_HEADER,
  APPOINTMENT_ALTERNATIVES,
  APPOINTMENT_JOIN_EARLY_MINUTES,
  APPOINTMENT_NO_SHOW_MINUTES,
  callRequestResponseDataSchema,
  appointmentSchema,
  appointmentsQuerySchema,
  bookAppointmentBodySchema,
  bookAppointmentResponseSchema,
  idSchema,
  ok,
  reassignBodySchema,
  recordOutcomeBodySchema,
  rescheduleBodySchema,
  slotsQuerySchema,
  slotsResponseSchema,
  staffAppointmentSchema,
} from '@belleza/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPOINTMENT_REQUESTS_PER_ADDRESS } from '../../lib/limits.js';
import { advisorOnly, adminOnly, requireAdmin, requireAdvisor } from '../../plugins/auth.js';
import type { AppointmentsService } from './appointments.service.js';

export type AppointmentsRoutesOptions = { appointments: AppointmentsService };

const bearer = [{ bearer: [] }];
const noSession: Record<string, string[]>[] = [{}];
const limit = { rateLimit: APPOINTMENT_REQUESTS_PER_ADDRESS };
const params = z.object({ appointmentId: idSchema });
const keyNote = ` Send the key of the booking's manage address (after the #) in the \`${APPOINTMENT_KEY_HEADER}\` header; a wrong or missing key, or an unknown booking, is 404 APPOINTMENT_NOT_FOUND. At most ${APPOINTMENT_REQUESTS_PER_ADDRESS.max} requests per address and minute (429).`;
const unavailableNote = `409 SLOT_UNAVAILABLE when the slot is not free (taken meanwhile, outside the hours, too soon or beyond the horizon), with \`details.alternatives\`: the ${APPOINTMENT_ALTERNATIVES} nearest free slots.`;

/** The manage key as sent; anything else (missing, repeated) opens nothing. */
function keyOf(req: FastifyRequest): string | undefined {
  const key = req.headers[APPOINTMENT_KEY_HEADER];
  return typeof key === 'string' ? key : undefined;
}

export const appointmentsRoutes: FastifyPluginAsyncZod<AppointmentsRoutesOptions> = (
  app,
  { appointments },
) => {
  app.get(
    '/appointments/slots',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: noSession,
        summary:
          "Free slots from the advisors' working hours minus bookings, between the minimum notice and the horizon (Admin → Configuración → Citas), and the stylists a visitor may choose (those shown on the landing). `advisorId`: only that stylist's slots. `from`: a day in America/Lima (default: now).",
        querystring: slotsQuerySchema,
        response: { 200: ok(slotsResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await appointments.slots(req.query) }),
  );

  app.post(
    '/appointments',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: noSession,
        summary: `Book a slot: with the chosen stylist, or any advisor free then. Answers the booking and its manage key (once). ${unavailableNote} 409 BOOKING_DISABLED when the salon takes no bookings.`,
        body: bookAppointmentBodySchema,
        response: { 201: ok(bookAppointmentResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = await appointments.book(req.body, { address: req.ip });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/appointments/:appointmentId',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: noSession,
        summary: `The visitor's booking.${keyNote}`,
        params,
        response: { 200: ok(appointmentSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await appointments.get(req.params.appointmentId, keyOf(req)),
    }),
  );

  app.get(
    '/appointments/:appointmentId/slots',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: noSession,
        summary: `Where the visitor's booking can move: the free slots of its own stylist (whether or not she is shown on the landing), the booking itself set aside. Same query as /appointments/slots but \`advisorId\`; \`advisors\` is empty.${keyNote}`,
        params,
        querystring: slotsQuerySchema,
        response: { 200: ok(slotsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await appointments.slotsForBooking(req.params.appointmentId, keyOf(req), req.query),
    }),
  );

  app.post(
    '/appointments/:appointmentId/cancel',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: [...bearer, ...noSession],
        summary: `Cancel a booking: the visitor with its key until it starts; or, with a session, its advisor or an admin (the visitor's key is then not needed). 409 APPOINTMENT_CLOSED once it started, or when it was cancelled or closed before.${keyNote}`,
        params,
        response: { 200: ok(z.union([staffAppointmentSchema, appointmentSchema])) },
      },
    },
    async (req) => ({
      success: true as const,
      data: req.user
        ? await appointments.cancelByStaff(req.user, req.params.appointmentId)
        : await appointments.cancelByClient(req.params.appointmentId, keyOf(req)),
    }),
  );

  app.post(
    '/appointments/:appointmentId/reschedule',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: noSession,
        summary: `Move the booking to another free slot of the same stylist, until it starts (then 409 APPOINTMENT_CLOSED). ${unavailableNote}${keyNote}`,
        params,
        body: rescheduleBodySchema,
        response: { 200: ok(appointmentSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await appointments.reschedule(req.params.appointmentId, keyOf(req), req.body.startsAt),
    }),
  );

  app.post(
    '/appointments/:appointmentId/enter',
    {
      config: limit,
      schema: {
        tags: ['appointments'],
        security: noSession,
        summary: `The visitor enters her booked consultation, from ${APPOINTMENT_JOIN_EARLY_MINUTES} minutes before its start (earlier: 409 APPOINTMENT_NOT_OPEN with \`details.joinFrom\`) until ${APPOINTMENT_NO_SHOW_MINUTES} minutes after it (then, or once entered or cancelled, 409 APPOINTMENT_CLOSED). Answers like POST /api/calls/request: a call rung at the booked advisor first (if she does not answer, the normal routing takes over), with the call's clientKey. 503 NO_ADVISORS_AVAILABLE when nobody is online, as for a walk-in.${keyNote}`,
        params,
        response: { 201: ok(callRequestResponseDataSchema) },
      },
    },
    async (req, reply) => {
      const data = await appointments.enter(req.params.appointmentId, keyOf(req));
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/appointments',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['appointments'],
        security: bearer,
        summary:
          "Bookings by start, soonest first: an advisor her own (asking for another advisor's is 403), an admin everyone's, filtered by Lima day, advisor and status; `upcoming=true` from now on.",
        querystring: appointmentsQuerySchema,
        response: { 200: ok(z.array(staffAppointmentSchema)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await appointments.list(requireAdvisor(req), req.query),
    }),
  );

  app.post(
    '/appointments/:appointmentId/reassign',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['appointments'],
        security: bearer,
        summary:
          'Admin: give a booking that has not started to another advisor free at its time (409 SLOT_UNAVAILABLE when she is booked then; 409 APPOINTMENT_CLOSED once started or closed).',
        params,
        body: reassignBodySchema,
        response: { 200: ok(staffAppointmentSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await appointments.reassign(
        requireAdmin(req),
        req.params.appointmentId,
        req.body.advisorId,
      ),
    }),
  );

  app.post(
    '/appointments/:appointmentId/outcome',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['appointments'],
        security: bearer,
        summary:
          "Record what became of an in-salon service booking, from its start on: `attended` with the final price in the salon's currency (two decimals at most), or not done (`no_show`, `cancelled` in the salon). Its stylist (another advisor's booking is 403) or an admin; once recorded, only an admin corrects it (409 OUTCOME_ALREADY_RECORDED). 409 OUTCOME_TOO_EARLY before the start (`details.startsAt`), 409 OUTCOME_NOT_SERVICE for a video consultation, 409 APPOINTMENT_CLOSED when it was cancelled beforehand. Fires `appointment.attended` (with `finalPrice`) or `appointment.cancelled` once per booking.",
        params,
        body: recordOutcomeBodySchema,
        response: { 200: ok(staffAppointmentSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await appointments.recordOutcome(
        requireAdvisor(req),
        req.params.appointmentId,
        req.body,
      ),
    }),
  );

  return Promise.resolve();
};
