/**
 * What the built-in room does with its mesh session's events (use-builtin-room.ts): the page's
 * state, and the video page protocol's messages to the parent frame
 * (docs/product.md#video-page-protocol). The parent hears 'joined' only once media flows, and
 * 'loaded' (with any camera problem) before 'joining'.
 */
import type { ParticipantType } from '@belleza/contract';
import type { TFunction } from 'i18next';
import type { Dispatch, SetStateAction } from 'react';
import type { MeshEvent, MeshSession } from '../../lib/webrtc';
import type { PostToParent } from '../parent-messages';
import {
  canCaptureScreen,
  participantsOf,
  summarizeMedia,
  type BuiltinRoomState,
  type MediaState,
} from './room-state';
import { endScreenShare, type ScreenCapture } from './use-screen-share';

/** How long the others read that a silent supervisor left. */
export const SUPERVISOR_LEFT_NOTICE_MS = 8000;

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

export type RoomEventsOptions = {
  post: PostToParent;
  t: TFunction<'video'>;
  setState: Dispatch<SetStateAction<BuiltinRoomState>>;
  /** who this page is, read when media fails: advisors and admins also get the TURN hint */
  userType: () => ParticipantType | undefined;
  /** the room's screen capture, whose `allowed` the join ack sets */
  screen: ScreenCapture;
  /** this page is a silent supervisor's (not counted among the participants) */
  supervising: () => boolean;
};

export type RoomEvents = {
  /**
   * `session` is read only by the events that follow the join: 'joining' may come while the
   * session is still being created.
   */
  handle(event: MeshEvent, session: () => MeshSession): void;
  /** A camera or microphone was refused: media that flows anyway is announced as such. */
  setDegraded(degraded: boolean): void;
  /** The parent heard 'loaded': a 'joining' held back until then follows now. */
  loaded(): void;
};

export function createRoomEvents({
  post,
  t,
  setState,
  userType,
  screen,
  supervising,
}: RoomEventsOptions): RoomEvents {
  let lastMedia: MediaState = 'alone';
  let despiteErrorPosted = false;
  let degraded = false;
  let mediaPosted = false;
  let joiningHeld = false;

  const peersOf = (session: MeshSession) => session.peers();
  /** The call's participants as this page counts them: never a silent supervisor, itself included. */
  const me = () => (supervising() ? 0 : 1);
  const count = (session: MeshSession) => participantsOf(session.peers()).length + me();
  /** supervisors seen silent, so that her first word is heard as her joining the call */
  const silent = new Set<string>();
  let leftNotice: ReturnType<typeof setTimeout> | undefined;

  /** Tells the parent what the media does: 'joined' only once media flows. */
  const mediaChanged = (session: MeshSession) => {
    const peers = session.peers();
    const media = summarizeMedia(peers);
    if (media === lastMedia) return;
    lastMedia = media;
    const participantCount =
      participantsOf(peers).filter((p) => p.phase === 'connected').length + me();
    if (media === 'connected') {
      post('joined', { participantCount });
      if (degraded && !despiteErrorPosted) {
        despiteErrorPosted = true;
        post('connected-despite-error', { participantCount });
      }
    } else if (media === 'reconnecting') {
      post('reconnecting', { participantCount: participantsOf(peers).length + me() });
    } else if (media === 'failed') {
      const who = userType();
      const message =
        who === 'client' || !who
          ? t('errors.iceFailed')
          : `${t('errors.iceFailed')} ${t('errors.iceFailedTurnHint')}`;
      setState((s) => ({ ...s, stage: 'error', error: message, mediaFailed: true }));
      post('error', { error: message, errorCode: 'ice-failed' });
    }
  };

  /** A peer came, went or changed: tiles and media summary follow, then the parent hears. */
  const peersChanged = (session: MeshSession) => {
    setState((s) => ({
      ...s,
      peers: peersOf(session),
      media: summarizeMedia(peersOf(session)),
    }));
    mediaChanged(session);
  };

  function handle(event: MeshEvent, sessionOf: () => MeshSession): void {
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
        screen.allowed = event.screenShare;
        if (!event.screenShare && screen.stream) {
          // Joined again after the setting was switched off: no more sharing.
          endScreenShare(screen);
          void sessionOf().shareScreen(null);
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
      case 'peer-left': {
        const session = sessionOf();
        const { peer } = event;
        if (peer.supervisor) {
          // No participant came or went: the pages say a supervisor is here (or was).
          if (event.type === 'peer-joined') silent.add(peer.peerId);
          else silent.delete(peer.peerId);
          const left = event.type === 'peer-left';
          setState((s) => ({ ...s, supervisorLeft: left }));
          clearTimeout(leftNotice);
          if (left)
            leftNotice = setTimeout(
              () => setState((s) => ({ ...s, supervisorLeft: false })),
              SUPERVISOR_LEFT_NOTICE_MS,
            );
          peersChanged(session);
          break;
        }
        silent.delete(peer.peerId);
        peersChanged(session);
        post(event.type === 'peer-joined' ? 'participant-joined' : 'participant-left', {
          participantName: event.peer.userName,
          participantCount: count(session),
        });
        break;
      }
      case 'peer-updated': {
        const session = sessionOf();
        peersChanged(session);
        if (!event.peer.supervisor && silent.delete(event.peer.peerId))
          post('participant-joined', {
            participantName: event.peer.userName,
            participantCount: count(session),
          });
        break;
      }
      case 'closed':
        endScreenShare(screen);
        // Links are gone; a room joined again starts from the camera.
        void sessionOf().shareScreen(null);
        setState((s) => ({
          ...s,
          stage: event.reason,
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
  }

  return {
    handle,
    setDegraded(next) {
      degraded = next;
    },
    loaded() {
      mediaPosted = true;
      if (joiningHeld) post('joining');
    },
  };
}
