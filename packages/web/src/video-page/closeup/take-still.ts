/**
 * The close-up's still at the camera's full resolution (docs/product.md#close-up-photos): with
 * the track at its largest settings for that moment, `ImageCapture.takePhoto()` at the largest
 * photo size the camera offers where the browser has it (a phone's photo mode, larger than any
 * video frame; some cameras give the current frame's size, hence the largest settings), else one
 * frame of the track itself — never the video element the call shows, which the browser may scale
 * down. Then prepared for sending: a JPEG of at most CLOSEUP_IMAGE_MAX_EDGE on its longer side,
 * and the lighting check on a small copy.
 */
import { CLOSEUP_IMAGE_MAX_EDGE } from '@belleza/contract';
import { grabFrame } from '../snapshot';
import { atLargestFrame, type CloseupTrack } from './camera-capabilities';
import { checkLighting, type LightingCheck } from './lighting';

const QUALITY = 0.92;
/** The lighting is read on a copy this wide at most: the same means, a fraction of the work. */
const CHECK_EDGE = 512;

type PhotoSize = { imageWidth?: { max?: number }; imageHeight?: { max?: number } };
type PhotoTaker = {
  takePhoto(settings?: { imageWidth?: number; imageHeight?: number }): Promise<Blob>;
  getPhotoCapabilities?: () => Promise<PhotoSize>;
};
type ImageCaptureConstructor = new (track: MediaStreamTrack) => PhotoTaker;

/** The browser's ImageCapture, when it has one (Chrome; not Safari or Firefox). */
function imageCapture(): ImageCaptureConstructor | null {
  const ctor: unknown = (globalThis as { ImageCapture?: unknown }).ImageCapture;
  return typeof ctor === 'function' ? (ctor as ImageCaptureConstructor) : null;
}

export type StillSources = {
  /** the browser's ImageCapture, or null; injectable for tests */
  imageCapture?: ImageCaptureConstructor | null;
  /** one frame of a live stream at its own size */
  grab?: (stream: MediaStream) => Promise<Blob | null>;
};

/** The still as the camera gives it, or null when it took none. */
export async function takeFullStill(
  track: MediaStreamTrack & CloseupTrack,
  sources: StillSources = {},
): Promise<Blob | null> {
  const Capture = sources.imageCapture === undefined ? imageCapture() : sources.imageCapture;
  const grab = sources.grab ?? grabFrame;
  return atLargestFrame(track, async () => {
    if (Capture) {
      try {
        const capture = new Capture(track);
        const size = await capture.getPhotoCapabilities?.().catch(() => null);
        const imageWidth = size?.imageWidth?.max;
        const imageHeight = size?.imageHeight?.max;
        const photo = await capture.takePhoto(
          imageWidth && imageHeight ? { imageWidth, imageHeight } : undefined,
        );
        if (photo.size > 0) return photo;
      } catch {
        // Some cameras have no photo mode (or refuse it while streaming): a frame instead.
      }
    }
    return grab(new MediaStream([track]));
  }).catch(() => null);
}

export type PreparedStill = {
  image: Blob;
  width: number;
  height: number;
  lighting: LightingCheck;
};

const toJpeg = (canvas: HTMLCanvasElement) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, ctx: canvas.getContext('2d') };
}

/** The still as it is sent (a JPEG, no larger than a close-up is kept) and its lighting. */
export async function prepareStill(still: Blob): Promise<PreparedStill | null> {
  const bitmap = await createImageBitmap(still);
  try {
    const scale = Math.min(1, CLOSEUP_IMAGE_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const full = canvasOf(width, height);
    if (!full.ctx) return null;
    full.ctx.drawImage(bitmap, 0, 0, width, height);
    const image = await toJpeg(full.canvas);
    if (!image) return null;

    const small = Math.min(1, CHECK_EDGE / Math.max(width, height));
    const copy = canvasOf(
      Math.max(1, Math.round(width * small)),
      Math.max(1, Math.round(height * small)),
    );
    if (!copy.ctx) return null;
    copy.ctx.drawImage(bitmap, 0, 0, copy.canvas.width, copy.canvas.height);
    const lighting = checkLighting(
      copy.ctx.getImageData(0, 0, copy.canvas.width, copy.canvas.height),
    );
    return { image, width, height, lighting };
  } finally {
    bitmap.close();
  }
}
