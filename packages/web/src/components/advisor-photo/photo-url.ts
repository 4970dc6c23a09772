/**
 * Addresses of stored photo renditions: an advisor's profile photo
 * (GET /api/advisors/{id}/photo/{size}.{format}?v=…) and the salon's catalogue photos (a service's,
 * a gallery item's: the same shape under their own paths). Types only from the contract: the
 * landing's first load uses this and carries no zod.
 */
import type { AdvisorPhoto, AdvisorPhotoFormat } from '@belleza/contract';

/** What every stored photo is: a version and its sizes and formats. */
export type PhotoRenditions = AdvisorPhoto;

/** One rendition under `base` (…/photo); the version makes the address change with every photo. */
export const renditionUrl = (
  base: string,
  photo: PhotoRenditions,
  size: number,
  format: AdvisorPhotoFormat,
): string => `${base}/${size}.${format}?v=${encodeURIComponent(photo.version)}`;

/** Every size of one format, for `srcset` ('…192.webp?v=… 192w, …'). */
export const renditionSrcSet = (
  base: string,
  photo: PhotoRenditions,
  format: AdvisorPhotoFormat,
): string =>
  photo.sizes.map((size) => `${renditionUrl(base, photo, size, format)} ${size}w`).join(', ');

export const advisorPhotoBase = (advisorId: string): string =>
  `/api/advisors/${encodeURIComponent(advisorId)}/photo`;

/** One rendition; the version makes the address change with every new photo (cached for good). */
export const advisorPhotoUrl = (
  advisorId: string,
  photo: AdvisorPhoto,
  size: number,
  format: AdvisorPhotoFormat,
): string => renditionUrl(advisorPhotoBase(advisorId), photo, size, format);

/** Every size of one format, for `srcset` ('…96.webp?v=… 96w, …'). */
export const advisorPhotoSrcSet = (
  advisorId: string,
  photo: AdvisorPhoto,
  format: AdvisorPhotoFormat,
): string => renditionSrcSet(advisorPhotoBase(advisorId), photo, format);

/** The size closest above `pixels` (else the largest): one picture for a fixed-size box. */
export const advisorPhotoSizeFor = (photo: PhotoRenditions, pixels: number): number =>
  photo.sizes.find((size) => size >= pixels) ?? photo.sizes[photo.sizes.length - 1] ?? pixels;

/** The format for an `<img>`'s src: WebP where there is one (every browser reads it). */
export const fallbackFormat = (photo: PhotoRenditions): AdvisorPhotoFormat | undefined =>
  photo.formats.includes('webp') ? 'webp' : photo.formats[0];
