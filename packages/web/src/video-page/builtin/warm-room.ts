/**
 * What a standby video page prepares before the call is accepted, so the video starts the moment it
 * is: the signalling socket and, when the visitor already checked her camera, the local media; and,
 * the moment the parent hands over the room, the built-in room itself, joined straight from that
 * message (`joinWarmRoom`), before the page renders it. The room's screen takes them over when it
 * mounts, so the first media after "Aceptar" only waits for the network.
 */
import { parseRoomUrl, type VideoPageJoin } from '@belleza/contract';
import {
  acquireLocalMedia,
  connectSignaling,
  createMeshSession,
  type LocalMedia,
  type MeshEvent,
  type MeshSession,
  type SignalingSocket,
} from '../../lib/webrtc';
import type { MediaRequest } from '../../lib/webrtc/local-media';

let socket: SignalingSocket | null = null;
let media: Promise<LocalMedia> | null = null;

/** A built-in room joined from the parent's message, until the room's screen takes it. */
export type WarmRoom = {
  callId: string;
  token: string;
  socket: SignalingSocket;
  media: Promise<LocalMedia>;
  session: MeshSession;
  /** what the session told before anyone listened, then everything after, goes to `onEvent` */
  listen: (onEvent: (event: MeshEvent) => void) => void;
};
let room: WarmRoom | null = null;

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

/**
 * Joins the handed-over built-in room now: `rtc:join` goes out from the message's own handler,
 * with the warm socket and media (or new ones), not after a render. A Daily room, or a join with
 * no token, is left to the room's screen.
 */
export function joinWarmRoom(
  join: VideoPageJoin,
  request: MediaRequest,
  deps: { connect?: () => SignalingSocket; acquire?: typeof acquireLocalMedia } = {},
): void {
  const { token } = join;
  if (room || !token || parseRoomUrl(join.roomUrl)?.provider !== 'builtin') return;
  const joined = takeWarmSocket() ?? (deps.connect ?? connectSignaling)();
  const ready = takeWarmMedia() ?? (deps.acquire ?? acquireLocalMedia)(request);
  const early: MeshEvent[] = [];
  let listener: ((event: MeshEvent) => void) | null = null;
  const session = createMeshSession({
    socket: joined,
    callId: join.callId,
    token,
    localStream: ready.then((m) => m.stream),
    onEvent: (event) => (listener ? listener(event) : void early.push(event)),
  });
  room = {
    callId: join.callId,
    token,
    socket: joined,
    media: ready,
    session,
    listen(onEvent) {
      listener = onEvent;
      for (const event of early.splice(0)) onEvent(event);
    },
  };
}

/** The room joined for `callId` with `token`, once: whoever takes it owns it. */
export function takeWarmRoom(callId: string, token: string): WarmRoom | null {
  if (!room || room.callId !== callId || room.token !== token) return null;
  const taken = room;
  room = null;
  return taken;
}
