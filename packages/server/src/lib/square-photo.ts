/**
 * A photo as square renditions (advisors' portraits, the salon's services and gallery): the upload
 * is decoded safely (photo-input.ts), turned upright, cropped to a square on what draws the eye
 * (libvips' `attention` strategy: skin tones, saturation and edges, so a face off-centre stays in)
 * and written afresh in each size and format. Only the pixels survive: no EXIF, GPS, XMP or ICC,
 * no bytes appended after the image.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { openPhoto, photoRefusal, type PhotoUpload } from './photo-input.js';

export type SquareFormat = 'avif' | 'webp';

const WEBP_QUALITY = 80;
/**
 * AVIF at effort 2: the three sizes take well under 100 ms here (effort 4, the default, up to a
 * second for a busy picture) and still come out smaller than the WebP.
 */
const AVIF_OPTIONS = { quality: 55, effort: 2 } as const;

export type SquareRendition = {
  size: number;
  format: SquareFormat;
  contentType: `image/${SquareFormat}`;
  data: Buffer;
};

export type RenderedSquarePhoto = {
  /** the same renditions always give the same version */
  version: string;
  renditions: SquareRendition[];
};

/**
 * Every rendition of the upload. Throws 413 IMAGE_TOO_LARGE (bytes or pixels) and 415
 * UNSUPPORTED_IMAGE (not a readable JPEG, PNG, WebP or AVIF-coded HEIF; an HEVC HEIC).
 */
export async function renderSquarePhoto(
  input: Buffer,
  upload: PhotoUpload,
  sizes: readonly number[],
  formats: readonly SquareFormat[],
): Promise<RenderedSquarePhoto> {
  const image = await openPhoto(input, upload);
  const largest = Math.max(...sizes);
  try {
    // One decode: the largest square as raw pixels, which every rendition is made from. A photo
    // smaller than it is enlarged, so every size exists and the screens never stretch one.
    const square = await image
      .rotate()
      .resize({ width: largest, height: largest, fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: square.info };
    const renditions: SquareRendition[] = [];
    for (const size of sizes) {
      for (const format of formats) {
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
    throw photoRefusal(upload, err);
  }
}
