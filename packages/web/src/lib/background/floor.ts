/**
 * Whether this device keeps up with the privacy blur (docs/architecture.md#privacy-blur): the
 * time each frame takes to segment and composite, over a window of frames after a short warm-up
 * (the runtime compiles, the first frames are slow everywhere), gives the frames a second the
 * device can composite; below the floor the blur would make her video stutter.
 */
import { BLUR_FLOOR_FPS } from '@belleza/contract';

export type FloorVerdict = 'measuring' | 'ok' | 'too-slow';

export type FloorJudgeOptions = {
  /** frames a second the device must be able to composite */
  floorFps?: number;
  /** the first frames, not counted */
  warmupFrames?: number;
  /** frames in each judged window (judged again, window after window, for as long as it runs) */
  windowFrames?: number;
};

export type FloorJudge = {
  /** One frame took `workMs` to composite; the verdict after it. */
  frame(workMs: number): FloorVerdict;
  /** The last window's figure (frames a second the device composites), null before one. */
  capacityFps(): number | null;
};

export const BLUR_WARMUP_FRAMES = 8;
export const BLUR_WINDOW_FRAMES = 30;

export function createFloorJudge(options: FloorJudgeOptions = {}): FloorJudge {
  const floor = options.floorFps ?? BLUR_FLOOR_FPS;
  const warmup = options.warmupFrames ?? BLUR_WARMUP_FRAMES;
  const size = options.windowFrames ?? BLUR_WINDOW_FRAMES;
  let seen = 0;
  let inWindow = 0;
  let windowMs = 0;
  let verdict: FloorVerdict = 'measuring';
  let capacity: number | null = null;
  return {
    frame(workMs) {
      seen++;
      if (seen <= warmup || verdict === 'too-slow') return verdict;
      inWindow++;
      windowMs += Math.max(0, workMs);
      if (inWindow < size) return verdict;
      capacity = windowMs > 0 ? (1000 * inWindow) / windowMs : Number.POSITIVE_INFINITY;
      verdict = capacity < floor ? 'too-slow' : 'ok';
      inWindow = 0;
      windowMs = 0;
      return verdict;
    },
    capacityFps: () => capacity,
  };
}
