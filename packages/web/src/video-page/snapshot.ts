/**
 * The still the stylist takes of the client's video (issue 15 §3): the frame the remote <video>
 * shows now, at its own resolution, as a JPEG. The built-in room draws its videos itself; Daily's
 * own frame is another origin, so there it answers without a picture.
 */
import type { PostToParent } from './parent-messages';

const QUALITY = 0.92;

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
  const image = video ? await captureStill(video).catch(() => null) : null;
  post('snapshot', image ? { image } : {});
}
