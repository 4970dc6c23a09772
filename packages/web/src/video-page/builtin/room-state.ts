/** What the built-in room shows its page (use-builtin-room.ts); its links summed up in one. */
import type { ConnectionQuality } from '@belleza/contract';
import type { MediaFailure, RemotePeer } from '../../lib/webrtc';

export type RoomStage =
  'starting' | 'joining' | 'joined' | 'left' | 'ended' | 'replaced' | 'revoked' | 'error';

/** What the media of the whole room does, from its links' phases (worst first). */
export type MediaState = 'alone' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

export function summarizeMedia(peers: RemotePeer[]): MediaState {
  if (peers.length === 0) return 'alone';
  if (peers.some((p) => p.phase === 'failed')) return 'failed';
  if (peers.some((p) => p.phase === 'reconnecting')) return 'reconnecting';
  if (peers.some((p) => p.phase === 'connected')) return 'connected';
  return 'connecting';
}

const RANK: Record<ConnectionQuality, number> = { good: 0, weak: 1, bad: 2 };
/** This page's own indicator: the worst link it receives. */
export function ownQuality(peers: RemotePeer[]): ConnectionQuality | null {
  return peers.reduce<ConnectionQuality | null>(
    (worst, p) => (p.quality && (!worst || RANK[p.quality] > RANK[worst]) ? p.quality : worst),
    null,
  );
}

export type BuiltinRoomState = {
  stage: RoomStage;
  localStream: MediaStream | null;
  cameraError: MediaFailure | null;
  micError: MediaFailure | null;
  peers: RemotePeer[];
  error: string | null;
  /** the error is media that never flowed / could not recover (ICE), not a refused join */
  mediaFailed: boolean;
  media: MediaState;
  micOn: boolean;
  cameraOn: boolean;
  /** this participant may share a screen (the join ack says so) and the browser can capture one */
  canShareScreen: boolean;
  sharingScreen: boolean;
  /** why the last attempt to share failed; null after a cancelled picker, which is no failure */
  screenShareError: string | null;
  /** this page is a silent supervisor's: no camera, no microphone, until she speaks */
  supervising: boolean;
  /** she asked to speak and the microphone (or the room) is not there yet */
  speaking: 'idle' | 'starting';
  /** why speaking failed (microphone refused, room full) */
  speakError: string | null;
  /** a silent supervisor was here and left (the others' pages say so) */
  supervisorLeft: boolean;
};

export const initialRoomState: BuiltinRoomState = {
  stage: 'starting',
  localStream: null,
  cameraError: null,
  micError: null,
  peers: [],
  error: null,
  mediaFailed: false,
  media: 'alone',
  micOn: true,
  cameraOn: true,
  canShareScreen: false,
  sharingScreen: false,
  screenShareError: null,
  supervising: false,
  speaking: 'idle',
  speakError: null,
  supervisorLeft: false,
};

/** The peers that count as the call's participants: silent supervisors are not. */
export const participantsOf = <P extends { supervisor: boolean }>(peers: P[]): P[] =>
  peers.filter((p) => !p.supervisor);

/** Desktop browsers capture a screen; phones' browsers have no getDisplayMedia. */
export const canCaptureScreen = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
