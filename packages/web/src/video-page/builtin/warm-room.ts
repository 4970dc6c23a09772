/**
 * What a standby video page prepares before the call is accepted, so the video starts the moment it
 * is: the signalling socket and, when the visitor already checked her camera, the local media. The
 * room takes them over when it starts, so the first media after "Aceptar" only waits for the
 * network.
 */
import {
  acquireLocalMedia,
  connectSignaling,
  type LocalMedia,
  type SignalingSocket,
} from '../../lib/webrtc';
import type { MediaRequest } from '../../lib/webrtc/local-media';

let socket: SignalingSocket | null = null;
let media: Promise<LocalMedia> | null = null;

export function warmUp(
  request: MediaRequest | null,
  deps: { connect?: () => SignalingSocket; acquire?: typeof acquireLocalMedia } = {},
): void {
  socket ??= (deps.connect ?? connectSignaling)();
  if (request) media ??= (deps.acquire ?? acquireLocalMedia)(request);
}

/** The warmed socket, once: whoever takes it owns it. */
export function takeWarmSocket(): SignalingSocket | null {
  const taken = socket;
  socket = null;
  return taken;
}

/** The warmed media, once. */
export function takeWarmMedia(): Promise<LocalMedia> | null {
  const taken = media;
  media = null;
  return taken;
}
