/**
 * The server's HTTP API as the web tests' fake answers it: every route by 'METHOD /path' (Fastify's
 * `:param` form), with the contract's schema of its body and query (what the server validates)
 * and of its success answer (what it serialises), and that answer's status. `response: null`: the
 * route answers bytes (a photo), not JSON. Written from the server's route files
 * (the `*.routes.ts` of packages/server/src/modules),
 * which name these same schemas, and equal to its OpenAPI paths; a route added there is added
 * here when a web test answers it (an answered route missing here fails the test).
 */
import * as c from '@belleza/contract';
import { z } from 'zod';

export type ApiRoute = {
  body?: z.ZodType;
  query?: z.ZodType;
  status: number;
  response: z.ZodType | null;
};

export const API_ROUTES = {
  'PUT /api/advisors/:advisorId/photo': { status: 200, response: c.ok(c.advisorPhotoSchema) },
  'GET /api/advisors/:advisorId/photo/:file': {
    query: c.advisorPhotoQuery,
    status: 200,
    response: null,
  },
  'GET /api/advisors': {
    query: c.advisorListQuery,
    status: 200,
    response: c.ok(z.array(c.advisorSchema)),
  },
  'POST /api/advisors': {
    body: c.createAdvisorBodySchema,
    status: 201,
    response: c.ok(c.advisorSchema),
  },
  'GET /api/advisors/:advisorId': { status: 200, response: c.ok(c.advisorSchema) },
  'PUT /api/advisors/:advisorId': {
    body: c.updateAdvisorBodySchema,
    status: 200,
    response: c.ok(c.advisorSchema),
  },
  'DELETE /api/advisors/:advisorId': { status: 200, response: c.okMessage },
  'POST /api/advisors/:advisorId/status': {
    body: c.statusBodySchema,
    status: 200,
    response: c.ok(c.advisorSchema),
  },
  'PUT /api/advisors/:advisorId/suspension': {
    body: c.suspensionBodySchema,
    status: 200,
    response: c.ok(c.advisorSchema),
  },
  'DELETE /api/advisors/:advisorId/photo': { status: 200, response: c.okMessage },
  'GET /api/team': { status: 200, response: c.ok(z.array(c.teamMemberSchema)) },
  'GET /api/advisors/:advisorId/availability': {
    status: 200,
    response: c.ok(c.advisorAvailabilitySchema),
  },
  'GET /api/appointments/slots': {
    query: c.slotsQuerySchema,
    status: 200,
    response: c.ok(c.slotsResponseSchema),
  },
  'POST /api/appointments': {
    body: c.bookAppointmentBodySchema,
    status: 201,
    response: c.ok(c.bookAppointmentResponseSchema),
  },
  'GET /api/appointments/:appointmentId': { status: 200, response: c.ok(c.appointmentSchema) },
  'GET /api/appointments/:appointmentId/slots': {
    query: c.slotsQuerySchema,
    status: 200,
    response: c.ok(c.slotsResponseSchema),
  },
  'POST /api/appointments/:appointmentId/cancel': {
    status: 200,
    response: c.ok(z.union([c.staffAppointmentSchema, c.appointmentSchema])),
  },
  'POST /api/appointments/:appointmentId/reschedule': {
    body: c.rescheduleBodySchema,
    status: 200,
    response: c.ok(c.appointmentSchema),
  },
  'POST /api/appointments/:appointmentId/enter': {
    status: 201,
    response: c.ok(c.callRequestResponseDataSchema),
  },
  'GET /api/appointments': {
    query: c.appointmentsQuerySchema,
    status: 200,
    response: c.ok(z.array(c.staffAppointmentSchema)),
  },
  'GET /api/desk/slots': {
    query: c.deskSlotsQuerySchema,
    status: 200,
    response: c.ok(c.deskSlotsResponseSchema),
  },
  'POST /api/desk/appointments': {
    body: c.deskBookingBodySchema,
    status: 201,
    response: c.ok(c.deskBookingResponseSchema),
  },
  'POST /api/appointments/:appointmentId/reassign': {
    body: c.reassignBodySchema,
    status: 200,
    response: c.ok(c.staffAppointmentSchema),
  },
  'POST /api/appointments/:appointmentId/outcome': {
    body: c.recordOutcomeBodySchema,
    status: 200,
    response: c.ok(c.staffAppointmentSchema),
  },
  'GET /api/audit': {
    query: c.auditListQuerySchema,
    status: 200,
    response: c.ok(z.array(c.auditEntrySchema)),
  },
  'POST /api/advisors/password-reset': {
    body: c.passwordResetRequestBodySchema,
    status: 202,
    response: c.okMessage,
  },
  'POST /api/advisors/password-reset/confirm': {
    body: c.passwordResetConfirmBodySchema,
    status: 200,
    response: c.okMessage,
  },
  'POST /api/advisors/login': {
    body: c.loginBodySchema,
    status: 200,
    response: c.ok(c.loginResponseDataSchema),
  },
  'GET /api/advisors/me': { status: 200, response: c.ok(c.advisorSchema) },
  'POST /api/advisors/logout': { status: 200, response: c.okMessage },
  'POST /api/callbacks': {
    body: c.callbackRequestBodySchema,
    status: 201,
    response: c.ok(c.callbackSchema),
  },
  'GET /api/callbacks': {
    query: c.callbackListQuerySchema,
    status: 200,
    response: c.ok(z.array(c.callbackSchema)),
  },
  'POST /api/callbacks/:callbackId/done': { status: 200, response: c.ok(c.callbackSchema) },
  'GET /api/calls/:callId/status': { status: 200, response: c.ok(c.callStatusDataSchema) },
  'GET /api/calls/:callId/join': { status: 200, response: c.ok(c.callJoinSchema) },
  'GET /api/calls/:callId/token': {
    query: c.tokenQuerySchema,
    status: 200,
    response: c.ok(c.callTokenSchema),
  },
  'POST /api/calls/:callId/end': {
    body: c.endBodySchema.nullish(),
    status: 200,
    response: c.ok(c.callSchema),
  },
  'POST /api/calls/:callId/cancel': {
    body: c.cancelBodySchema.nullish(),
    status: 200,
    response: c.okMessage,
  },
  'POST /api/calls/:callId/rating': {
    body: c.ratingBodySchema,
    status: 200,
    response: c.ok(c.callStatusDataSchema),
  },
  'POST /api/calls/:callId/accept': {
    body: c.acceptBodySchema.nullish(),
    status: 200,
    response: c.ok(c.acceptedCallSchema),
  },
  'POST /api/calls/:callId/decline': {
    body: c.declineBodySchema.nullish(),
    status: 200,
    response: c.okMessage,
  },
  'POST /api/calls/:callId/notes': {
    body: c.notesBodySchema,
    status: 200,
    response: c.ok(c.callNotesSchema),
  },
  'GET /api/calls/:callId/intake': { status: 200, response: c.ok(c.callIntakeSchema) },
  'GET /api/calls/:callId/notes': { status: 200, response: c.ok(c.callNotesSchema) },
  'GET /api/calls/:callId': { status: 200, response: c.ok(c.callDetailsSchema) },
  'POST /api/calls/request': {
    body: c.callRequestBodySchema,
    status: 201,
    response: c.ok(c.callRequestResponseDataSchema),
  },
  'GET /api/calls': { query: c.callListQuerySchema, status: 200, response: c.ok(c.callPageSchema) },
  'GET /api/calls/stats': { status: 200, response: c.ok(c.callStatsSchema) },
  'GET /api/calls/recent': { status: 200, response: c.ok(z.array(c.callSchema)) },
  'GET /api/advisors/:advisorId/dashboard': {
    status: 200,
    response: c.ok(c.advisorDashboardSchema),
  },
  'GET /api/advisors/:advisorId/calls/pending': {
    status: 200,
    response: c.ok(z.array(c.callSchema)),
  },
  'GET /api/advisors/:advisorId/calls/active': {
    status: 200,
    response: c.ok(z.array(c.callSchema)),
  },
  'GET /api/advisors/:advisorId/calls/history': {
    query: c.historyQuerySchema,
    status: 200,
    response: c.ok(z.array(c.callSchema)),
  },
  'GET /api/availability': { status: 200, response: c.ok(c.availabilitySchema) },
  'PUT /api/services/:serviceId/photo': { status: 200, response: c.ok(c.cataloguePhotoSchema) },
  'PUT /api/gallery/:itemId/photo': { status: 200, response: c.ok(c.cataloguePhotoSchema) },
  'GET /api/services/:serviceId/photo/:file': {
    query: c.cataloguePhotoQuery,
    status: 200,
    response: null,
  },
  'GET /api/gallery/:itemId/photo/:file': {
    query: c.cataloguePhotoQuery,
    status: 200,
    response: null,
  },
  'GET /api/services/public': { status: 200, response: c.ok(z.array(c.publicServiceSchema)) },
  'GET /api/testimonials/public': {
    status: 200,
    response: c.ok(z.array(c.publicTestimonialSchema)),
  },
  'GET /api/gallery/public': { status: 200, response: c.ok(z.array(c.publicGalleryItemSchema)) },
  'GET /api/services': { status: 200, response: c.ok(z.array(c.salonServiceSchema)) },
  'POST /api/services': {
    body: c.createServiceBodySchema,
    status: 201,
    response: c.ok(c.salonServiceSchema),
  },
  'PUT /api/services/:serviceId': {
    body: c.updateServiceBodySchema,
    status: 200,
    response: c.ok(c.salonServiceSchema),
  },
  'DELETE /api/services/:serviceId': { status: 200, response: c.okMessage },
  'DELETE /api/services/:serviceId/photo': { status: 200, response: c.okMessage },
  'GET /api/testimonials': { status: 200, response: c.ok(z.array(c.testimonialSchema)) },
  'POST /api/testimonials': {
    body: c.createTestimonialBodySchema,
    status: 201,
    response: c.ok(c.testimonialSchema),
  },
  'PUT /api/testimonials/:testimonialId': {
    body: c.updateTestimonialBodySchema,
    status: 200,
    response: c.ok(c.testimonialSchema),
  },
  'DELETE /api/testimonials/:testimonialId': { status: 200, response: c.okMessage },
  'GET /api/gallery': { status: 200, response: c.ok(z.array(c.galleryItemSchema)) },
  'POST /api/gallery': {
    body: c.createGalleryItemBodySchema,
    status: 201,
    response: c.ok(c.galleryItemSchema),
  },
  'PUT /api/gallery/:itemId': {
    body: c.updateGalleryItemBodySchema,
    status: 200,
    response: c.ok(c.galleryItemSchema),
  },
  'DELETE /api/gallery/:itemId': { status: 200, response: c.okMessage },
  'POST /api/calls/:callId/images': { status: 201, response: c.ok(c.chatImageSchema) },
  'PUT /api/calls/:callId/intake/photos/:slot': { status: 200, response: c.ok(c.intakeSchema) },
  'GET /api/calls/:callId/intake/photos/:slot': { status: 200, response: null },
  'GET /api/calls/:callId/images/:imageId': { status: 200, response: null },
  'GET /api/calls/:callId/messages': { status: 200, response: c.ok(c.chatHistorySchema) },
  'POST /api/calls/:callId/messages': {
    body: c.chatSendBodySchema,
    status: 200,
    response: c.ok(c.chatMessageSchema),
  },
  'DELETE /api/calls/:callId/images/:imageId': { status: 200, response: c.ok(c.chatDeletedSchema) },
  'POST /api/calls/:callId/snapshot-requests': {
    status: 202,
    response: c.ok(c.snapshotRequestSchema),
  },
  'POST /api/calls/:callId/snapshot-failures': {
    body: c.snapshotFailureBodySchema,
    status: 200,
    response: c.ok(c.snapshotFailedSchema),
  },
  'GET /api/embed/storage': { status: 200, response: c.ok(c.embedStorageSchema) },
  'PUT /api/embed/storage': {
    body: c.embedStorageSchema,
    status: 200,
    response: c.ok(c.embedStorageSchema),
  },
  'POST /api/settings/test-email': {
    body: c.testEmailBodySchema,
    status: 200,
    response: c.ok(c.testEmailResultSchema),
  },
  'POST /api/mail/confirm': { body: c.emailConfirmBodySchema, status: 200, response: c.okMessage },
  'GET /api/reports': {
    query: c.reportQuerySchema,
    status: 200,
    response: c.ok(c.reportDataSchema),
  },
  'GET /api/reports/funnel': {
    query: c.funnelQuerySchema,
    status: 200,
    response: c.ok(c.funnelDataSchema),
  },
  'GET /api/reports/funnel.csv': { query: c.funnelQuerySchema, status: 200, response: null },
  'PUT /api/salon/logo': { status: 200, response: c.ok(c.cataloguePhotoSchema) },
  'DELETE /api/salon/logo': { status: 200, response: c.okMessage },
  'GET /api/salon/logo/:file': { query: c.cataloguePhotoQuery, status: 200, response: null },
  'GET /api/salon/public': { status: 200, response: c.ok(c.publicSalonProfileSchema) },
  'GET /api/salon': { status: 200, response: c.ok(c.salonProfileSchema) },
  'PUT /api/salon': {
    body: c.salonProfileBodySchema,
    status: 200,
    response: c.ok(c.salonProfileSchema),
  },
  'GET /api/salon/checklist': { status: 200, response: c.ok(c.goLiveChecklistSchema) },
  'GET /api/settings/public': { status: 200, response: c.ok(c.publicSettingsSchema) },
  'GET /api/privacy': { status: 200, response: c.ok(c.privacyPolicySchema) },
  'GET /api/settings/colour-chart': { status: 200, response: c.ok(c.colourChartSettingsSchema) },
  'GET /api/settings': { status: 200, response: c.ok(c.settingsResponseSchema) },
  'PUT /api/settings': {
    body: c.settingsSchema,
    status: 200,
    response: c.ok(c.settingsResponseSchema),
  },
  'GET /api/calls/:callId/recommendations': {
    status: 200,
    response: c.ok(c.recommendationsSchema),
  },
  'PUT /api/calls/:callId/recommendations': {
    body: c.recommendationsBodySchema,
    status: 200,
    response: c.ok(c.recommendationsSchema),
  },
  'GET /api/calls/:callId/summary-link': { status: 200, response: c.ok(c.summaryLinkSchema) },
  'GET /api/summaries/:callId': { status: 200, response: c.ok(c.callSummarySchema) },
  'GET /api/summaries/:callId/images/:imageId': { status: 200, response: null },
  'GET /api/summaries/:callId/intake/photos/:slot': { status: 200, response: null },
  'DELETE /api/summaries/:callId/images/:imageId': {
    status: 200,
    response: c.ok(c.callSummarySchema),
  },
  'DELETE /api/summaries/:callId/messages': { status: 200, response: c.ok(c.callSummarySchema) },
  'GET /api/system/status': { status: 200, response: c.ok(c.systemStatusSchema) },
  'GET /api/calls/:callId/media-stats': {
    status: 200,
    response: c.ok(z.array(c.callMediaStatsSchema)),
  },
  'POST /api/settings/test-daily': {
    body: c.testDailyBodySchema,
    status: 200,
    response: c.ok(c.testDailyResultSchema),
  },
  'GET /api/webhooks/endpoints': { status: 200, response: c.ok(z.array(c.webhookEndpointSchema)) },
  'POST /api/webhooks/endpoints': {
    body: c.createWebhookEndpointBodySchema,
    status: 201,
    response: c.ok(c.webhookEndpointWithSecretSchema),
  },
  'PUT /api/webhooks/endpoints/:endpointId': {
    body: c.updateWebhookEndpointBodySchema,
    status: 200,
    response: c.ok(c.webhookEndpointWithSecretSchema),
  },
  'DELETE /api/webhooks/endpoints/:endpointId': { status: 200, response: c.okMessage },
  'GET /api/webhooks/deliveries': {
    query: c.webhookDeliveryListQuerySchema,
    status: 200,
    response: c.ok(z.array(c.webhookDeliverySchema)),
  },
  'POST /api/webhooks/deliveries/:deliveryId/retry': {
    status: 200,
    response: c.ok(c.webhookDeliverySchema),
  },
  'GET /api/calls/:callId/returning': { status: 200, response: c.ok(c.returningClientSchema) },
  'GET /api/summaries/:callId/services/:serviceId/slots': {
    query: c.serviceSlotsQuerySchema,
    status: 200,
    response: c.ok(c.serviceSlotsResponseSchema),
  },
  'POST /api/summaries/:callId/services/:serviceId/book': {
    body: c.bookServiceBodySchema,
    status: 201,
    response: c.ok(c.bookAppointmentResponseSchema),
  },
  'GET /api/whatsapp/webhook': {
    query: c.whatsappVerifyQuerySchema,
    status: 200,
    response: z.string(),
  },
  'POST /api/whatsapp/webhook': { body: z.string(), status: 200, response: c.okMessage },
  'GET /api/whatsapp/messages': {
    query: c.whatsappMessagesQuerySchema,
    status: 200,
    response: c.ok(c.whatsappMessagesResponseSchema),
  },
} as const satisfies Record<string, ApiRoute>;
