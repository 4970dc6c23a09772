/**
 * The salon's own public content (docs/decisions.md "The salon's catalogue, opinions and
 * gallery"): the services it offers, the opinions it publishes and the photos of its gallery.
 * Admins write them; the landing reads only their public fields through the `…/public` reads.
 *
 * Photos go through the same pipeline as advisors' photos: square renditions of each size in
 * each format, addressed with their version (`/api/services/{id}/photo/{size}.{format}?v=…`,
 * `/api/gallery/{id}/photo/{size}.{format}?v=…`).
 */
import { z } from 'zod';
import { ADVISOR_PHOTO_FORMATS, advisorPhotoQuery } from './advisors.js';
import { boundedText, idSchema, singleLine } from './common.js';

/** Larger than an advisor's portrait: a gallery tile is up to ~400 CSS px wide. */
export const CATALOGUE_PHOTO_SIZES = [192, 384, 768] as const;
export const CATALOGUE_PHOTO_FORMATS = ADVISOR_PHOTO_FORMATS;
export const CATALOGUE_PHOTO_FILES = CATALOGUE_PHOTO_SIZES.flatMap((size) =>
  CATALOGUE_PHOTO_FORMATS.map((format) => `${size}.${format}` as const),
);

/** A stored photo: its version and the renditions to build addresses from. */
export const cataloguePhotoSchema = z.object({
  version: z.string().min(1).max(64),
  sizes: z.array(z.number().int().positive()),
  formats: z.array(z.enum(CATALOGUE_PHOTO_FORMATS)),
});
export type CataloguePhoto = z.infer<typeof cataloguePhotoSchema>;

export const cataloguePhotoQuery = advisorPhotoQuery;

// ---------------------------------------------------------------- services

export const SERVICE_NAME_MAX = 80;
export const SERVICE_CATEGORY_MAX = 60;
export const SERVICE_DESCRIPTION_MAX = 600;
export const SERVICE_DURATION_MAX_MIN = 720;
export const SERVICE_PRICE_MAX = 100_000;
/** Stylists listed on one service. */
export const SERVICE_STYLISTS_MAX = 100;

const requiredLine = (max: number) =>
  singleLine(max).pipe(z.string().min(1, 'validation.required'));

/** An amount in the salon's currency with at most two decimals (`params`: zod's number options). */
export const amountSchema = (params?: { error: string }) =>
  z
    .number(params)
    .min(0, 'validation.price')
    .max(SERVICE_PRICE_MAX, 'validation.price')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'validation.price');

/** A service's price; null: price on consultation. */
const priceSchema = amountSchema().nullable();

const serviceFields = {
  name: requiredLine(SERVICE_NAME_MAX),
  /** the salon's own grouping ('Color', 'Uñas'…); the landing groups by it */
  category: requiredLine(SERVICE_CATEGORY_MAX),
  description: boundedText(SERVICE_DESCRIPTION_MAX),
  /** minutes; null when the salon does not say */
  durationMinutes: z.number().int().min(1).max(SERVICE_DURATION_MAX_MIN).nullable(),
  price: priceSchema,
  active: z.boolean(),
  /** smaller first on the landing and in the admin list */
  position: z.number().int().min(0).max(9999),
  /** visitors may book it in the salon from a consultation's plan (needs a duration) */
  bookable: z.boolean(),
  /** the stylists who do it (advisor ids, no repeats) */
  stylistIds: z
    .array(idSchema)
    .max(SERVICE_STYLISTS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.duplicate'),
};

export const createServiceBodySchema = z
  .object({
    ...serviceFields,
    description: serviceFields.description.default(''),
    durationMinutes: serviceFields.durationMinutes.default(null),
    price: serviceFields.price.default(null),
    active: serviceFields.active.default(true),
    position: serviceFields.position.default(0),
    bookable: serviceFields.bookable.default(false),
    stylistIds: serviceFields.stylistIds.default([]),
  })
  .strict();
export type CreateServiceBody = z.input<typeof createServiceBodySchema>;
export const updateServiceBodySchema = z.object(serviceFields).partial().strict();
export type UpdateServiceBody = z.input<typeof updateServiceBodySchema>;

export const serviceIdParams = z.object({ serviceId: idSchema });
export const servicePhotoParams = z.object({
  serviceId: idSchema,
  file: z.enum(CATALOGUE_PHOTO_FILES),
});

/** A service as admins see it. */
export const salonServiceSchema = z.object({
  serviceId: idSchema,
  name: z.string(),
  category: z.string(),
  description: z.string(),
  durationMinutes: z.number().int().nullable(),
  price: z.number().nullable(),
  active: z.boolean(),
  position: z.number().int(),
  photo: cataloguePhotoSchema.nullable(),
  bookable: z.boolean(),
  stylistIds: z.array(idSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalonService = z.infer<typeof salonServiceSchema>;

/** An active service as the landing shows it. */
export const publicServiceSchema = salonServiceSchema.pick({
  serviceId: true,
  name: true,
  category: true,
  description: true,
  durationMinutes: true,
  price: true,
  photo: true,
});
export type PublicService = z.infer<typeof publicServiceSchema>;

// ---------------------------------------------------------------- opinions

export const TESTIMONIAL_NAME_MAX = 40;
export const TESTIMONIAL_COMMENT_MAX = 1000;

/** 'visitor': her rating after a call, with her consent; 'manual': entered by an admin. */
export const testimonialSourceSchema = z.enum(['visitor', 'manual']);
export type TestimonialSource = z.infer<typeof testimonialSourceSchema>;

export const testimonialSchema = z.object({
  testimonialId: idSchema,
  /** the first name only */
  firstName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  source: testimonialSourceSchema,
  /** shown on the landing */
  published: z.boolean(),
  createdAt: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const publicTestimonialSchema = testimonialSchema.pick({
  testimonialId: true,
  firstName: true,
  rating: true,
  comment: true,
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

const ratingField = z.number().int().min(1, 'validation.rating').max(5, 'validation.rating');

const testimonialFields = {
  firstName: requiredLine(TESTIMONIAL_NAME_MAX),
  rating: ratingField,
  comment: boundedText(TESTIMONIAL_COMMENT_MAX),
  published: z.boolean(),
};
export const createTestimonialBodySchema = z
  .object({
    ...testimonialFields,
    comment: testimonialFields.comment.default(''),
    published: testimonialFields.published.default(false),
  })
  .strict();
export type CreateTestimonialBody = z.input<typeof createTestimonialBodySchema>;
/** A visitor's words are hers: only an opinion entered by hand may be edited, any be (un)published. */
export const updateTestimonialBodySchema = z.object(testimonialFields).partial().strict();
export type UpdateTestimonialBody = z.input<typeof updateTestimonialBodySchema>;
export const testimonialIdParams = z.object({ testimonialId: idSchema });

// ---------------------------------------------------------------- gallery

export const GALLERY_ALT_MAX = 200;
export const GALLERY_CAPTION_MAX = 200;

const galleryFields = {
  /** what the photo shows, for who cannot see it: required */
  alt: requiredLine(GALLERY_ALT_MAX),
  caption: singleLine(GALLERY_CAPTION_MAX),
  position: z.number().int().min(0).max(9999),
};
export const createGalleryItemBodySchema = z
  .object({
    ...galleryFields,
    caption: galleryFields.caption.default(''),
    position: galleryFields.position.default(0),
  })
  .strict();
export type CreateGalleryItemBody = z.input<typeof createGalleryItemBodySchema>;
export const updateGalleryItemBodySchema = z.object(galleryFields).partial().strict();
export type UpdateGalleryItemBody = z.input<typeof updateGalleryItemBodySchema>;

export const galleryItemIdParams = z.object({ itemId: idSchema });
export const galleryPhotoParams = z.object({
  itemId: idSchema,
  file: z.enum(CATALOGUE_PHOTO_FILES),
});

export const galleryItemSchema = z.object({
  itemId: idSchema,
  alt: z.string(),
  /** '' without one */
  caption: z.string(),
  position: z.number().int(),
  /** an item without a photo is not on the landing */
  photo: cataloguePhotoSchema.nullable(),
  createdAt: z.string(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const publicGalleryItemSchema = galleryItemSchema
  .pick({ itemId: true, alt: true, caption: true })
  .extend({ photo: cataloguePhotoSchema });
export type PublicGalleryItem = z.infer<typeof publicGalleryItemSchema>;
