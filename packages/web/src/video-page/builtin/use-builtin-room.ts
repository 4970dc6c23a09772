/**
 * State of a built-in room on the video page: local media (with graceful camera/mic denial), the
 * signalling socket and the mesh of peer links. Reports every step to the parent frame.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acquireLocalMedia,
  connectSignaling,
  createMeshSession,
  stopStream,
  type MediaFailure,
  type MeshEvent,
  type MeshSession,
  type RemotePeer,
  type SignalingSocket,
} from '../../lib/webrtc';
import type { PostToParent } from '../parent-messages';

export type RoomStage = 'starting' | 'joining' | 'joined' | 'left' | 'ended' | 'replaced' | 'error';

export type BuiltinRoomState = {
  stage: RoomStage;
  localStream: MediaStream | null;
  cameraError: MediaFailure | null;
  micError: MediaFailure | null;
  peers: RemotePeer[];
  error: string | null;
  micOn: boolean;
  cameraOn: boolean;
};

export type BuiltinRoomOptions = {
  callId: string;
  token: string;
  post: PostToParent;
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
  audioOnly?: boolean;
  /** injectable for tests */
  connect?: () => SignalingSocket;
};

const initial: BuiltinRoomState = {
  stage: 'starting',
  localStream: null,
  cameraError: null,
  micError: null,
  peers: [],
  error: null,
  micOn: true,
  cameraOn: true,
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

    void (async () => {
      const media = await acquireLocalMedia({
        video: !audioOnly,
        audio: true,
        videoDeviceId,
        audioDeviceId,
      });
      if (cancelled) {
        stopStream(media.stream);
        return;
      }
      stream = media.stream;
      if (media.cameraError && !audioOnly) post('camera-error', { error: t('page.cameraDenied') });
      if (media.micError) post('mic-error', { error: t('page.micDenied') });
      setState((s) => ({
        ...s,
        localStream: media.stream,
        cameraError: audioOnly ? null : media.cameraError,
        micError: media.micError,
      }));
      post('loaded');

      const socket = (optionsRef.current.connect ?? connectSignaling)();
      socketRef.current = socket;
      const degraded = Boolean((media.cameraError && !audioOnly) || media.micError);
      const session = createMeshSession({
        socket,
        callId,
        token,
        localStream: media.stream,
        onEvent: (event: MeshEvent) => {
          if (cancelled) return;
          switch (event.type) {
            case 'joining':
              setState((s) => ({ ...s, stage: 'joining', error: null, peers: [] }));
              post('joining');
              break;
            case 'joined':
              setState((s) => ({ ...s, stage: 'joined', peers: event.peers, error: null }));
              post('joined', { participantCount: event.peers.length + 1 });
              if (degraded)
                post('connected-despite-error', { participantCount: event.peers.length + 1 });
              break;
            case 'peer-joined':
              setState((s) => ({ ...s, peers: peersOf(session) }));
              post('participant-joined', {
                participantName: event.peer.userName,
                participantCount: count(session),
              });
              break;
            case 'peer-left':
              setState((s) => ({ ...s, peers: peersOf(session) }));
              post('participant-left', {
                participantName: event.peer.userName,
                participantCount: count(session),
              });
              break;
            case 'peer-updated':
              setState((s) => ({ ...s, peers: peersOf(session) }));
              break;
            case 'closed':
              setState((s) => ({
                ...s,
                stage: event.reason === 'ended' ? 'ended' : 'replaced',
                peers: [],
              }));
              post('left');
              break;
            case 'error': {
              const key = JOIN_ERROR_KEYS[event.code] ?? 'errors.connection';
              const message = t(key);
              setState((s) => ({ ...s, stage: 'error', error: message }));
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
    })();

    return () => {
      cancelled = true;
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

  const leave = useCallback((action: 'left' | 'closed' = 'left') => {
    leftRef.current = true;
    sessionRef.current?.leave();
    setState((s) => ({ ...s, stage: 'left', peers: [] }));
    optionsRef.current.post(action);
  }, []);

  const rejoin = useCallback(() => {
    leftRef.current = false;
    const session = sessionRef.current;
    if (!session) return;
    setState((s) => ({ ...s, stage: 'joining', error: null }));
    session.rejoin();
  }, []);

  return {
    state,
    toggleMic,
    toggleCamera,
    leave,
    rejoin,
    peerConnections: () => sessionRef.current?.peerConnections() ?? [],
  };
}
