/**
 * An advisor's profile photo: square renditions (lib/square-photo.ts) of each size of
 * ADVISOR_PHOTO_SIZES in each format of ADVISOR_PHOTO_FORMATS.
 */
import {
  ADVISOR_PHOTO_FORMATS,
  ADVISOR_PHOTO_MAX_BYTES,
  ADVISOR_PHOTO_SIZES,
  ADVISOR_PHOTO_UPLOAD_TYPES,
} from '@belleza/contract';
import {
  photoTooLarge as tooLarge,
  unsupportedPhoto as unsupported,
  type PhotoUpload,
} from '../../lib/photo-input.js';
import { renderSquarePhoto, type RenderedSquarePhoto } from '../../lib/square-photo.js';

export const ADVISOR_PHOTO_UPLOAD: PhotoUpload = {
  maxBytes: ADVISOR_PHOTO_MAX_BYTES,
  accepted: ADVISOR_PHOTO_UPLOAD_TYPES,
};

export const photoTooLarge = () => tooLarge(ADVISOR_PHOTO_UPLOAD);
export const unsupportedPhoto = () => unsupported(ADVISOR_PHOTO_UPLOAD);

export type RenderedPhoto = RenderedSquarePhoto;

/**
 * Every rendition of the upload. Throws 413 IMAGE_TOO_LARGE (bytes or pixels) and 415
 * UNSUPPORTED_IMAGE (not a readable JPEG, PNG, WebP or AVIF-coded HEIF; an HEVC HEIC).
 */
export const renderAdvisorPhoto = (input: Buffer): Promise<RenderedPhoto> =>
  renderSquarePhoto(input, ADVISOR_PHOTO_UPLOAD, ADVISOR_PHOTO_SIZES, ADVISOR_PHOTO_FORMATS);
