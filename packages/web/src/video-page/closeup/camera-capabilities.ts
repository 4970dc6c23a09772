/**
 * What a close-up can offer on this camera (docs/product.md#close-up-photos): the torch and the
 * zoom when the browser reports them (`getCapabilities()`, Chrome on Android; absent elsewhere),
 * and the largest frame the track can give when no ImageCapture takes a photo. Everything here
 * works on a typed slice of MediaStreamTrack, so a test's fake track stands in for a camera.
 */

/** The capabilities a close-up reads; `torch` and `zoom` are not in TypeScript's DOM types. */
export type CloseupCapabilities = {
  width?: { max?: number };
  height?: { max?: number };
  facingMode?: string[];
  torch?: boolean;
  zoom?: { min?: number; max?: number; step?: number };
};

/** The constraints a close-up sets, `torch` and `zoom` included. */
export type CloseupConstraints = MediaTrackConstraints & {
  torch?: boolean;
  zoom?: number;
  advanced?: Array<MediaTrackConstraintSet & { torch?: boolean; zoom?: number }>;
};

/** The slice of MediaStreamTrack a close-up uses. */
export type CloseupTrack = {
  getCapabilities?: () => CloseupCapabilities;
  getSettings: () => MediaTrackSettings & { torch?: boolean; zoom?: number };
  applyConstraints: (constraints: CloseupConstraints) => Promise<void>;
};

export type ZoomRange = { min: number; max: number; step: number; value: number };
export type CloseupControls = { torch: boolean; zoom: ZoomRange | null };

function capabilitiesOf(track: CloseupTrack): CloseupCapabilities {
  try {
    return track.getCapabilities?.() ?? {};
  } catch {
    return {};
  }
}

/** The torch when the camera has one; the zoom when it has a real range. */
export function closeupControls(track: CloseupTrack): CloseupControls {
  const caps = capabilitiesOf(track);
  const zoom = caps.zoom;
  const min = zoom?.min;
  const max = zoom?.max;
  const hasZoom = typeof min === 'number' && typeof max === 'number' && max > min;
  const current = track.getSettings().zoom;
  return {
    torch: caps.torch === true,
    zoom: hasZoom
      ? {
          min,
          max,
          step: zoom?.step && zoom.step > 0 ? zoom.step : (max - min) / 20,
          value: typeof current === 'number' ? current : min,
        }
      : null,
  };
}

/** Turns the torch on or off; false when the camera refused. */
export async function setTorch(track: CloseupTrack, on: boolean): Promise<boolean> {
  try {
    await track.applyConstraints({ advanced: [{ torch: on }] });
    return true;
  } catch {
    return false;
  }
}

/** Sets the zoom, kept inside its range; false when the camera refused. */
export async function setZoom(track: CloseupTrack, range: ZoomRange, value: number) {
  const zoom = Math.min(range.max, Math.max(range.min, value));
  try {
    await track.applyConstraints({ advanced: [{ zoom }] });
    return true;
  } catch {
    return false;
  }
}

/**
 * The track's largest frame, as constraints: its capabilities' maximum width and height, or
 * null when it does not say (the frame is then taken at the size it has).
 */
export function largestFrame(track: CloseupTrack): { width: number; height: number } | null {
  const { width, height } = capabilitiesOf(track);
  const w = width?.max;
  const h = height?.max;
  return typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0
    ? { width: w, height: h }
    : null;
}

/**
 * Runs `grab` with the track at its largest frame, then gives it back the size it had (the call
 * goes on with it). When the camera refuses the larger size, the frame is taken at the size it
 * has.
 */
export async function atLargestFrame<T>(track: CloseupTrack, grab: () => Promise<T>): Promise<T> {
  const largest = largestFrame(track);
  const before = track.getSettings();
  const current = { width: before.width ?? 0, height: before.height ?? 0 };
  const larger =
    largest !== null && largest.width * largest.height > current.width * current.height;
  if (larger) {
    await track
      .applyConstraints({ width: { ideal: largest.width }, height: { ideal: largest.height } })
      .catch(() => undefined);
  }
  try {
    return await grab();
  } finally {
    if (larger && current.width > 0 && current.height > 0)
      await track
        .applyConstraints({ width: { ideal: current.width }, height: { ideal: current.height } })
        .catch(() => undefined);
  }
}
