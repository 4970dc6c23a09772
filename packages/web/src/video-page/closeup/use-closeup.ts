/**
 * A close-up on the visitor's built-in video page (docs/product.md#close-up-photos): asked by
 * the parent ('closeup' control), the page opens the phone's rear camera and sends it on every
 * link in place of her front camera (the stylist sees the switch), or, with no rear camera (a
 * desktop webcam), keeps the camera she has. She aims (torch and zoom where the camera offers
 * them), takes a full-resolution still, sees it with the lighting check, and sends it, takes
 * another, or cancels. Every step is told to the parent ('closeup' messages with
 * `closeupState`); at the end her camera is back as it was: the front camera on the links, the
 * rear one closed, torch off, zoom where it was.
 */
import type { CloseupState, VideoSource } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { stopStream } from '../../lib/webrtc';
import type { PostToParent } from '../parent-messages';
import {
  closeupControls,
  setTorch,
  setZoom,
  type CloseupControls,
  type CloseupTrack,
} from './camera-capabilities';
import { prepareStill, takeFullStill, type PreparedStill } from './take-still';

export type CloseupPhase = 'idle' | 'opening' | 'aiming' | 'taking' | 'review' | 'failed';

export type CloseupView = {
  phase: CloseupPhase;
  requestedBy: string;
  /** her rear camera, or the camera she had (none behind) */
  camera: 'rear' | 'same';
  /** what the preview shows: the camera taking the close-up */
  stream: MediaStream | null;
  controls: CloseupControls;
  torchOn: boolean;
  zoom: number | null;
  still: (PreparedStill & { url: string }) | null;
};

type Track = MediaStreamTrack & CloseupTrack;

export type CloseupOptions = {
  post: PostToParent;
  /** the stream the call sends now (her front camera) */
  localStream: MediaStream | null;
  cameraOn: boolean;
  /** sends `track` on every link instead of the camera (null: the camera again) */
  showVideo: (track: MediaStreamTrack | null, source: VideoSource) => Promise<void>;
  /** injectable for tests */
  media?: Pick<MediaDevices, 'getUserMedia'>;
  takeStill?: (track: Track) => Promise<Blob | null>;
  prepare?: (still: Blob) => Promise<PreparedStill | null>;
};

const IDLE: CloseupView = {
  phase: 'idle',
  requestedBy: '',
  camera: 'same',
  stream: null,
  controls: { torch: false, zoom: null },
  torchOn: false,
  zoom: null,
  still: null,
};

/** The rear camera at a size that keeps the call light (the still comes from its photo mode). */
const REAR_CAMERA: MediaTrackConstraints = {
  facingMode: { exact: 'environment' },
  width: { ideal: 1920 },
  height: { ideal: 1080 },
};

/** No rear camera at all (a desktop, a laptop): the current one takes the close-up. */
const errorName = (err: unknown): unknown =>
  typeof err === 'object' && err !== null ? Reflect.get(err, 'name') : null;
function noRearCamera(err: unknown): boolean {
  const name = errorName(err);
  return name === 'OverconstrainedError' || name === 'NotFoundError';
}
/** Many Android phones open one camera at a time: the rear one is busy while the front streams. */
const cameraBusy = (err: unknown) => {
  const name = errorName(err);
  return name === 'NotReadableError' || name === 'AbortError';
};

/** The front camera as the call had it, to open it again after a close-up that had to stop it. */
type FrontCamera = { stream: MediaStream; old: Track; constraints: MediaTrackConstraints };

function frontCameraOf(stream: MediaStream, track: Track): FrontCamera {
  const { deviceId, width, height } = track.getSettings();
  return {
    stream,
    old: track,
    constraints: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      ...(width ? { width: { ideal: width } } : {}),
      ...(height ? { height: { ideal: height } } : {}),
    },
  };
}

/**
 * Opens the front camera again as it was and puts it in place of the stopped one: in the call's
 * stream (the self-view and the toggles read it) and on every link.
 */
async function reopenFront(front: FrontCamera, options: CloseupOptions): Promise<void> {
  const media = options.media ?? navigator.mediaDevices;
  const stream = await media
    .getUserMedia({ video: front.constraints, audio: false })
    .catch(() => null);
  const track = stream?.getVideoTracks()[0];
  if (!track) return;
  front.stream.removeTrack(front.old);
  front.stream.addTrack(track);
  await options.showVideo(track, 'camera').catch(() => undefined);
}

export function useCloseup(options: CloseupOptions) {
  const [view, setView] = useState<CloseupView>(IDLE);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  /** what is open now, for the way back: the rear stream, and the zoom the track had */
  const openRef = useRef<{
    track: Track;
    rear: MediaStream | null;
    zoomBefore: number | null;
    /** the track the call sent before (her front camera), put back on the links after */
    callTrack: Track;
    /** a phone that opens one camera at a time: the front one was stopped, to reopen so */
    front: FrontCamera | null;
  }>(null);
  /** one per request: a step that resolves after its request ended does nothing */
  const runRef = useRef(0);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });

  const tell = useCallback((closeupState: CloseupState, image?: Blob) => {
    optionsRef.current.post('closeup', { closeupState, ...(image ? { image } : {}) });
  }, []);

  /** Back to the camera she had; nothing is told. */
  const finish = useCallback(async () => {
    runRef.current += 1;
    const open = openRef.current;
    openRef.current = null;
    const { still, torchOn } = viewRef.current;
    if (still) URL.revokeObjectURL(still.url);
    setView(IDLE);
    if (!open) return;
    if (torchOn) await setTorch(open.track, false);
    if (open.front) {
      // Stopped for the rear one: opened again and put in its place, in the call and the preview.
      stopStream(open.rear);
      await reopenFront(open.front, optionsRef.current);
    } else if (open.rear) {
      // The front camera goes back on every link first: nobody is left with a frozen picture.
      // Named, not null: a link's own idea of "the camera" may be a track a close-up replaced.
      await optionsRef.current.showVideo(open.callTrack, 'camera').catch(() => undefined);
      stopStream(open.rear);
    } else if (open.zoomBefore !== null) {
      const range = closeupControls(open.track).zoom;
      if (range) await setZoom(open.track, range, open.zoomBefore);
    }
  }, []);

  const start = useCallback(
    async (requestedBy: string) => {
      if (viewRef.current.phase !== 'idle') return;
      const { localStream, cameraOn } = optionsRef.current;
      const current = localStream?.getVideoTracks()[0];
      if (!current || current.readyState === 'ended' || !cameraOn) {
        tell('camera-off');
        return;
      }
      const run = ++runRef.current;
      setView({ ...IDLE, phase: 'opening', requestedBy });
      const media = optionsRef.current.media ?? navigator.mediaDevices;
      let rear: MediaStream | null = null;
      let front: FrontCamera | null = null;
      const openRear = () => media.getUserMedia({ video: REAR_CAMERA, audio: false });
      const failed = () => {
        setView((v) => ({ ...v, phase: 'failed' }));
        tell('failed');
      };
      try {
        rear = await openRear();
      } catch (err) {
        if (runRef.current !== run) return;
        if (cameraBusy(err) && localStream) {
          front = frontCameraOf(localStream, current);
          current.stop();
          rear = await openRear().catch(() => null);
          if (runRef.current !== run || !rear) {
            stopStream(rear);
            await reopenFront(front, optionsRef.current);
            if (runRef.current === run) failed();
            return;
          }
        } else if (!noRearCamera(err)) {
          failed();
          return;
        }
      }
      // Cancelled while the camera opened: it closes unused.
      if (runRef.current !== run) {
        stopStream(rear);
        return;
      }
      const rearTrack = rear?.getVideoTracks()[0];
      const track = rearTrack ?? current;
      const controls = closeupControls(track);
      openRef.current = {
        track,
        rear: rearTrack ? rear : null,
        zoomBefore: rearTrack ? null : (controls.zoom?.value ?? null),
        callTrack: current,
        front,
      };
      if (rearTrack) {
        // A close-up, not a mirror: the rear camera goes out as it sees.
        await optionsRef.current.showVideo(rearTrack, 'closeup').catch(() => undefined);
      } else stopStream(rear);
      // Cancelled while the links switched: finish() has put the camera back.
      if (runRef.current !== run) return;
      tell(rearTrack ? 'rear-camera' : 'same-camera');
      setView({
        ...IDLE,
        phase: 'aiming',
        requestedBy,
        camera: rearTrack ? 'rear' : 'same',
        stream: rearTrack ? rear : new MediaStream([current]),
        controls,
        zoom: controls.zoom?.value ?? null,
      });
    },
    [tell],
  );

  const take = useCallback(async () => {
    const open = openRef.current;
    if (!open || viewRef.current.phase !== 'aiming') return;
    setView((v) => ({ ...v, phase: 'taking' }));
    const { takeStill = takeFullStill, prepare = prepareStill } = optionsRef.current;
    const raw = await takeStill(open.track).catch(() => null);
    const prepared = raw ? await prepare(raw).catch(() => null) : null;
    if (openRef.current !== open) return;
    if (!prepared) {
      setView((v) => ({ ...v, phase: 'failed' }));
      tell('failed');
      return;
    }
    setView((v) => ({
      ...v,
      phase: 'review',
      still: { ...prepared, url: URL.createObjectURL(prepared.image) },
    }));
  }, [tell]);

  const retake = useCallback(() => {
    const { still } = viewRef.current;
    if (still) URL.revokeObjectURL(still.url);
    setView((v) => ({ ...v, phase: 'aiming', still: null }));
  }, []);

  const send = useCallback(async () => {
    const { still } = viewRef.current;
    if (!still) return;
    tell('sent', still.image);
    await finish();
  }, [tell, finish]);

  const cancel = useCallback(async () => {
    const { phase } = viewRef.current;
    if (phase === 'idle') return;
    // A failure was told already.
    if (phase !== 'failed') tell('cancelled');
    await finish();
  }, [tell, finish]);

  const toggleTorch = useCallback(async () => {
    const open = openRef.current;
    if (!open) return;
    const on = !viewRef.current.torchOn;
    if (await setTorch(open.track, on)) setView((v) => ({ ...v, torchOn: on }));
  }, []);

  const zoomTo = useCallback(async (value: number) => {
    const open = openRef.current;
    const range = viewRef.current.controls.zoom;
    if (!open || !range) return;
    setView((v) => ({ ...v, zoom: value }));
    await setZoom(open.track, range, value);
  }, []);

  // The page closes: the rear camera with it.
  useEffect(
    () => () => {
      stopStream(openRef.current?.rear ?? null);
    },
    [],
  );

  return { view, start, take, retake, send, cancel, finish, toggleTorch, zoomTo };
}
