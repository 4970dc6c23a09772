/**
 * On-device segmentation (docs/architecture.md#on-device-vision): the hair of a still for the
 * colour preview, and the person mask of video frames for the privacy blur. Entered here; the
 * MediaPipe runtime is its own chunk, fetched on first use from this origin.
 */
import type { Face } from './face-outline';
import { growMask, hairMask } from './hair-mask';
import {
  createFaceDetector,
  createFaceLandmarker,
  createPersonSegmenter,
  faceMesh,
  faceOutline,
  personMask,
  VisionUnavailable,
  type VisionImage,
} from './vision';

export { VisionUnavailable } from './vision';

type Segmenter = Awaited<ReturnType<typeof createPersonSegmenter>>;
type Landmarker = Awaited<ReturnType<typeof createFaceLandmarker>>;
type Detector = Awaited<ReturnType<typeof createFaceDetector>>;

/** Loaded once, the first time; a failed load is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

const segmenter = once<Segmenter>(() => createPersonSegmenter('image'));
const landmarker = once<Landmarker>(createFaceLandmarker);
const detector = once<Detector>(createFaceDetector);

/**
 * The face in the still: the landmarker's mesh (its real outline and brows); where the landmarker
 * cannot load, finds no face or gives points that make none, the detector's box as an ellipse.
 */
async function findFace(image: VisionImage): Promise<Face | null> {
  const mesh = await landmarker().then(
    (l) => faceMesh(l, image),
    () => null,
  );
  return mesh ?? faceOutline(await detector(), image);
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
  const person = personMask(await segmenter(), canvas);
  if (person.length !== image.width * image.height) throw new VisionUnavailable('failed');
  const face = await findFace(canvas);
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
