/**
 * Recommendations and the visitor's summary (docs/product.md#the-visitors-summary). The advisor
 * writes recommendations for the client (free text plus optional items); when the call is completed
 * the visitor keeps a summary at a private address, `/resumen/{callId}#{key}`, for
 * `system.retentionDays` days after the call ended. Then the nightly purge deletes the summary with
 * the call's chat and photos.
 */
import { z } from 'zod';
import { idSchema, isoDateTime } from './common.js';
import { chatMessageSchema } from './chat.js';
import { intakePhotoSlotSchema, intakeSchema } from './intake.js';

/** Characters of the recommendations' free text. */
export const RECOMMENDATION_TEXT_MAX = 4000;
/** Items (product or service) in one call's recommendations. */
export const RECOMMENDATION_ITEMS_MAX = 20;
export const RECOMMENDATION_NAME_MAX = 120;
export const RECOMMENDATION_NOTE_MAX = 500;
export const RECOMMENDATION_URL_MAX = 500;
/** Highest price of an item, in soles (PEN). */
export const RECOMMENDATION_PRICE_MAX = 100_000;
/**
 * Hours after the call ended in which its advisor may still write the recommendations ("during or
 * right after the call"); afterwards they are the record the visitor was given.
 */
export const RECOMMENDATIONS_EDIT_HOURS = 24;

/** Days a summary (with the call's chat and photos) is kept after the call: the default setting. */
export const DEFAULT_RETENTION_DAYS = 30;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 365;

/** The web path of a summary; the key travels in the fragment, so it never reaches a server log. */
export const SUMMARY_PATH = '/resumen';
export const summaryPath = (callId: string, key: string): string =>
  `${SUMMARY_PATH}/${encodeURIComponent(callId)}#${key}`;
/** Header carrying the summary key on /api/summaries/{callId} requests. */
export const SUMMARY_KEY_HEADER = 'x-summary-key';

const noNul = (s: string) => !s.includes('\u0000');

export const recommendationItemSchema = z
  .object({
    /**
     * a service of the salon's catalogue: the server then takes its name, price and duration
     * from the catalogue; null: free text (a product, or a service not in the catalogue)
     */
    serviceId: idSchema.nullable().default(null),
    /** product or service */
    name: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(RECOMMENDATION_NAME_MAX)
      .refine(noNul, 'validation.invalidCharacters'),
    note: z
      .string()
      .trim()
      .max(RECOMMENDATION_NOTE_MAX)
      .refine(noNul, 'validation.invalidCharacters')
      .default(''),
    /** an http(s) address (the product's page), or null */
    url: z
      .string()
      .trim()
      .max(RECOMMENDATION_URL_MAX)
      .regex(/^https?:\/\/[^\s]+$/i, 'validation.url')
      .nullable()
      .default(null),
    /** in soles (PEN), at most two decimals, or null */
    pricePen: z
      .number({ error: 'validation.price' })
      .min(0, 'validation.price')
      .max(RECOMMENDATION_PRICE_MAX, 'validation.price')
      // Two decimals up to floating-point noise: 19.99 * 100 is 1998.9999999999998.
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'validation.price')
      .nullable()
      .default(null),
    /**
     * accepted so that an item read back can be sent again, and ignored: a catalogue service's
     * minutes are the catalogue's, a free item has none
     */
    durationMinutes: z.number().int().min(0).max(10_000).nullable().optional(),
  })
  .strict();
export type RecommendationItem = z.infer<typeof recommendationItemSchema>;

/** PUT /api/calls/{callId}/recommendations: replaces the whole set. */
export const recommendationsBodySchema = z
  .object({
    text: z
      .string()
      .trim()
      .max(RECOMMENDATION_TEXT_MAX)
      .refine(noNul, 'validation.invalidCharacters')
      .default(''),
    items: z.array(recommendationItemSchema).max(RECOMMENDATION_ITEMS_MAX).default([]),
  })
  .strict();
export type RecommendationsBody = z.infer<typeof recommendationsBodySchema>;

/** An item as stored and read back: a catalogue service keeps its duration as it was then. */
export const recommendationOutItemSchema = z.object({
  serviceId: idSchema.nullable(),
  name: z.string(),
  note: z.string(),
  url: z.string().nullable(),
  pricePen: z.number().nullable(),
  /** minutes of a catalogue service; null for the rest */
  durationMinutes: z.number().int().nullable(),
});
export type RecommendationOutItem = z.infer<typeof recommendationOutItemSchema>;

/**
 * What a plan adds up to: the prices given (in soles) and the minutes of its catalogue services;
 * `unpriced` counts the items left out of the total for want of a price.
 */
export function planTotals(
  items: ReadonlyArray<Pick<RecommendationOutItem, 'pricePen' | 'durationMinutes'>>,
): { totalPen: number; minutes: number; unpriced: number } {
  let cents = 0;
  let minutes = 0;
  let unpriced = 0;
  for (const item of items) {
    if (item.pricePen === null) unpriced += 1;
    else cents += Math.round(item.pricePen * 100);
    minutes += item.durationMinutes ?? 0;
  }
  return { totalPen: cents / 100, minutes, unpriced };
}

/** GET/PUT /api/calls/{callId}/recommendations (the call's advisor, admins). */
export const recommendationsSchema = z.object({
  callId: idSchema,
  text: z.string(),
  items: z.array(recommendationOutItemSchema),
  /** null while nothing was written */
  updatedAt: isoDateTime.nullable(),
  /** until when the advisor may still change them; null while the call is not over */
  editableUntil: isoDateTime.nullable(),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

/**
 * GET /api/calls/{callId}/summary-link (the visitor, with her call key) once the call is completed:
 * where her summary is and until when.
 */
export const summaryLinkSchema = z.object({
  /** the web path, e.g. `/resumen/42#…`; the key is in the fragment */
  path: z.string(),
  expiresAt: isoDateTime,
});
export type SummaryLink = z.infer<typeof summaryLinkSchema>;

/** GET /api/summaries/{callId} with the x-summary-key header: everything the visitor keeps. */
export const callSummarySchema = z.object({
  callId: idSchema,
  /** the salon's name (a neutral one in the site's language until the admin names it) */
  siteName: z.string(),
  /** the salon's contacts from its profile, '' = not given */
  salonContacts: z.object({
    address: z.string(),
    phone: z.string(),
    whatsapp: z.string(),
    email: z.string(),
  }),
  /** the salon's contact or booking address (settings), or null: then the landing page */
  contactUrl: z.string().nullable(),
  clientName: z.string(),
  subject: z.string(),
  advisor: z.object({ name: z.string(), title: z.string().nullable() }),
  startedAt: isoDateTime.nullable(),
  endedAt: isoDateTime,
  /** minutes, rounded up; null when the call never connected */
  durationMinutes: z.number().int().nonnegative().nullable(),
  recommendations: recommendationsSchema.pick({ text: true, updatedAt: true }).extend({
    items: z.array(
      recommendationOutItemSchema.extend({
        /** a catalogue service she can book in the salon from here now */
        bookable: z.boolean(),
      }),
    ),
  }),
  /** the call's chat, photos included (empty once the visitor deleted it) */
  messages: z.array(chatMessageSchema),
  /** her hair intake, photos at GET /api/summaries/{callId}/intake/photos/{slot}; null: none */
  intake: intakeSchema.nullable(),
  expiresAt: isoDateTime,
});
export type CallSummary = z.infer<typeof callSummarySchema>;

export const summaryParams = z.object({ callId: idSchema });
export const summaryIntakePhotoParams = z.object({
  callId: idSchema,
  slot: intakePhotoSlotSchema,
});
export const summaryImageParams = z.object({ callId: idSchema, imageId: idSchema });
