/**
 * State of a built-in room on the video page: local media (with graceful camera/mic denial), the
 * signalling socket and the mesh of peer links, and the advisor's shared screen (issue 15 §4).
 * Reports every step to the parent frame.
 */
import type { ConnectionQuality, ParticipantType } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acquireLocalMedia,
  classifyMediaError,
  connectSignaling,
  createMeshSession,
  stopStream,
  type MediaFailure,
  type MeshEvent,
  type MeshSession,
  type MeshSessionOptions,
  type RemotePeer,
  type SignalingSocket,
} from '../../lib/webrtc';
import type { PostToParent } from '../parent-messages';
import { takeWarmMedia, takeWarmSocket } from './warm-room';

export type RoomStage = 'starting' | 'joining' | 'joined' | 'left' | 'ended' | 'replaced' | 'error';

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
};

/** Desktop browsers capture a screen; phones' browsers have no getDisplayMedia. */
const canCaptureScreen = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

export type BuiltinRoomOptions = {
  callId: string;
  token: string;
  post: PostToParent;
  /** who this page is: advisors and admins get the TURN hint when media fails */
  userType?: ParticipantType;
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
  audioOnly?: boolean;
  /** injectable for tests */
  connect?: () => SignalingSocket;
  /** injectable for tests: peer connections and their monitors */
  mesh?: Pick<MeshSessionOptions, 'createPeerConnection' | 'monitor'>;
};

const initial: BuiltinRoomState = {
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
};

const JOIN_ERROR_KEYS: Record<string, string> = {
  FORBIDDEN: 'errors.joinRefused',
  CAPACITY_REACHED: 'errors.roomFull',
  CALL_NOT_ACTIVE: 'errors.callNotActive',
};

const JOIN_ERROR_CODES = {
  FORBIDDEN: 'join-refused',
  CAPACITY_REACHED: 'room-full',
  CALL_NOT_ACTIVE: 'call-not-active',
} as const;

export function useBuiltinRoom(options: BuiltinRoomOptions) {
  const { t } = useTranslation('video');
  const [state, setState] = useState<BuiltinRoomState>(initial);
  const sessionRef = useRef<MeshSession | null>(null);
  const socketRef = useRef<SignalingSocket | null>(null);
  const leftRef = useRef(false);
  /**
   * The shared screen while it is shared; `picking` while the browser's picker is open; `allowed`
   * as the last join ack said.
   */
  const screenRef = useRef<{ stream: MediaStream | null; picking: boolean; allowed: boolean }>({
    stream: null,
    picking: false,
    allowed: false,
  });
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const { callId, token, videoDeviceId, audioDeviceId, audioOnly } = options;

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    const post: PostToParent = (action, extra) => optionsRef.current.post(action, extra);
    post('loading');

    const peersOf = (session: MeshSession) => session.peers();
    const count = (session: MeshSession) => session.peers().length + 1;
    let lastMedia: MediaState = 'alone';
    let despiteErrorPosted = false;
    let degraded = false;
    /** A shared screen ends with the room (the call ended, or this page leaves it). */
    const endScreenShare = () => {
      stopStream(screenRef.current.stream);
      screenRef.current.stream = null;
    };

    /** Tells the parent what the media does: 'joined' only once media flows (issue 11 §3). */
    const mediaChanged = (session: MeshSession) => {
      const peers = session.peers();
      const media = summarizeMedia(peers);
      if (media === lastMedia) return;
      lastMedia = media;
      const participantCount = peers.filter((p) => p.phase === 'connected').length + 1;
      if (media === 'connected') {
        post('joined', { participantCount });
        if (degraded && !despiteErrorPosted) {
          despiteErrorPosted = true;
          post('connected-despite-error', { participantCount });
        }
      } else if (media === 'reconnecting') {
        post('reconnecting', { participantCount: peers.length + 1 });
      } else if (media === 'failed') {
        const message =
          optionsRef.current.userType === 'client' || !optionsRef.current.userType
            ? t('errors.iceFailed')
            : `${t('errors.iceFailed')} ${t('errors.iceFailedTurnHint')}`;
        setState((s) => ({ ...s, stage: 'error', error: message, mediaFailed: true }));
        post('error', { error: message, errorCode: 'ice-failed' });
      }
    };

    void (async () => {
      // A standby page already has them (warm-room.ts); otherwise ask now. The room is joined
      // while the camera starts (issue 11 §6): the session opens its links once the stream is here.
      const mediaReady =
        takeWarmMedia() ??
        acquireLocalMedia({ video: !audioOnly, audio: true, videoDeviceId, audioDeviceId });
      let mediaPosted = false;
      let joiningHeld = false;

      const socket = optionsRef.current.connect?.() ?? takeWarmSocket() ?? connectSignaling();
      socketRef.current = socket;
      const session = createMeshSession({
        ...optionsRef.current.mesh,
        socket,
        callId,
        token,
        localStream: mediaReady.then((media) => media.stream),
        onEvent: (event: MeshEvent) => {
          if (cancelled) return;
          switch (event.type) {
            case 'joining':
              lastMedia = 'alone';
              setState((s) => ({
                ...s,
                stage: 'joining',
                error: null,
                mediaFailed: false,
                media: 'alone',
                peers: [],
              }));
              // The parent hears 'loaded' (with any camera problem) first, then 'joining'.
              if (mediaPosted) post('joining');
              else joiningHeld = true;
              break;
            case 'joined':
              // In the room; the parent hears 'joined' when media flows (mediaChanged).
              screenRef.current.allowed = event.screenShare;
              if (!event.screenShare && screenRef.current.stream) {
                // Joined again after the setting was switched off: no more sharing.
                endScreenShare();
                void session.shareScreen(null);
              }
              setState((s) => ({
                ...s,
                stage: 'joined',
                peers: event.peers,
                media: summarizeMedia(event.peers),
                error: null,
                canShareScreen: event.screenShare && canCaptureScreen(),
                sharingScreen: event.screenShare && s.sharingScreen,
              }));
              break;
            case 'peer-joined':
              setState((s) => ({
                ...s,
                peers: peersOf(session),
                media: summarizeMedia(peersOf(session)),
              }));
              mediaChanged(session);
              post('participant-joined', {
                participantName: event.peer.userName,
                participantCount: count(session),
              });
              break;
            case 'peer-left':
              setState((s) => ({
                ...s,
                peers: peersOf(session),
                media: summarizeMedia(peersOf(session)),
              }));
              mediaChanged(session);
              post('participant-left', {
                participantName: event.peer.userName,
                participantCount: count(session),
              });
              break;
            case 'peer-updated':
              setState((s) => ({
                ...s,
                peers: peersOf(session),
                media: summarizeMedia(peersOf(session)),
              }));
              mediaChanged(session);
              break;
            case 'closed':
              endScreenShare();
              // Links are gone; a room joined again starts from the camera.
              void session.shareScreen(null);
              setState((s) => ({
                ...s,
                stage: event.reason === 'ended' ? 'ended' : 'replaced',
                peers: [],
                sharingScreen: false,
              }));
              post('left');
              break;
            case 'error': {
              const key = JOIN_ERROR_KEYS[event.code] ?? 'errors.connection';
              const message = t(key);
              setState((s) => ({ ...s, stage: 'error', error: message, mediaFailed: false }));
              const errorCode =
                JOIN_ERROR_CODES[event.code as keyof typeof JOIN_ERROR_CODES] ?? 'connection';
              post('error', { error: message, errorCode });
              break;
            }
            default: {
              const never: never = event;
              void never;
            }
          }
        },
      });
      sessionRef.current = session;
      // Left (parent's "leave") before the room was even joined: stay out until asked back.
      if (leftRef.current) session.leave();
      // The socket keeps retrying on its own; the parent hears once per outage, not per attempt.
      let outageReported = false;
      socket.on('connect', () => {
        outageReported = false;
      });
      socket.on('connect_error', () => {
        if (cancelled || outageReported || leftRef.current) return;
        outageReported = true;
        setState((s) =>
          s.stage === 'joined' ? s : { ...s, stage: 'error', error: t('errors.connection') },
        );
        post('error', { error: t('errors.connection'), errorCode: 'connection' });
      });

      const media = await mediaReady;
      if (cancelled) {
        stopStream(media.stream);
        return;
      }
      stream = media.stream;
      degraded = Boolean((media.cameraError && !audioOnly) || media.micError);
      if (media.cameraError && !audioOnly) post('camera-error', { error: t('page.cameraDenied') });
      if (media.micError) post('mic-error', { error: t('page.micDenied') });
      setState((s) => ({
        ...s,
        localStream: media.stream,
        cameraError: audioOnly ? null : media.cameraError,
        micError: media.micError,
      }));
      post('loaded');
      mediaPosted = true;
      if (joiningHeld) post('joining');
    })();

    return () => {
      cancelled = true;
      endScreenShare();
      sessionRef.current?.leave();
      sessionRef.current = null;
      socketRef.current?.disconnect();
      socketRef.current = null;
      stopStream(stream);
    };
  }, [callId, token, videoDeviceId, audioDeviceId, audioOnly, t]);

  const { localStream, micOn, cameraOn } = state;
  const toggleMic = useCallback(() => {
    for (const track of localStream?.getAudioTracks() ?? []) track.enabled = !micOn;
    setState((s) => ({ ...s, micOn: !micOn }));
  }, [localStream, micOn]);

  const toggleCamera = useCallback(() => {
    for (const track of localStream?.getVideoTracks() ?? []) track.enabled = !cameraOn;
    setState((s) => ({ ...s, cameraOn: !cameraOn }));
  }, [localStream, cameraOn]);

  const stopScreenShare = useCallback(() => {
    const stream = screenRef.current.stream;
    if (!stream) return;
    screenRef.current.stream = null;
    setState((s) => ({ ...s, sharingScreen: false }));
    // The camera goes back on every link first, so nobody is left with a frozen picture.
    const session = sessionRef.current;
    if (session) void session.shareScreen(null).finally(() => stopStream(stream));
    else stopStream(stream);
  }, []);

  const startScreenShare = useCallback(async () => {
    const session = sessionRef.current;
    const capture = screenRef.current;
    if (!session || !capture.allowed || capture.stream || capture.picking || !canCaptureScreen())
      return;
    capture.picking = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch (err) {
      // Closing the picker, or refusing it, is NotAllowedError: the camera simply stays.
      const cancelled = classifyMediaError(err).name === 'NotAllowedError';
      setState((s) => ({
        ...s,
        screenShareError: cancelled ? null : t('page.screenShare.failed'),
      }));
      return;
    } finally {
      capture.picking = false;
    }
    const track = stream.getVideoTracks()[0];
    if (!track || sessionRef.current !== session || leftRef.current) {
      stopStream(stream);
      return;
    }
    // Text and fine lines stay sharp (at the cost of motion) on a slow link.
    track.contentHint = 'detail';
    capture.stream = stream;
    // The browser's own "Stop sharing" ends the track: back to the camera as with the button.
    track.addEventListener('ended', () => {
      if (screenRef.current.stream === stream) stopScreenShare();
    });
    setState((s) => ({ ...s, sharingScreen: true, screenShareError: null }));
    await session.shareScreen(track);
  }, [t, stopScreenShare]);

  const leave = useCallback((action: 'left' | 'closed' = 'left') => {
    leftRef.current = true;
    const session = sessionRef.current;
    session?.leave();
    // Out of the room the screen has no one to go to: it ends now, and a rejoin starts on the camera.
    stopStream(screenRef.current.stream);
    screenRef.current.stream = null;
    void session?.shareScreen(null);
    setState((s) => ({ ...s, stage: 'left', peers: [], sharingScreen: false }));
    optionsRef.current.post(action);
  }, []);

  const rejoin = useCallback(() => {
    leftRef.current = false;
    const session = sessionRef.current;
    if (!session) return;
    setState((s) => ({ ...s, stage: 'joining', error: null, mediaFailed: false }));
    session.rejoin();
  }, []);

  return {
    state,
    toggleMic,
    toggleCamera,
    leave,
    rejoin,
    startScreenShare,
    stopScreenShare,
    peerConnections: () => sessionRef.current?.peerConnections() ?? [],
  };
}
