/**
 * Photos in the chat (issue 15 §2): whatever a phone sends is decoded and written again as a plain
 * JPEG by sharp (libvips). The stored bytes are the encoder's own, so nothing of the upload
 * survives but its pixels: no EXIF (GPS, camera, dates), XMP or ICC profile, no bytes appended
 * after the image (a JPEG/HTML polyglot comes out a clean JPEG), no second frame.
 */
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_MAX_EDGE,
  CHAT_IMAGE_UPLOAD_TYPES,
} from '@belleza/contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.js';

/**
 * Pixels a photo may declare: a 48 MP phone sensor in its usual 12 MP binned mode is well under,
 * and the decoded image stays under ~160 MB. A small file declaring more (a decompression bomb)
 * is refused from its header, before any pixel is decoded.
 */
export const PHOTO_MAX_INPUT_PIXELS = 40_000_000;
const JPEG_QUALITY = 82;

/** What sharp reads of the formats phones send; everything else is refused. */
const READABLE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'heif']);

export type EncodedPhoto = { data: Buffer; width: number; height: number };

export const photoTooLarge = () =>
  new AppError(
    'IMAGE_TOO_LARGE',
    413,
    `The photo is larger than ${CHAT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
    { maxBytes: CHAT_IMAGE_MAX_BYTES },
  );

const tooManyPixels = () =>
  new AppError(
    'IMAGE_TOO_LARGE',
    413,
    `The photo has more than ${PHOTO_MAX_INPUT_PIXELS / 1_000_000} million pixels`,
    { maxPixels: PHOTO_MAX_INPUT_PIXELS },
  );

export const unsupportedPhoto = (
  message = `Send a photo as the request body, with Content-Type ${CHAT_IMAGE_UPLOAD_TYPES.join(', ')}`,
  details: Record<string, unknown> = {},
) =>
  new AppError('UNSUPPORTED_IMAGE', 415, message, {
    accepted: CHAT_IMAGE_UPLOAD_TYPES,
    ...details,
  });

/** An iPhone's HEIC is HEVC-coded; this build of libvips decodes only AV1 (AVIF) in HEIF. */
const heicNotReadable = () =>
  unsupportedPhoto(
    'HEIC photos (HEVC) cannot be read here: share the photo as JPEG, or choose "Most Compatible" in the camera settings',
    { format: 'heic' },
  );

/** libvips' refusals: a pixel limit is the photo's size; anything else is not a readable photo. */
function refusalOf(err: unknown): AppError {
  const message = err instanceof Error ? err.message : '';
  if (/pixel limit/i.test(message)) return tooManyPixels();
  return unsupportedPhoto('This file is not a photo the server can read (JPEG, PNG, WebP)');
}

/**
 * The upload decoded, turned upright (EXIF orientation applied), shrunk to at most
 * CHAT_IMAGE_MAX_EDGE on its longer side and written as a fresh JPEG. Throws 413 IMAGE_TOO_LARGE
 * for too many pixels, 415 UNSUPPORTED_IMAGE for anything that is not a readable photo.
 */
export async function reencodePhoto(input: Buffer): Promise<EncodedPhoto> {
  if (input.length === 0) throw unsupportedPhoto('The body is empty: send the photo itself');
  if (input.length > CHAT_IMAGE_MAX_BYTES) throw photoTooLarge();
  // failOn 'error': a truncated or corrupt file is refused rather than stored half grey.
  const image = sharp(input, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (err) {
    throw refusalOf(err);
  }
  // The bytes decide, not the declared type: GIF, SVG, TIFF, PDF… are refused whatever the label.
  if (!READABLE_FORMATS.has(meta.format)) {
    throw unsupportedPhoto(`This file is ${meta.format}, not a photo (JPEG, PNG, WebP)`);
  }
  if (meta.format === 'heif' && meta.compression !== 'av1') throw heicNotReadable();
  try {
    const { data, info } = await image
      .rotate()
      .resize({
        width: CHAT_IMAGE_MAX_EDGE,
        height: CHAT_IMAGE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw refusalOf(err);
  }
}
