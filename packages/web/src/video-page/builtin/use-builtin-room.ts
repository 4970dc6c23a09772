/**
 * State of a built-in room on the video page: local media (with graceful camera/mic denial), the
 * signalling socket and the mesh of peer links, and the advisor's shared screen
 * (use-screen-share.ts). Reports every step to the parent frame (room-events.ts).
 */
import type { ParticipantType, VideoSource } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acquireLocalMedia,
  connectSignaling,
  createMeshSession,
  stopStream,
  type LocalMedia,
  type MeshEvent,
  type MeshSession,
  type MeshSessionOptions,
  type SignalingSocket,
} from '../../lib/webrtc';
import type { PostToParent } from '../parent-messages';
import { createRoomEvents } from './room-events';
import { initialRoomState, type BuiltinRoomState } from './room-state';
import { endScreenShare, useScreenShare } from './use-screen-share';
import { takeWarmMedia, takeWarmSocket } from './warm-room';

export { ownQuality, type BuiltinRoomState } from './room-state';

export type BuiltinRoomOptions = {
  callId: string;
  token: string;
  post: PostToParent;
  /** who this page is: advisors and admins get the TURN hint when media fails */
  userType?: ParticipantType;
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
  audioOnly?: boolean;
  /**
   * an admin's silent supervision (docs/product.md#silent-supervision): no camera or microphone
   * is asked for until she chooses to speak (`speak`)
   */
  supervise?: boolean;
  /** injectable for tests */
  connect?: () => SignalingSocket;
  /** injectable for tests: peer connections and their monitors */
  mesh?: Pick<MeshSessionOptions, 'createPeerConnection' | 'monitor'>;
};

export function useBuiltinRoom(options: BuiltinRoomOptions) {
  const { t } = useTranslation('video');
  const [state, setState] = useState<BuiltinRoomState>(() => ({
    ...initialRoomState,
    supervising: options.supervise === true,
  }));
  const sessionRef = useRef<MeshSession | null>(null);
  const socketRef = useRef<SignalingSocket | null>(null);
  const leftRef = useRef(false);
  /** the stream a supervisor opened when she chose to speak */
  const spokenRef = useRef<MediaStream | null>(null);
  /**
   * What goes out as her camera: the privacy blur's track while it is on, else null (the camera
   * itself). A close-up or a shared screen going back to the camera puts this one back.
   */
  const cameraTrackRef = useRef<MediaStreamTrack | null>(null);
  /** a close-up's rear camera is on the links: the blur waits to put its track back */
  const overriddenRef = useRef(false);
  const { screenRef, startScreenShare, stopScreenShare } = useScreenShare({
    sessionRef,
    leftRef,
    setState,
    cameraTrack: useCallback(() => cameraTrackRef.current, []),
  });
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const { callId, token, videoDeviceId, audioDeviceId, audioOnly } = options;
  const supervise = options.supervise === true;
  /** still silent: a rejoin (retry) is a supervisor's again */
  const silentRef = useRef(supervise);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    const post: PostToParent = (action, extra) => optionsRef.current.post(action, extra);
    post('loading');
    const screen = screenRef.current;
    const events = createRoomEvents({
      post,
      t,
      setState,
      userType: () => optionsRef.current.userType,
      screen,
      supervising: () => silentRef.current,
    });

    void (async () => {
      // A standby page already has them (warm-room.ts); otherwise ask now. The room is joined
      // while the camera starts: the session opens its links once the stream is here. A silent
      // supervisor asks for nothing at all.
      const mediaReady: Promise<LocalMedia> = supervise
        ? Promise.resolve({ stream: null, cameraError: null, micError: null })
        : (takeWarmMedia() ??
          acquireLocalMedia({ video: !audioOnly, audio: true, videoDeviceId, audioDeviceId }));

      const socket = optionsRef.current.connect?.() ?? takeWarmSocket() ?? connectSignaling();
      socketRef.current = socket;
      const session = createMeshSession({
        ...optionsRef.current.mesh,
        socket,
        callId,
        token,
        ...(supervise ? { role: 'supervisor' as const } : {}),
        localStream: supervise ? null : mediaReady.then((media) => media.stream),
        onEvent: (event: MeshEvent) => {
          if (cancelled) return;
          events.handle(event, () => session);
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
      events.setDegraded(Boolean((media.cameraError && !audioOnly) || media.micError));
      if (media.cameraError && !audioOnly) post('camera-error', { error: t('page.cameraDenied') });
      if (media.micError) post('mic-error', { error: t('page.micDenied') });
      setState((s) => ({
        ...s,
        localStream: media.stream,
        cameraError: audioOnly ? null : media.cameraError,
        micError: media.micError,
      }));
      post('loaded');
      events.loaded();
    })();

    return () => {
      cancelled = true;
      endScreenShare(screen);
      sessionRef.current?.leave();
      sessionRef.current = null;
      socketRef.current?.disconnect();
      socketRef.current = null;
      stopStream(stream);
      stopStream(spokenRef.current);
      spokenRef.current = null;
    };
  }, [callId, token, videoDeviceId, audioDeviceId, audioOnly, supervise, t, screenRef]);

  /** A supervisor chooses to speak: the microphone (and the camera if she asks), then the room. */
  const speak = useCallback(
    async (withCamera: boolean) => {
      const session = sessionRef.current;
      if (!session || !silentRef.current) return;
      setState((s) => ({ ...s, speaking: 'starting', speakError: null }));
      const media = await acquireLocalMedia({
        video: withCamera,
        audio: true,
        videoDeviceId,
        audioDeviceId,
      });
      if (!media.stream || media.micError) {
        stopStream(media.stream);
        setState((s) => ({ ...s, speaking: 'idle', speakError: t('page.supervision.micDenied') }));
        return;
      }
      try {
        await session.speak(media.stream);
      } catch (err) {
        stopStream(media.stream);
        const full = err instanceof Error && err.message === 'CAPACITY_REACHED';
        setState((s) => ({
          ...s,
          speaking: 'idle',
          speakError: t(full ? 'errors.roomFull' : 'errors.connection'),
        }));
        return;
      }
      silentRef.current = false;
      spokenRef.current = media.stream;
      setState((s) => ({
        ...s,
        supervising: false,
        speaking: 'idle',
        localStream: media.stream,
        cameraError: withCamera ? media.cameraError : null,
        micOn: true,
        cameraOn: withCamera && !media.cameraError,
      }));
    },
    [videoDeviceId, audioDeviceId, t],
  );

  const { localStream, micOn, cameraOn } = state;
  const toggleMic = useCallback(() => {
    for (const track of localStream?.getAudioTracks() ?? []) track.enabled = !micOn;
    setState((s) => ({ ...s, micOn: !micOn }));
  }, [localStream, micOn]);

  const toggleCamera = useCallback(() => {
    for (const track of localStream?.getVideoTracks() ?? []) track.enabled = !cameraOn;
    setState((s) => ({ ...s, cameraOn: !cameraOn }));
  }, [localStream, cameraOn]);

  const leave = useCallback(
    (action: 'left' | 'closed' = 'left') => {
      leftRef.current = true;
      const session = sessionRef.current;
      session?.leave();
      // Out of the room the screen has no one to go to: it ends now, and a rejoin starts on the
      // camera.
      endScreenShare(screenRef.current);
      void session?.shareScreen(cameraTrackRef.current, 'camera');
      setState((s) => ({ ...s, stage: 'left', peers: [], sharingScreen: false }));
      optionsRef.current.post(action);
    },
    [screenRef],
  );

  const rejoin = useCallback(() => {
    leftRef.current = false;
    const session = sessionRef.current;
    if (!session) return;
    setState((s) => ({ ...s, stage: 'joining', error: null, mediaFailed: false }));
    session.rejoin();
  }, []);

  const showVideoOnLinks = useCallback((track: MediaStreamTrack | null, source: VideoSource) => {
    overriddenRef.current = source !== 'camera';
    // Her camera again after a close-up: blurred if the blur is on.
    const shown = source === 'camera' ? (cameraTrackRef.current ?? track) : track;
    return sessionRef.current?.shareScreen(shown, source) ?? Promise.resolve();
  }, []);

  /** The privacy blur's track (null: the camera) goes out as her camera, on every link. */
  const setCameraTrack = useCallback(
    (track: MediaStreamTrack | null) => {
      cameraTrackRef.current = track;
      if (overriddenRef.current || screenRef.current.stream) return Promise.resolve();
      return sessionRef.current?.shareScreen(track, 'camera') ?? Promise.resolve();
    },
    [screenRef],
  );

  return {
    state,
    toggleMic,
    toggleCamera,
    leave,
    rejoin,
    startScreenShare,
    stopScreenShare,
    speak,
    /** another track of hers on every link (the close-up's rear camera), or the camera with null */
    showVideo: showVideoOnLinks,
    setCameraTrack,
    peerConnections: () => sessionRef.current?.peerConnections() ?? [],
  };
}
