/** Rows of the catalogue as the contract's DTOs: booleans from 0/1, prices from cents. */
import {
  CATALOGUE_PHOTO_FORMATS,
  CATALOGUE_PHOTO_SIZES,
  type CataloguePhoto,
  type GalleryItem,
  type PublicGalleryItem,
  type PublicService,
  type PublicTestimonial,
  type SalonService,
  type Testimonial,
} from '@belleza/contract';
import { numOrNull } from '../../db/rows.js';
import type { GalleryRow, ServiceRow, TestimonialRow } from './catalogue.repository.js';

/** Every upload has every rendition. */
export const cataloguePhotoOf = (version: string | null): CataloguePhoto | null =>
  version === null
    ? null
    : { version, sizes: [...CATALOGUE_PHOTO_SIZES], formats: [...CATALOGUE_PHOTO_FORMATS] };

export const toCents = (price: number | null): number | null =>
  price === null ? null : Math.round(price * 100);

export const serviceDto = (r: ServiceRow, stylistIds: readonly string[] = []): SalonService => {
  const cents = numOrNull(r.price_cents);
  return {
    serviceId: r.id,
    name: r.name,
    category: r.category,
    description: r.description,
    durationMinutes: numOrNull(r.duration_minutes),
    price: cents === null ? null : cents / 100,
    active: Number(r.active) === 1,
    position: Number(r.position),
    photo: cataloguePhotoOf(r.photo_version),
    bookable: Number(r.bookable) === 1,
    stylistIds: [...stylistIds],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
};

export const publicServiceDto = (r: ServiceRow): PublicService => {
  const s = serviceDto(r);
  return {
    serviceId: s.serviceId,
    name: s.name,
    category: s.category,
    description: s.description,
    durationMinutes: s.durationMinutes,
    price: s.price,
    photo: s.photo,
  };
};

export const testimonialDto = (r: TestimonialRow): Testimonial => ({
  testimonialId: r.id,
  firstName: r.first_name,
  rating: Number(r.rating),
  comment: r.comment,
  source: r.source,
  published: Number(r.published) === 1,
  createdAt: r.created_at,
});

export const publicTestimonialDto = (r: TestimonialRow): PublicTestimonial => ({
  testimonialId: r.id,
  firstName: r.first_name,
  rating: Number(r.rating),
  comment: r.comment,
});

export const galleryDto = (r: GalleryRow): GalleryItem => ({
  itemId: r.id,
  alt: r.alt,
  caption: r.caption,
  position: Number(r.position),
  photo: cataloguePhotoOf(r.photo_version),
  createdAt: r.created_at,
});

/** Only items with a photo are public (the read filters them). */
export const publicGalleryDto = (r: GalleryRow & { photo_version: string }): PublicGalleryItem => ({
  itemId: r.id,
  alt: r.alt,
  caption: r.caption,
  photo: {
    version: r.photo_version,
    sizes: [...CATALOGUE_PHOTO_SIZES],
    formats: [...CATALOGUE_PHOTO_FORMATS],
  },
});
