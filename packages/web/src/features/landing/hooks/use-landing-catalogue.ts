/**
 * The salon's own content for the landing: its active services (GET /api/services/public), the
 * opinions an admin published (GET /api/testimonials/public) and its gallery (GET
 * /api/gallery/public). Like the team, plain fetches after load (the first load carries no
 * TanStack Query or zod); a failed or malformed read shows nothing, never invented content.
 */
import type { PublicGalleryItem, PublicService, PublicTestimonial } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { readPublic } from './read-public';

export const SERVICES_PATH = '/api/services/public';
export const TESTIMONIALS_PATH = '/api/testimonials/public';
export const GALLERY_PATH = '/api/gallery/public';

type Guard<T> = (value: unknown) => value is T;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

export const isPhoto = (value: unknown): value is NonNullable<PublicService['photo']> =>
  isRecord(value) &&
  typeof value.version === 'string' &&
  Array.isArray(value.sizes) &&
  value.sizes.length > 0 &&
  value.sizes.every((s) => Number.isInteger(s) && Number(s) > 0) &&
  Array.isArray(value.formats) &&
  value.formats.every((f) => f === 'avif' || f === 'webp');

const isService = (v: unknown): v is PublicService =>
  isRecord(v) &&
  isString(v.serviceId) &&
  isString(v.name) &&
  isString(v.category) &&
  isString(v.description) &&
  isNumberOrNull(v.durationMinutes) &&
  isNumberOrNull(v.price) &&
  (v.photo === null || isPhoto(v.photo));

const isTestimonial = (v: unknown): v is PublicTestimonial =>
  isRecord(v) &&
  isString(v.testimonialId) &&
  isString(v.firstName) &&
  Number.isInteger(v.rating) &&
  Number(v.rating) >= 1 &&
  Number(v.rating) <= 5 &&
  (v.comment === null || isString(v.comment));

const isGalleryItem = (v: unknown): v is PublicGalleryItem =>
  isRecord(v) && isString(v.itemId) && isString(v.alt) && isString(v.caption) && isPhoto(v.photo);

const listOf =
  <T>(isItem: Guard<T>): Guard<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(isItem);

/** null until read (or when the read failed); then the list, possibly empty. */
function usePublicList<T>(path: string, isItem: Guard<T>): T[] | null {
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void readPublic(path, listOf(isItem), controller.signal).then((list) => {
      if (!controller.signal.aborted) setItems(list);
    });
    return () => controller.abort();
  }, [path, isItem]);
  return items;
}

export const useLandingServices = () => usePublicList(SERVICES_PATH, isService);
export const useLandingTestimonials = () => usePublicList(TESTIMONIALS_PATH, isTestimonial);
export const useLandingGallery = () => usePublicList(GALLERY_PATH, isGalleryItem);
