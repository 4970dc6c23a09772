/**
 * HTTP routes of the reception desk (docs/product.md#the-reception-desk): a stylist's free slots
 * for a consultation or a service, and a booking made by the staff for a client (a session: an
 * admin with any stylist, a stylist with herself).
 */
import {
  APPOINTMENT_ALTERNATIVES,
  deskBookingBodySchema,
  deskBookingResponseSchema,
  deskSlotsQuerySchema,
  deskSlotsResponseSchema,
  ok,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advisorOnly, requireAdvisor } from '../../plugins/auth.js';
import type { DeskService } from './desk.service.js';

export type DeskRoutesOptions = { desk: DeskService };

const bearer = [{ bearer: [] }];
const who =
  'An admin for any stylist; a stylist only for herself (another stylist is 403). 404 ADVISOR_NOT_FOUND for a stylist who takes no bookings; with `serviceId`: 404 SERVICE_NOT_FOUND, 409 SERVICE_NOT_BOOKABLE (inactive, not bookable in the salon), 409 SERVICE_NOT_DONE_BY_STYLIST.';

export const deskRoutes: FastifyPluginAsyncZod<DeskRoutesOptions> = (app, { desk }) => {
  app.get(
    '/desk/slots',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['appointments'],
        security: bearer,
        summary: `The reception's view of one stylist's free slots: for a consultation, or (\`serviceId\`) for a service with its duration; as the visitor's slots but from now on (no minimum notice). ${who}`,
        querystring: deskSlotsQuerySchema,
        response: { 200: ok(deskSlotsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await desk.slots(requireAdvisor(req), req.query),
    }),
  );

  app.post(
    '/desk/appointments',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['appointments'],
        security: bearer,
        summary: `Book for a client who phones or walks in: a consultation or a service (\`serviceId\`), with the chosen stylist, under the rules of the visitor's own booking (caps, overlap, hours); she is e-mailed her confirmation when she gave an address. The booking says who booked it. Answers the booking, its manage key (once) and the e-mail's fate. ${who} 409 SLOT_UNAVAILABLE when the slot is not free, with \`details.alternatives\` (the ${APPOINTMENT_ALTERNATIVES} nearest). 409 BOOKING_LIMIT, BOOKING_DISABLED as for her own booking.`,
        body: deskBookingBodySchema,
        response: { 201: ok(deskBookingResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = await desk.book(requireAdvisor(req), req.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  return Promise.resolve();
};
