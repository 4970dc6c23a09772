/**
 * The still of the client's video (docs/product.md#snapshots), as a JPEG at the video's own
 * resolution. Built-in: the stylist's page draws the remote <video> it renders. Daily: Daily's
 * frame is another origin whose video no page of ours can read, so the visitor's own page takes it
 * instead — one frame of her camera, opened for that moment on the device Daily uses and closed at
 * once.
 */
import { SNAPSHOT_CAPTURE_TIMEOUT_MS, type SnapshotFailureReason } from '@belleza/contract';
import type { PostToParent } from './parent-messages';

const QUALITY = 0.92;
/** From her camera opening to its first frame; a camera that shows nothing by then failed. */
export const FIRST_FRAME_TIMEOUT_MS = 5_000;

/** The client's video as this page shows it, when it has a picture. */
export function clientVideo(doc: Document = document): HTMLVideoElement | null {
  const videos = doc.querySelectorAll<HTMLVideoElement>('video[data-user-type="client"]');
  for (const video of videos) if (video.videoWidth > 0 && video.videoHeight > 0) return video;
  return null;
}

export function captureStill(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
}

/** Answers the parent's 'snapshot' control: the still, or no image when there is none to take. */
export async function answerSnapshot(post: PostToParent, doc: Document = document) {
  const video = clientVideo(doc);
  if (!video) {
    post('snapshot', { snapshotError: 'camera-off' });
    return;
  }
  const image = await captureStill(video).catch(() => null);
  post('snapshot', image ? { image } : { snapshotError: 'failed' });
}

// ------------------------------------------------------------------ Daily: her own camera

/** What the Daily room tells of this device's camera in the call (a slice of daily-js's call). */
export type OwnCameraSource = {
  /** whether her camera is on in the call */
  localVideo(): boolean;
  /** the camera the call uses (an empty object until it has one) */
  getInputDevices(): Promise<{ camera: object }>;
};

type CameraMedia = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;
export type OwnCameraStill = { image: Blob } | { error: SnapshotFailureReason };

const stringField = (o: object, key: 'deviceId' | 'label'): string => {
  const v: unknown = (o as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : '';
};

/**
 * The camera Daily uses, as this page names it. Device ids are kept per origin, so the id Daily's
 * frame reports may not be ours: the label (the same everywhere once the camera was allowed)
 * finds it then. Unknown: the browser's default camera.
 */
async function sameCamera(
  source: OwnCameraSource,
  media: CameraMedia,
): Promise<MediaTrackConstraints | true> {
  const camera = await source.getInputDevices().then(
    (d) => d.camera,
    () => ({}),
  );
  const deviceId = stringField(camera, 'deviceId');
  const label = stringField(camera, 'label');
  if (!deviceId && !label) return true;
  const inputs = (await media.enumerateDevices().catch(() => [])).filter(
    (d) => d.kind === 'videoinput' && d.deviceId,
  );
  const match =
    inputs.find((d) => deviceId && d.deviceId === deviceId) ??
    inputs.find((d) => label && d.label === label);
  return match ? { deviceId: { exact: match.deviceId } } : true;
}

/** One frame of a live camera stream, drawn once it shows something. */
export async function grabFrame(stream: MediaStream): Promise<Blob | null> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  let timer = 0;
  try {
    let check: () => void = () => undefined;
    const shown = new Promise<void>((resolve, reject) => {
      timer = window.setTimeout(() => reject(new Error('no frame')), FIRST_FRAME_TIMEOUT_MS);
      check = () => {
        if (video.videoWidth > 0 && video.videoHeight > 0) resolve();
      };
      for (const event of ['loadeddata', 'playing', 'resize']) video.addEventListener(event, check);
    });
    // Once playing it may show already (no event to come).
    await Promise.all([video.play().then(() => check()), shown]);
    return await captureStill(video);
  } finally {
    window.clearTimeout(timer);
    video.srcObject = null;
  }
}

/**
 * A still of her own camera, as Daily sends it: only when her camera is on in the call (else
 * `camera-off`); the camera opened again for one frame and every track stopped at once, whatever
 * happens. Given up after SNAPSHOT_CAPTURE_TIMEOUT_MS (a permission prompt left open): a camera
 * that opens later is closed unread.
 */
export async function captureOwnCamera(
  source: OwnCameraSource,
  media: CameraMedia = navigator.mediaDevices,
  grab: (stream: MediaStream) => Promise<Blob | null> = grabFrame,
): Promise<OwnCameraStill> {
  if (!source.localVideo()) return { error: 'camera-off' };
  let expired = false;
  const deadline = window.setTimeout(() => {
    expired = true;
  }, SNAPSHOT_CAPTURE_TIMEOUT_MS);
  let stream: MediaStream | null = null;
  try {
    stream = await media.getUserMedia({ video: await sameCamera(source, media), audio: false });
    if (expired) return { error: 'failed' };
    const image = await grab(stream);
    return image ? { image } : { error: 'failed' };
  } catch {
    return { error: 'failed' };
  } finally {
    window.clearTimeout(deadline);
    for (const track of stream?.getTracks() ?? []) track.stop();
  }
}

/** The visitor's Daily page answers the 'snapshot' control with her own camera's still. */
export async function answerOwnCameraSnapshot(post: PostToParent, source: OwnCameraSource | null) {
  const still: OwnCameraStill = source ? await captureOwnCamera(source) : { error: 'camera-off' };
  post('snapshot', 'image' in still ? { image: still.image } : { snapshotError: still.error });
}
