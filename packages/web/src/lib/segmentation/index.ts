/**
 * On-device segmentation (docs/architecture.md#on-device-vision): the hair of a still for the
 * colour preview, and the person mask of video frames for the privacy blur. Entered here; the
 * MediaPipe runtime is its own chunk, fetched on first use from this origin.
 */
import { growMask, hairMask } from './hair-mask';
import {
  createFaceDetector,
  createPersonSegmenter,
  faceOutline,
  personMask,
  VisionUnavailable,
} from './vision';

export { VisionUnavailable } from './vision';

type StillModels = {
  segmenter: Awaited<ReturnType<typeof createPersonSegmenter>>;
  detector: Awaited<ReturnType<typeof createFaceDetector>>;
};
let stillModels: Promise<StillModels> | null = null;

function models(): Promise<StillModels> {
  stillModels ??= Promise.all([createPersonSegmenter('image'), createFaceDetector()]).then(
    ([segmenter, detector]) => ({ segmenter, detector }),
    (error: unknown) => {
      stillModels = null;
      throw error;
    },
  );
  return stillModels;
}

export type HairDetection = {
  /** 255 where hair, 0 elsewhere, the still's width × height */
  mask: Uint8Array;
  /** a face was found (the mask leaves it out); without one, the mask is the whole person */
  face: boolean;
};

/** The hair of the still drawn on `canvas` (its pixels in `image`), found on this device. */
export async function detectHair(
  canvas: HTMLCanvasElement,
  image: ImageData,
): Promise<HairDetection> {
  const { segmenter, detector } = await models();
  const person = personMask(segmenter, canvas);
  if (person.length !== image.width * image.height) throw new VisionUnavailable('failed');
  const face = faceOutline(detector, canvas);
  const mask = hairMask({
    width: image.width,
    height: image.height,
    pixels: image.data,
    person,
    face,
  });
  // A one-pixel soft edge: the recolouring blends there instead of cutting a hard line.
  const soft = growMask(mask, image.width, image.height, 1);
  for (let i = 0; i < mask.length; i++) if (soft[i] && !mask[i]) mask[i] = 96;
  return { mask, face: face !== null };
}
