/**
 * Photos in the chat (docs/product.md#photos): whatever a phone sends is decoded
 * (lib/photo-input.ts) and written again as a plain JPEG by sharp (libvips). The stored bytes are
 * the encoder's own, so nothing of the upload survives but its pixels: no EXIF (GPS, camera,
 * dates), XMP or ICC profile, no bytes appended after the image (a JPEG/HTML polyglot comes out a
 * clean JPEG), no second frame.
 */
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_MAX_EDGE,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_IMAGE_UPLOAD_TYPES,
} from '@belleza/contract';
import {
  openPhoto,
  photoRefusal,
  photoTooLarge as tooLarge,
  unsupportedPhoto as unsupported,
  type PhotoUpload,
} from '../../lib/photo-input.js';

const JPEG_QUALITY = 82;
const CHAT_UPLOAD: PhotoUpload = {
  maxBytes: CHAT_IMAGE_MAX_BYTES,
  accepted: CHAT_IMAGE_UPLOAD_TYPES,
  // Well under what a profile photo may be: anyone on a call, a visitor who is not yet answered
  // included, sends these (docs/decisions.md).
  maxPixels: CHAT_IMAGE_MAX_PIXELS,
};

export type EncodedPhoto = { data: Buffer; width: number; height: number };

export const photoTooLarge = () => tooLarge(CHAT_UPLOAD);
export const unsupportedPhoto = () => unsupported(CHAT_UPLOAD);

/**
 * The upload decoded, turned upright (EXIF orientation applied), shrunk to at most `maxEdge`
 * (CHAT_IMAGE_MAX_EDGE unless told: a close-up keeps more) on its longer side and written as a
 * fresh JPEG. Throws 413 IMAGE_TOO_LARGE for too many pixels, 415 UNSUPPORTED_IMAGE for anything
 * that is not a readable photo.
 */
export async function reencodePhoto(
  input: Buffer,
  maxEdge: number = CHAT_IMAGE_MAX_EDGE,
): Promise<EncodedPhoto> {
  const image = await openPhoto(input, CHAT_UPLOAD);
  try {
    const { data, info } = await image
      .rotate()
      .resize({
        width: maxEdge,
        height: maxEdge,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw photoRefusal(CHAT_UPLOAD, err);
  }
}
