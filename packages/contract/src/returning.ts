/**
 * Returning clients (docs/product.md#returning-clients): a visitor who ticked "remember me" is
 * known again by her phone (kept as a keyed hash) and offered her last stylist first. Her page is
 * told the stylist's name only when it also carries the return token her browser kept from that
 * visit; staff of the new call see what the salon knows of her last consultation.
 */
import { z } from 'zod';
import { idSchema, isoDateTime } from './common.js';
import { recommendationsSchema } from './summary.js';

/** How long the salon remembers a returning client after her last consultation (or request). */
export const RETURNING_CLIENT_DAYS = 365;

/**
 * GET /api/calls/{callId}/returning: for the advisor the call rings or belongs to, and admins.
 * `returning` is null when the call's visitor is not a returning client.
 */
export const returningClientSchema = z.object({
  returning: z
    .object({
      /** the request carried the return token of her last visit (same browser) */
      sameBrowser: z.boolean(),
      lastCall: z.object({
        callId: idSchema,
        endedAt: isoDateTime,
        advisorId: idSchema.nullable(),
        advisorName: z.string().nullable(),
        /** the stylist asking took that call herself */
        ownCall: z.boolean(),
        /** what she was recommended (she holds the same in her summary); null once purged */
        recommendations: recommendationsSchema.pick({ text: true, items: true }).nullable(),
        /** the private notes of that call: only for the stylist who wrote them and admins */
        notes: z.string().nullable(),
      }),
    })
    .nullable(),
});
export type ReturningClient = z.infer<typeof returningClientSchema>;
