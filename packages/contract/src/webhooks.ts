/**
 * Outgoing webhooks (docs/product.md#webhooks): the admin points the salon's CRM at an HTTPS
 * address; the server POSTs it a signed JSON event for each change it subscribed to, one at a time
 * and in order per address, retrying with backoff. The CRM's developer reads the payloads and the
 * signature here and in docs/product.md#webhooks.
 */
import { z } from 'zod';
import { endedBySchema } from './calls.js';
import {
  appointmentKindSchema,
  appointmentStatusSchema,
  bookedServiceSchema,
} from './appointments.js';
import { idSchema, isoDateTime, singleLine } from './common.js';
import { recommendationsSchema } from './summary.js';

export const webhookEventTypes = [
  'call.ended',
  'plan.created',
  'appointment.booked',
  'appointment.cancelled',
  'appointment.attended',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** Header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-belleza-signature';
/** Header of every delivery: the event's id (also in the body), for receivers that dedupe early. */
export const WEBHOOK_EVENT_ID_HEADER = 'x-belleza-event-id';
/** At most this many endpoints per salon. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 120;
/** Attempts of one delivery before it is marked failed (then retried only by hand). */
export const WEBHOOK_MAX_ATTEMPTS = 12;

// ---------------------------------------------------------------- payloads (what the CRM gets)

/** `data` of `call.ended`: a consultation that connected and is over. */
export const callEndedDataSchema = z.object({
  callId: idSchema,
  advisorId: idSchema,
  advisorName: z.string(),
  subject: z.string(),
  /** 'landing', 'appointment', 'embed'…: where the request came from */
  source: z.string(),
  clientName: z.string(),
  clientPhone: z.string(),
  clientEmail: z.string().nullable(),
  requestedAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  endedAt: isoDateTime,
  durationSeconds: z.number().int().min(0),
  endedBy: endedBySchema,
});
export type CallEndedData = z.infer<typeof callEndedDataSchema>;

/** `data` of `plan.created`: the stylist saved the call's recommendations for the first time. */
export const planCreatedDataSchema = z.object({
  callId: idSchema,
  advisorId: idSchema,
  text: z.string(),
  items: recommendationsSchema.shape.items,
  savedAt: isoDateTime,
});
export type PlanCreatedData = z.infer<typeof planCreatedDataSchema>;

/** `data` of `appointment.booked`, `appointment.cancelled` and `appointment.attended`. */
export const appointmentEventDataSchema = z.object({
  appointmentId: idSchema,
  status: appointmentStatusSchema,
  advisorId: idSchema,
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  subject: z.string(),
  clientName: z.string(),
  clientPhone: z.string(),
  clientEmail: z.string().nullable(),
  language: z.string(),
  /** who cancelled (appointment.cancelled), else null */
  cancelledBy: z.string().nullable(),
  /** the call she entered (appointment.attended), else null */
  callId: idSchema.nullable(),
  /** 'consultation' (a video call) or 'service' (in the salon, booked from her plan) */
  kind: appointmentKindSchema,
  /** the service booked, as it was then (kind 'service'), else null */
  service: bookedServiceSchema.nullable(),
  /** a service done in the salon (appointment.attended): its final price; else null */
  finalPrice: z.number().nullable(),
});
export type AppointmentEventData = z.infer<typeof appointmentEventDataSchema>;

export type WebhookEventData = {
  'call.ended': CallEndedData;
  'plan.created': PlanCreatedData;
  'appointment.booked': AppointmentEventData;
  'appointment.cancelled': AppointmentEventData;
  'appointment.attended': AppointmentEventData;
};

/** The body of every delivery. `id` is the same on every retry: receivers dedupe by it. */
export const webhookEventSchema = z.object({
  id: idSchema,
  type: webhookEventTypeSchema,
  createdAt: isoDateTime,
  data: z.union([callEndedDataSchema, planCreatedDataSchema, appointmentEventDataSchema]),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

// ---------------------------------------------------------------- the admin's API

const urlField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(WEBHOOK_URL_MAX, 'webhooks.validation.url');
const eventsField = z
  .array(webhookEventTypeSchema)
  .min(1, 'webhooks.validation.events')
  .max(webhookEventTypes.length)
  .refine((list) => new Set(list).size === list.length, 'webhooks.validation.events');

export const createWebhookEndpointBodySchema = z
  .object({
    url: urlField,
    description: singleLine(WEBHOOK_DESCRIPTION_MAX).default(''),
    events: eventsField,
    enabled: z.boolean().default(true),
  })
  .strict();
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;

export const updateWebhookEndpointBodySchema = z
  .object({
    url: urlField,
    description: singleLine(WEBHOOK_DESCRIPTION_MAX),
    events: eventsField,
    enabled: z.boolean(),
    /** a new secret, shown once in the answer; the old one stops signing at once */
    rotateSecret: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBodySchema>;

export const webhookEndpointIdParams = z.object({ endpointId: idSchema });
export const webhookDeliveryIdParams = z.object({ deliveryId: idSchema });

export const webhookEndpointSchema = z.object({
  endpointId: idSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** the secret's last 4 characters ('…' + them): the whole secret is shown only once */
  secretHint: z.string(),
  /** deliveries not yet delivered (waiting or being retried) */
  pending: z.number().int().min(0),
  /** deliveries that gave up: they hold back the later ones until retried */
  failed: z.number().int().min(0),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** POST, and PUT with `rotateSecret`: the endpoint and its whole secret, this once. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().nullable(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookDeliverySchema = z.object({
  deliveryId: idSchema,
  endpointId: idSchema,
  eventId: idSchema,
  eventType: webhookEventTypeSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int().min(0),
  /** the receiver's last HTTP status, null when none answered */
  lastStatusCode: z.number().int().nullable(),
  /** why the last attempt failed: 'timeout', 'connection', 'refused_target', 'redirect', 'http' */
  lastError: z.string().nullable(),
  lastAttemptAt: isoDateTime.nullable(),
  /** when the worker tries next (pending only) */
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/webhooks/deliveries: newest first. */
export const webhookDeliveryListQuerySchema = z.object({
  endpointId: idSchema.optional(),
  status: webhookDeliveryStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;
