/**
 * HTTP routes for booking a service of her plan from her summary
 * (docs/product.md#services-from-the-plan): the summary key in `x-summary-key` opens them, and
 * they are limited per address as the public booking is.
 */
import {
  APPOINTMENT_ALTERNATIVES,
  SUMMARY_KEY_HEADER,
  bookAppointmentResponseSchema,
  bookServiceBodySchema,
  ok,
  serviceSlotsQuerySchema,
  serviceSlotsResponseSchema,
  summaryServiceParams,
} from '@belleza/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPOINTMENT_REQUESTS_PER_ADDRESS } from '../../lib/limits.js';
import type { PlanBookingsService } from './plan-bookings.service.js';

export type PlanBookingsRoutesOptions = { planBookings: PlanBookingsService };

const noSession: Record<string, string[]>[] = [{}];
const limit = { rateLimit: APPOINTMENT_REQUESTS_PER_ADDRESS };
const keyNote = ` Send the key of her summary's address (after the #) in the \`${SUMMARY_KEY_HEADER}\` header; a wrong or missing key, an unknown call, one not completed or one whose summary expired all answer 404 SUMMARY_NOT_FOUND. A service not in the call's plan is 404 SERVICE_NOT_FOUND; one that cannot be booked in the salon now (inactive, not bookable, nobody does it) 409 SERVICE_NOT_BOOKABLE. At most ${APPOINTMENT_REQUESTS_PER_ADDRESS.max} requests per address and minute (429).`;

function summaryKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers[SUMMARY_KEY_HEADER];
  return typeof key === 'string' ? key : undefined;
}

export const planBookingsRoutes: FastifyPluginAsyncZod<PlanBookingsRoutesOptions> = (
  app,
  { planBookings },
) => {
  app.get(
    '/summaries/:callId/services/:serviceId/slots',
    {
      config: limit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary: `Where a service of her plan can be booked in the salon: free slots with the service's duration, from her call's stylist's working hours when she does the service (\`stylist: same\`), otherwise from the salon's other stylists who do it (\`other\`). \`from\`: a day in America/Lima (default: now).${keyNote}`,
        params: summaryServiceParams,
        querystring: serviceSlotsQuerySchema,
        response: { 200: ok(serviceSlotsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await planBookings.serviceSlots(
        summaryKeyOf(req),
        req.params.callId,
        req.params.serviceId,
        req.query,
      ),
    }),
  );

  app.post(
    '/summaries/:callId/services/:serviceId/book',
    {
      config: limit,
      schema: {
        tags: ['summaries'],
        security: noSession,
        summary: `Book a service of her plan in the salon at one of those slots, with the name, phone and e-mail she gave for the call: an appointment of kind \`service\` (e-mails, calendar file, reminders and manage page as for a consultation, but no video call). Answers the booking and its manage key (once). 409 SLOT_UNAVAILABLE when the slot is not free, with \`details.alternatives\`: the ${APPOINTMENT_ALTERNATIVES} nearest free slots; 409 BOOKING_DISABLED when the salon takes no bookings; 409 BOOKING_LIMIT past the caps on bookings to come.${keyNote}`,
        params: summaryServiceParams,
        body: bookServiceBodySchema,
        response: { 201: ok(bookAppointmentResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = await planBookings.bookService(
        summaryKeyOf(req),
        req.params.callId,
        req.params.serviceId,
        req.body,
        { address: req.ip },
      );
      return reply.code(201).send({ success: true as const, data });
    },
  );

  return Promise.resolve();
};
