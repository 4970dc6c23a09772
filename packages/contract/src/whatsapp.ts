/**
 * WhatsApp as the visitor's channel (docs/product.md#whatsapp): what the admin sees of each
 * template message sent about a booking or a call, and the webhook Meta calls with statuses.
 */
import { z } from 'zod';
import { idSchema, isoDateTime } from './common.js';

/** The header Meta signs its webhook calls in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/** What the visitor writes to stop every WhatsApp message (case and accents aside). */
export const WHATSAPP_OPT_OUT_WORD = 'BAJA';

export const whatsappMessageStatusSchema = z.enum([
  /** waiting to be sent (or to be tried again) */
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  /** not sent: the number wrote BAJA */
  'skipped',
]);
export type WhatsappMessageStatus = z.infer<typeof whatsappMessageStatusSchema>;

export const whatsappTemplateSchema = z.enum([
  'cita_confirmada',
  'cita_cambiada',
  'cita_cancelada',
  'cita_recordatorio_24h',
  'cita_recordatorio_1h',
  'resumen_consulta',
]);
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

export const whatsappMessageSchema = z.object({
  messageId: idSchema,
  template: whatsappTemplateSchema,
  status: whatsappMessageStatusSchema,
  /** the number it goes to, its last digits only (…4321) */
  phoneHint: z.string(),
  queuedAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  readAt: isoDateTime.nullable(),
  failedAt: isoDateTime.nullable(),
  /** why it failed or was skipped (`opted_out`, `http_400:131026`, …); null otherwise */
  error: z.string().nullable(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessageSchema>;

/** GET /api/whatsapp/messages: one booking's or one call's messages (exactly one of the two). */
export const whatsappMessagesQuerySchema = z
  .object({ appointmentId: idSchema.optional(), callId: idSchema.optional() })
  .strict()
  .refine((q) => (q.appointmentId === undefined) !== (q.callId === undefined), {
    message: 'give exactly one of appointmentId and callId',
  });
export type WhatsappMessagesQuery = z.infer<typeof whatsappMessagesQuerySchema>;

export const whatsappMessagesResponseSchema = z.object({
  /** false: WhatsApp is not configured (the visitor gets share links only) */
  configured: z.boolean(),
  messages: z.array(whatsappMessageSchema),
});
export type WhatsappMessagesResponse = z.infer<typeof whatsappMessagesResponseSchema>;

/** GET /api/whatsapp/webhook: Meta's verification of the callback URL. */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(40),
  'hub.verify_token': z.string().max(512),
  'hub.challenge': z.string().max(200),
});

/** The visitor's choice on a booking or request form: WhatsApp messages too, with her consent. */
export const whatsappOptInField = {
  /**
   * She asked for her confirmation, reminders, changes and summary link by WhatsApp too, at the
   * phone she gave (only honoured where WhatsApp is configured).
   */
  whatsapp: z.boolean().default(false),
};
