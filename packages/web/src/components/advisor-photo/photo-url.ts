/**
 * Addresses of an advisor's profile photo (GET /api/advisors/{id}/photo/{size}.{format}?v=…).
 * Types only from the contract: the landing's first load uses this and carries no zod.
 */
import type { AdvisorPhoto, AdvisorPhotoFormat } from '@belleza/contract';

/** One rendition; the version makes the address change with every new photo (cached for good). */
export const advisorPhotoUrl = (
  advisorId: string,
  photo: AdvisorPhoto,
  size: number,
  format: AdvisorPhotoFormat,
): string =>
  `/api/advisors/${encodeURIComponent(advisorId)}/photo/${size}.${format}?v=${encodeURIComponent(photo.version)}`;

/** Every size of one format, for `srcset` ('…96.webp?v=… 96w, …'). */
export const advisorPhotoSrcSet = (
  advisorId: string,
  photo: AdvisorPhoto,
  format: AdvisorPhotoFormat,
): string =>
  photo.sizes
    .map((size) => `${advisorPhotoUrl(advisorId, photo, size, format)} ${size}w`)
    .join(', ');

/** The size closest above `pixels` (else the largest): one picture for a fixed-size box. */
export const advisorPhotoSizeFor = (photo: AdvisorPhoto, pixels: number): number =>
  photo.sizes.find((size) => size >= pixels) ?? photo.sizes[photo.sizes.length - 1] ?? pixels;
