/**
 * On-device vision (docs/architecture.md#on-device-vision): MediaPipe Tasks in the page, its
 * runtime and models served from this origin under `/vision/` (build/vision-assets.ts), loaded
 * on first use. Nothing leaves the device and nothing is fetched from anywhere else.
 */
import type * as TasksVision from '@mediapipe/tasks-vision';
import type { FaceDetector, FaceLandmarker, ImageSegmenter } from '@mediapipe/tasks-vision';
import { faceFromDetection, isSaneMesh, type Face } from './face-outline';

export const VISION_BASE = '/vision';

/** A still or a frame the models can read. */
export type VisionImage = HTMLCanvasElement | HTMLImageElement | HTMLVideoElement | ImageBitmap;

/** Why vision is not offered here: the browser lacks what the runtime needs, or it failed to load. */
export class VisionUnavailable extends Error {
  constructor(
    readonly reason: 'unsupported' | 'failed',
    cause?: unknown,
  ) {
    super(`on-device vision unavailable: ${reason}`, { cause });
  }
}

type Tasks = typeof TasksVision;
let tasks: Promise<Tasks> | null = null;

/**
 * Whether the page can draw with WebGL: the runtime hands every frame and still to the models
 * through a WebGL texture, even on the CPU delegate. Without it (a browser or machine that blocks
 * WebGL) each frame fails inside the runtime, so vision is not offered at all.
 */
function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

async function loadTasks(): Promise<Tasks> {
  // The SIMD build only (every browser the app supports runs it); without SIMD: unsupported.
  if (typeof WebAssembly !== 'object') throw new VisionUnavailable('unsupported');
  if (!hasWebGl()) throw new VisionUnavailable('unsupported');
  const module = await import('@mediapipe/tasks-vision');
  if (!(await module.FilesetResolver.isSimdSupported())) throw new VisionUnavailable('unsupported');
  return module;
}

function loaded(): Promise<Tasks> {
  tasks ??= loadTasks().catch((error: unknown) => {
    tasks = null;
    throw error instanceof VisionUnavailable ? error : new VisionUnavailable('failed', error);
  });
  return tasks;
}

const fileset = {
  wasmLoaderPath: `${VISION_BASE}/vision_wasm_internal.js`,
  wasmBinaryPath: `${VISION_BASE}/vision_wasm_internal.wasm`,
};

/**
 * A person segmenter: per pixel, how sure the model is that it shows the person (0…1). `video`
 * mode keeps state between frames (the background blur); `image` mode is for stills.
 */
export async function createPersonSegmenter(mode: 'image' | 'video'): Promise<ImageSegmenter> {
  const { ImageSegmenter } = await loaded();
  try {
    return await ImageSegmenter.createFromOptions(fileset, {
      baseOptions: { modelAssetPath: `${VISION_BASE}/selfie_segmenter.tflite`, delegate: 'CPU' },
      runningMode: mode === 'video' ? 'VIDEO' : 'IMAGE',
      outputConfidenceMasks: true,
      outputCategoryMask: false,
    });
  } catch (error) {
    throw new VisionUnavailable('failed', error);
  }
}

/** The face detector (box and six keypoints: eyes, nose, mouth, ears). */
export async function createFaceDetector(): Promise<FaceDetector> {
  const { FaceDetector } = await loaded();
  try {
    return await FaceDetector.createFromOptions(fileset, {
      baseOptions: { modelAssetPath: `${VISION_BASE}/face_detector.tflite`, delegate: 'CPU' },
      runningMode: 'IMAGE',
    });
  } catch (error) {
    throw new VisionUnavailable('failed', error);
  }
}

/**
 * The face landmarker: the face mesh's 468 points (and ten iris points the model shipped does not
 * give: zeros), found inside the detector's box; both models in one `.task`.
 */
export async function createFaceLandmarker(): Promise<FaceLandmarker> {
  const { FaceLandmarker } = await loaded();
  try {
    return await FaceLandmarker.createFromOptions(fileset, {
      baseOptions: { modelAssetPath: `${VISION_BASE}/face_landmarker.task`, delegate: 'CPU' },
      runningMode: 'IMAGE',
      numFaces: 1,
    });
  } catch (error) {
    throw new VisionUnavailable('failed', error);
  }
}

/** The person mask of a still, at the still's own size (row-major, 0…1). */
export function personMask(segmenter: ImageSegmenter, image: VisionImage): Float32Array {
  const result = segmenter.segment(image);
  try {
    const mask = result.confidenceMasks?.[0];
    if (!mask) throw new VisionUnavailable('failed');
    return mask.getAsFloat32Array().slice();
  } finally {
    result.close();
  }
}

/**
 * The face mesh of the still (0…1 of its width and height): null without a face, or when the
 * points do not make a face (eyes, nose, mouth and chin out of order: not to be trusted).
 */
export function faceMesh(landmarker: FaceLandmarker, image: VisionImage): Face | null {
  const points = landmarker.detect(image).faceLandmarks[0];
  if (!points || !isSaneMesh(points)) return null;
  return { points: points.map((p) => ({ x: p.x, y: p.y })), from: 'mesh' };
}

/**
 * The face's outline in the still (0…1 of its width and height, in the face mesh's numbering that
 * hair-mask.ts reads), from the detector's box and keypoints; null without a face.
 */
export function faceOutline(detector: FaceDetector, image: VisionImage): Face | null {
  const width =
    'naturalWidth' in image
      ? image.naturalWidth
      : 'videoWidth' in image
        ? image.videoWidth
        : image.width;
  const height =
    'naturalHeight' in image
      ? image.naturalHeight
      : 'videoHeight' in image
        ? image.videoHeight
        : image.height;
  const face = detector.detect(image).detections[0];
  const box = face?.boundingBox;
  if (!face || !box || width === 0 || height === 0) return null;
  return faceFromDetection(
    {
      x: box.originX / width,
      y: box.originY / height,
      width: box.width / width,
      height: box.height / height,
    },
    face.keypoints.map((k) => ({ x: k.x, y: k.y })),
  );
}
