/**
 * Reading an uploaded photo safely, for every upload that takes one (the chat's photos, the
 * advisors' profile photos): sharp (libvips) decides from the bytes what the file is, whatever its
 * declared type; a decompression bomb is refused from its header, before any pixel is decoded; a
 * truncated or corrupt file is refused rather than stored half grey. Each caller then writes fresh
 * files from the pixels alone, so no metadata (EXIF, GPS, XMP, ICC) survives.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from './app-error.js';

/**
 * Pixels a photo may declare unless its upload takes fewer (the chat's take CHAT_IMAGE_MAX_PIXELS):
 * a 48 MP phone sensor in its usual 12 MP binned mode is well under, and the decoded image stays
 * under ~160 MB.
 */
export const PHOTO_MAX_INPUT_PIXELS = 40_000_000;

/** What sharp reads of the formats phones send; everything else is refused. */
const READABLE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * An upload's limits: its byte size, the content types it takes (named in its refusals), and the
 * pixels it may declare (PHOTO_MAX_INPUT_PIXELS unless it says fewer).
 */
export type PhotoUpload = { maxBytes: number; accepted: readonly string[]; maxPixels?: number };

const maxPixelsOf = (upload: PhotoUpload): number => upload.maxPixels ?? PHOTO_MAX_INPUT_PIXELS;

export const photoTooLarge = (upload: PhotoUpload) =>
  new AppError(
    'IMAGE_TOO_LARGE',
    413,
    `The photo is larger than ${upload.maxBytes / (1024 * 1024)} MB`,
    { maxBytes: upload.maxBytes },
  );

const tooManyPixels = (upload: PhotoUpload) =>
  new AppError(
    'IMAGE_TOO_LARGE',
    413,
    `The photo has more than ${maxPixelsOf(upload) / 1_000_000} million pixels`,
    { maxPixels: maxPixelsOf(upload) },
  );

export const unsupportedPhoto = (
  upload: PhotoUpload,
  message = `Send a photo as the request body, with Content-Type ${upload.accepted.join(', ')}`,
  details: Record<string, unknown> = {},
) => new AppError('UNSUPPORTED_IMAGE', 415, message, { accepted: upload.accepted, ...details });

/** An iPhone's HEIC is HEVC-coded; this build of libvips decodes only AV1 (AVIF) in HEIF. */
const heicNotReadable = (upload: PhotoUpload) =>
  unsupportedPhoto(
    upload,
    'HEIC photos (HEVC) cannot be read here: share the photo as JPEG, or choose "Most Compatible" in the camera settings',
    { format: 'heic' },
  );

/** libvips' refusals: a pixel limit is the photo's size; anything else is not a readable photo. */
export function photoRefusal(upload: PhotoUpload, err: unknown): AppError {
  const message = err instanceof Error ? err.message : '';
  if (/pixel limit/i.test(message)) return tooManyPixels(upload);
  return unsupportedPhoto(upload, 'This file is not a photo the server can read (JPEG, PNG, WebP)');
}

/**
 * The upload as a sharp pipeline that may be decoded: checked for size, emptiness, format (by its
 * bytes) and declared pixels. Throws 413 IMAGE_TOO_LARGE or 415 UNSUPPORTED_IMAGE. Errors while
 * encoding from it are turned into the same refusals with `photoRefusal`.
 */
export async function openPhoto(input: Buffer, upload: PhotoUpload): Promise<Sharp> {
  if (input.length === 0)
    throw unsupportedPhoto(upload, 'The body is empty: send the photo itself');
  if (input.length > upload.maxBytes) throw photoTooLarge(upload);
  const maxPixels = maxPixelsOf(upload);
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (err) {
    throw photoRefusal(upload, err);
  }
  // The bytes decide, not the declared type: GIF, SVG, TIFF, PDF… are refused whatever the label.
  if (!READABLE_FORMATS.has(meta.format)) {
    throw unsupportedPhoto(upload, `This file is ${meta.format}, not a photo (JPEG, PNG, WebP)`);
  }
  if (meta.format === 'heif' && meta.compression !== 'av1') throw heicNotReadable(upload);
  // The header's size decides, before any pixel is decoded (libvips' own limit is checked again
  // when decoding starts).
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) throw tooManyPixels(upload);
  return image;
}
