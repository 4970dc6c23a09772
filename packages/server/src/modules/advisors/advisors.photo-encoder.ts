/**
 * An advisor's profile photo: the upload is decoded safely (lib/photo-input.ts), turned upright,
 * cropped to a square on what draws the eye (libvips' `attention` strategy: skin tones, saturation
 * and edges, so a face off-centre stays in) and written afresh as each size of ADVISOR_PHOTO_SIZES
 * in each format of ADVISOR_PHOTO_FORMATS. Only the pixels survive: no EXIF, GPS, XMP or ICC, no
 * bytes appended after the image.
 */
import { createHash } from 'node:crypto';
import {
  ADVISOR_PHOTO_FORMATS,
  ADVISOR_PHOTO_MAX_BYTES,
  ADVISOR_PHOTO_SIZES,
  ADVISOR_PHOTO_UPLOAD_TYPES,
  type AdvisorPhotoFormat,
} from '@belleza/contract';
import sharp from 'sharp';
import {
  openPhoto,
  photoRefusal,
  photoTooLarge as tooLarge,
  unsupportedPhoto as unsupported,
  type PhotoUpload,
} from '../../lib/photo-input.js';

export const ADVISOR_PHOTO_UPLOAD: PhotoUpload = {
  maxBytes: ADVISOR_PHOTO_MAX_BYTES,
  accepted: ADVISOR_PHOTO_UPLOAD_TYPES,
};

export const photoTooLarge = () => tooLarge(ADVISOR_PHOTO_UPLOAD);
export const unsupportedPhoto = () => unsupported(ADVISOR_PHOTO_UPLOAD);

const WEBP_QUALITY = 80;
/**
 * AVIF at effort 2: the three sizes take well under 100 ms here (effort 4, the default, up to a
 * second for a busy picture) and still come out smaller than the WebP.
 */
const AVIF_OPTIONS = { quality: 55, effort: 2 } as const;

export type PhotoRendition = {
  size: number;
  format: AdvisorPhotoFormat;
  contentType: `image/${AdvisorPhotoFormat}`;
  data: Buffer;
};

export type RenderedPhoto = {
  /** the same renditions always give the same version */
  version: string;
  renditions: PhotoRendition[];
};

const largest = Math.max(...ADVISOR_PHOTO_SIZES);

/**
 * Every rendition of the upload. Throws 413 IMAGE_TOO_LARGE (bytes or pixels) and 415
 * UNSUPPORTED_IMAGE (not a readable JPEG, PNG, WebP or AVIF-coded HEIF; an HEVC HEIC).
 */
export async function renderAdvisorPhoto(input: Buffer): Promise<RenderedPhoto> {
  const image = await openPhoto(input, ADVISOR_PHOTO_UPLOAD);
  try {
    // One decode: the largest square as raw pixels, which every rendition is made from. A photo
    // smaller than it is enlarged, so every size exists and the screens never stretch one.
    const square = await image
      .rotate()
      .resize({ width: largest, height: largest, fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: square.info };
    const renditions: PhotoRendition[] = [];
    for (const size of ADVISOR_PHOTO_SIZES) {
      for (const format of ADVISOR_PHOTO_FORMATS) {
        const resized = sharp(square.data, raw).resize(size, size);
        const data = await (
          format === 'avif' ? resized.avif(AVIF_OPTIONS) : resized.webp({ quality: WEBP_QUALITY })
        ).toBuffer();
        renditions.push({ size, format, contentType: `image/${format}`, data });
      }
    }
    const hash = createHash('sha256');
    for (const r of renditions) hash.update(r.data);
    return { version: hash.digest('base64url').slice(0, 16), renditions };
  } catch (err) {
    throw photoRefusal(ADVISOR_PHOTO_UPLOAD, err);
  }
}
