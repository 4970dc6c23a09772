/**
 * The privacy blur's pipeline (docs/architecture.md#privacy-blur): her camera's frames drawn into
 * a canvas at most 640 pixels wide (the size the floor was measured at), the person found in each
 * by the on-device segmenter (lib/segmentation, VIDEO mode), the background blurred or painted a
 * plain soft colour, the person drawn over it through the mask, and the canvas's own stream
 * (`captureStream`, in Chromium and Firefox alike) sent in place of the camera. Frames are paced
 * by a worker's clock (tick-worker.ts), which keeps going in a hidden tab.
 */
import type { BackgroundMode } from '@belleza/contract';
import type { ImageSegmenter } from '@mediapipe/tasks-vision';
import { createPersonSegmenter } from '../segmentation/vision';
import { createFloorJudge, type FloorJudge } from './floor';

export type ProcessedMode = Exclude<BackgroundMode, 'off'>;

export type BackgroundTrack = {
  /** what goes out on the links */
  track: MediaStreamTrack;
  /** the camera it is made from */
  source: MediaStreamTrack;
  setMode(mode: ProcessedMode): void;
  /** camera off: black frames instead, nothing segmented (and the processed track is disabled) */
  setPaused(paused: boolean): void;
  stop(): void;
};

export type BackgroundOptions = {
  mode: ProcessedMode;
  /** the device composites below the floor: the caller switches back to the camera */
  onTooSlow: (capacityFps: number) => void;
  /** injectable for tests and the bench */
  segmenter?: Pick<ImageSegmenter, 'segmentForVideo' | 'close'>;
  judge?: FloorJudge;
};

/** Largest width of the composited video. */
export const BACKGROUND_MAX_WIDTH = 640;
/** The plain background ('replace'): a soft warm beige. */
export const REPLACE_COLOUR = { r: 226, g: 214, b: 204 } as const;
const REPLACE_CSS = `rgb(${REPLACE_COLOUR.r} ${REPLACE_COLOUR.g} ${REPLACE_COLOUR.b})`;
/** The blur's strength, in pixels at a given width (12 px at 640). */
export const blurRadius = (width: number) => Math.max(4, Math.round(width / 53));

/** The composited size for a camera frame: its own shape, at most BACKGROUND_MAX_WIDTH wide. */
export function compositeSize(width: number, height: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, BACKGROUND_MAX_WIDTH / width);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Frame pacing: the camera's own rate, between 10 and 30 a second. */
export const tickPeriodMs = (frameRate: number | undefined) =>
  Math.round(1000 / Math.min(30, Math.max(10, frameRate && frameRate > 0 ? frameRate : 30)));

type Clock = { start(periodMs: number, tick: () => void): void; stop(): void };

function createClock(): Clock {
  let worker: Worker | null = null;
  let interval: ReturnType<typeof setInterval> | undefined;
  return {
    start(periodMs, tick) {
      try {
        worker = new Worker(new URL('./tick-worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = tick;
        worker.postMessage(periodMs);
      } catch {
        // No worker (refused): the page's timer, slowed down in a hidden tab but working.
        worker = null;
        interval = setInterval(tick, periodMs);
      }
    },
    stop() {
      worker?.terminate();
      worker = null;
      clearInterval(interval);
    },
  };
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  return ctx;
}

/** Starts the pipeline on `source` (a live camera track). Rejects with VisionUnavailable. */
export async function startBackground(
  source: MediaStreamTrack,
  options: BackgroundOptions,
): Promise<BackgroundTrack> {
  const segmenter = options.segmenter ?? (await createPersonSegmenter('video'));
  const judge = options.judge ?? createFloorJudge();
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([source]);
  await video.play().catch(() => undefined);

  const out = document.createElement('canvas');
  const frame = document.createElement('canvas');
  const person = document.createElement('canvas');
  const small = document.createElement('canvas');
  const outCtx = context2d(out);
  const frameCtx = frame.getContext('2d', { willReadFrequently: false });
  const personCtx = context2d(person);
  const smallCtx = context2d(small);
  if (!frameCtx) throw new Error('no 2D canvas');
  // Safari before 18 has no canvas filter (the property is missing, not a string).
  const canFilter = typeof Reflect.get(outCtx, 'filter') === 'string';
  let maskImage: ImageData | null = null;
  let mode = options.mode;
  let paused = false;
  let busy = false;
  let stopped = false;
  let lastTimestamp = 0;
  let slowTold = false;

  const resize = (width: number, height: number) => {
    for (const c of [out, frame, person]) {
      c.width = width;
      c.height = height;
    }
    small.width = Math.max(1, Math.round(width / 16));
    small.height = Math.max(1, Math.round(height / 16));
    maskImage = new ImageData(width, height);
  };
  const first = compositeSize(video.videoWidth || 640, video.videoHeight || 480);
  resize(first.width, first.height);
  // Something to send before the first frame is made: the plain colour, never the raw room.
  outCtx.fillStyle = REPLACE_CSS;
  outCtx.fillRect(0, 0, out.width, out.height);
  const track = out.captureStream().getVideoTracks()[0];
  if (!track) throw new Error('no canvas capture');
  track.contentHint = 'motion';

  const drawBackground = (width: number, height: number) => {
    if (mode === 'replace') {
      outCtx.fillStyle = REPLACE_CSS;
      outCtx.fillRect(0, 0, width, height);
      return;
    }
    const r = blurRadius(width);
    if (canFilter) {
      // Drawn a little larger than the canvas: the blur's edges, which fade out, fall outside it.
      outCtx.filter = `blur(${r}px)`;
      outCtx.drawImage(frame, -2 * r, -2 * r, width + 4 * r, height + 4 * r);
      outCtx.filter = 'none';
    } else {
      // No canvas filter (older Safari): shrunk to a sixteenth and drawn back up, smoothed.
      smallCtx.drawImage(frame, 0, 0, small.width, small.height);
      outCtx.imageSmoothingEnabled = true;
      outCtx.imageSmoothingQuality = 'high';
      outCtx.drawImage(small, 0, 0, width, height);
    }
  };

  const step = () => {
    if (stopped) return;
    if (paused) {
      // Camera off: black frames keep going out (a canvas that stops changing sends nothing, and
      // the others would keep her last picture, frozen, as if her camera were still on).
      outCtx.fillStyle = '#000';
      outCtx.fillRect(0, 0, out.width, out.height);
      return;
    }
    if (busy || video.readyState < 2) return;
    const size = compositeSize(video.videoWidth, video.videoHeight);
    if (size.width === 0) return;
    busy = true;
    const t0 = performance.now();
    try {
      if (size.width !== out.width || size.height !== out.height) resize(size.width, size.height);
      const { width, height } = size;
      frameCtx.drawImage(video, 0, 0, width, height);
      lastTimestamp = Math.max(lastTimestamp + 1, Math.round(t0));
      const result = segmenter.segmentForVideo(frame, lastTimestamp);
      try {
        const confidence = result.confidenceMasks?.[0]?.getAsFloat32Array();
        if (!confidence || !maskImage || confidence.length !== width * height) return;
        const alpha = maskImage.data;
        for (let i = 0; i < confidence.length; i++) alpha[i * 4 + 3] = (confidence[i] ?? 0) * 255;
      } finally {
        result.close();
      }
      personCtx.globalCompositeOperation = 'copy';
      personCtx.putImageData(maskImage, 0, 0);
      personCtx.globalCompositeOperation = 'source-in';
      personCtx.drawImage(frame, 0, 0);
      personCtx.globalCompositeOperation = 'source-over';
      drawBackground(width, height);
      outCtx.drawImage(person, 0, 0);
    } finally {
      busy = false;
    }
    if (judge.frame(performance.now() - t0) === 'too-slow' && !slowTold) {
      slowTold = true;
      options.onTooSlow(judge.capacityFps() ?? 0);
    }
  };

  const clock = createClock();
  clock.start(tickPeriodMs(source.getSettings().frameRate), step);

  return {
    track,
    source,
    setMode(next) {
      mode = next;
    },
    setPaused(next) {
      paused = next;
      track.enabled = !next;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clock.stop();
      track.stop();
      video.srcObject = null;
      segmenter.close();
    },
  };
}
