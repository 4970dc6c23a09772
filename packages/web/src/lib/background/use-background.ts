/**
 * The privacy blur of her own video (docs/product.md#privacy-blur), for the pre-join check's
 * preview and the call alike: her choice (remembered on this device), the pipeline that makes the
 * processed track (compositor.ts, fetched with the vision runtime only when first used), and what
 * blocks it here. `onTrack` hears the track to show and send instead of the camera (null: the
 * camera itself); a track is only handed over once it makes frames, and the camera goes back
 * before the pipeline stops, so nobody sees a frozen picture.
 */
import type { BackgroundBlocked, BackgroundMode, VideoPageBackground } from '@belleza/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BackgroundTrack, startBackground } from './compositor';
import { readBackgroundPreference, saveBackgroundPreference } from './preference';

export type BackgroundHookOptions = {
  /** the stream whose camera is blurred (null while there is none) */
  stream: MediaStream | null;
  cameraOn: boolean;
  /**
   * something else is on the links (a close-up's rear camera, a shared screen): the pipeline
   * rests, and its track is handed over again when the camera comes back
   */
  suspended?: boolean;
  onTrack: (track: MediaStreamTrack | null) => void | Promise<void>;
  /** injectable for tests */
  start?: typeof startBackground;
  supported?: () => boolean;
};

export type BackgroundControl = {
  /** null: nothing to blur (no camera) */
  state: VideoPageBackground | null;
  setMode: (mode: BackgroundMode) => void;
  /** the processed track while it is what she sends (her self-view shows it), else null */
  track: MediaStreamTrack | null;
};

/** What the pipeline needs from the browser, checked before anything loads. */
export function backgroundSupported(): boolean {
  return (
    typeof WebAssembly === 'object' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.captureStream === 'function'
  );
}

const loadStart: typeof startBackground = (source, options) =>
  import('./compositor').then((m) => m.startBackground(source, options));

function blockedBy(error: unknown): BackgroundBlocked {
  const reason: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'reason') : null;
  return reason === 'unsupported' ? 'unsupported' : 'failed';
}

/** Her camera track sends black (false) or its picture again (true), if it still runs. */
function setSending(track: MediaStreamTrack, on: boolean): void {
  if (track.readyState === 'live') track.enabled = on;
}

export function useBackground(options: BackgroundHookOptions): BackgroundControl {
  const { stream, cameraOn, suspended = false } = options;
  const supported = (options.supported ?? backgroundSupported)();
  const [mode, setModeState] = useState<BackgroundMode>(() =>
    supported ? readBackgroundPreference() : 'off',
  );
  const [blocked, setBlocked] = useState<BackgroundBlocked | null>(
    supported ? null : 'unsupported',
  );
  /** the pipeline's track once handed over, and the camera it was made from */
  const [handed, setHanded] = useState<{
    camera: MediaStreamTrack;
    track: MediaStreamTrack;
  } | null>(null);
  /** bumped when the camera track of `stream` ends: the pipeline follows the one in its place */
  const [trackRound, setTrackRound] = useState(0);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  /** the running pipeline, the camera track it serves, and the copy of it that it reads */
  const pipelineRef = useRef<{
    pipeline: BackgroundTrack;
    camera: MediaStreamTrack;
    copy: MediaStreamTrack;
  } | null>(null);
  const runRef = useRef(0);

  const source = stream?.getVideoTracks().find((t) => t.readyState === 'live') ?? null;
  const track = mode !== 'off' && handed && handed.camera === source ? handed.track : null;
  const starting = mode !== 'off' && source !== null && track === null && blocked === null;

  /** Back to the camera, then the pipeline stops. */
  const teardown = useCallback(async () => {
    runRef.current++;
    const running = pipelineRef.current;
    pipelineRef.current = null;
    if (!running) return;
    await Promise.resolve(optionsRef.current.onTrack(null)).catch(() => undefined);
    running.pipeline.stop();
    running.copy.stop();
  }, []);

  // The camera track ends (a phone reopens its front camera after a close-up): the pipeline
  // starts again on the one that took its place.
  useEffect(() => {
    if (!source) return;
    const ended = () => setTrackRound((n) => n + 1);
    source.addEventListener('ended', ended);
    return () => source.removeEventListener('ended', ended);
  }, [source]);

  useEffect(() => {
    const running = pipelineRef.current;
    if (mode === 'off' || !source) {
      void teardown();
      return;
    }
    if (running && running.camera === source) {
      running.pipeline.setMode(mode);
      return;
    }
    if (running) void teardown();
    const run = ++runRef.current;
    // Until the background is ready the camera sends black, never the room she means to hide.
    // The pipeline reads a copy of the camera, which that does not darken.
    const copy = source.clone();
    setSending(source, false);
    const release = () => setSending(source, optionsRef.current.cameraOn);
    const start = optionsRef.current.start ?? loadStart;
    start(copy, {
      mode,
      onTooSlow: () => {
        if (runRef.current !== run) return;
        // Offered off, with the reason; she may try again. The next call starts without it.
        saveBackgroundPreference('off');
        setHanded(null);
        setBlocked('too-slow');
        setModeState('off');
      },
    }).then(
      async (pipeline) => {
        if (runRef.current !== run) {
          pipeline.stop();
          copy.stop();
          release();
          return;
        }
        pipelineRef.current = { pipeline, camera: source, copy };
        pipeline.setPaused(!optionsRef.current.cameraOn || optionsRef.current.suspended === true);
        await Promise.resolve(optionsRef.current.onTrack(pipeline.track)).catch(() => undefined);
        release();
        if (runRef.current === run) setHanded({ camera: source, track: pipeline.track });
      },
      (error: unknown) => {
        copy.stop();
        release();
        if (runRef.current !== run) return;
        setBlocked(blockedBy(error));
        setModeState('off');
      },
    );
    // `trackRound`: the camera track behind the same stream changed
  }, [mode, source, trackRound, teardown]);

  // Camera off, or the links show something else: no frames are made meanwhile.
  useEffect(() => {
    pipelineRef.current?.pipeline.setPaused(!cameraOn || suspended);
  }, [cameraOn, suspended, track]);

  // The page goes: the pipeline with it.
  useEffect(
    () => () => {
      runRef.current++;
      pipelineRef.current?.pipeline.stop();
      pipelineRef.current?.copy.stop();
      pipelineRef.current = null;
    },
    [],
  );

  const setMode = useCallback(
    (next: BackgroundMode) => {
      // Not here at all (no vision, it failed to load): the control is disabled with the reason.
      if (blocked === 'unsupported' || blocked === 'failed') return;
      setBlocked(null);
      saveBackgroundPreference(next);
      // A new start hands its own track over; the last one's is gone.
      if (next === 'off') setHanded(null);
      setModeState(next);
    },
    [blocked],
  );

  const hasSource = source !== null;
  const state = useMemo<VideoPageBackground | null>(
    () => (hasSource ? { mode, starting, blocked } : null),
    [hasSource, mode, starting, blocked],
  );
  return { state, setMode, track };
}
