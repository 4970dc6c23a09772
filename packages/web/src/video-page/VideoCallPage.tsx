/**
 * /daily_video_call.html: hosts whichever provider the room URL belongs to (built-in WebRTC for
 * `/rtc/<room>`, Daily.co for `https://<domain>.daily.co/<room>`) and speaks the postMessage
 * protocol (docs/product.md#video-page-protocol) to its parent, so the modal and the advisor screen
 * never know which runs.
 */
import {
  parseRoomUrl,
  participantTypeSchema,
  type ParticipantType,
  type VideoPageJoin,
} from '@belleza/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuiltinRoom } from './builtin/BuiltinRoom';
import { DailyRoom } from './daily/DailyRoom';
import { warmUp } from './builtin/warm-room';
import { createParentPoster, listenToParentControl } from './parent-messages';
import { answerSnapshot } from './snapshot';

export type VideoPageParams = {
  roomUrl: string | null;
  userName: string;
  userType: ParticipantType;
  token: string | undefined;
  callId: string | undefined;
  videoDeviceId: string | undefined;
  audioDeviceId: string | undefined;
  audioOnly: boolean;
  /** opened before the call is accepted: warm up, then join on the parent's 'join' message */
  standby: boolean;
  /** in standby, also open the camera and microphone (the visitor already checked them) */
  warmMedia: boolean;
  /** an admin's silent supervision: no camera or microphone until she chooses to speak */
  supervise: boolean;
  /**
   * the parent screen shows the call's control bar (`bar=parent`): this page draws none, reports
   * its media and obeys the bar (docs/product.md#video-page-protocol)
   */
  parentBar: boolean;
};

const DEFAULT_NAMES: Record<ParticipantType, string> = {
  client: 'Cliente',
  advisor: 'Asesor',
  admin: 'Admin',
};

/**
 * The page's parameters from its address: the token from the fragment (`#token=`, where
 * videoPageUrl puts it, so no server log sees it); one in the query is still read (`token`, or
 * the advisor frame's former `t`) for addresses made before.
 */
export function readVideoPageParams(search: string, hash = ''): VideoPageParams {
  const q = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const type = participantTypeSchema.safeParse(q.get('userType') ?? 'client');
  const userType = type.success ? type.data : 'client';
  const nonEmpty = (v: string | null) => (v && v.trim() ? v.trim() : undefined);
  return {
    roomUrl: nonEmpty(q.get('roomUrl')) ?? null,
    userName: nonEmpty(q.get('userName'))?.slice(0, 120) ?? DEFAULT_NAMES[userType],
    userType,
    token: nonEmpty(fragment.get('token')) ?? nonEmpty(q.get('token')) ?? nonEmpty(q.get('t')),
    callId: nonEmpty(q.get('callId')),
    videoDeviceId: nonEmpty(q.get('camera')),
    audioDeviceId: nonEmpty(q.get('mic')),
    audioOnly: q.get('audioOnly') === '1',
    standby: q.get('standby') === '1',
    warmMedia: q.get('warmMedia') === '1',
    // Only an admin supervises (the server refuses anyone else's supervisor join anyway).
    supervise: userType === 'admin' && q.get('supervise') === '1',
    // Opened on its own (no parent to host the bar), the page keeps its own.
    parentBar: q.get('bar') === 'parent' && window.parent !== window,
  };
}

export function VideoCallPage({ params: fromUrl }: { params: VideoPageParams }) {
  const { t } = useTranslation('video');
  const standby = fromUrl.standby && !fromUrl.roomUrl;
  const [join, setJoin] = useState<VideoPageJoin | null>(null);
  const params = useMemo<VideoPageParams>(
    () =>
      join
        ? {
            ...fromUrl,
            roomUrl: join.roomUrl,
            token: join.token,
            callId: join.callId,
            userName: join.userName?.trim().slice(0, 120) || fromUrl.userName,
          }
        : fromUrl,
    [fromUrl, join],
  );

  // Standby: everything that does not need the room happens now; the room comes by message.
  useEffect(() => {
    if (!standby) return;
    const mediaRequest = {
      video: !fromUrl.audioOnly,
      audio: true,
      videoDeviceId: fromUrl.videoDeviceId,
      audioDeviceId: fromUrl.audioDeviceId,
    };
    warmUp(fromUrl.warmMedia ? mediaRequest : null);
    const stop = listenToParentControl((action, control) => {
      if (action === 'prepare') warmUp(mediaRequest);
      if (action === 'join' && control.join) setJoin((current) => current ?? control.join!);
    });
    createParentPoster(undefined)('loaded');
    return stop;
  }, [standby, fromUrl]);

  const room = useMemo(
    () => (params.roomUrl ? parseRoomUrl(params.roomUrl) : null),
    [params.roomUrl],
  );
  const callId = params.callId ?? (room?.provider === 'builtin' ? room.roomName : undefined);
  const post = useMemo(() => createParentPoster(callId), [callId]);

  // The stylist's 'Tomar foto del video' (docs/product.md#snapshots), answered with the client's
  // current frame where this page draws it (built-in); a Daily room answers it itself (her own
  // camera).
  const builtin = room?.provider === 'builtin';
  useEffect(() => {
    if (!builtin) return;
    return listenToParentControl((action) => {
      if (action === 'snapshot') void answerSnapshot(post);
    });
  }, [builtin, post]);

  useEffect(() => {
    document.title = t('page.title');
  }, [t]);

  // Keyboard users inside the frame: Escape is the parent screen's (its exit question).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) post('escape');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [post]);

  const waiting = standby && !join;
  const problem = useMemo(() => {
    if (waiting) return null;
    if (!params.roomUrl)
      return { text: t('errors.roomUrlMissing'), code: 'room-url-missing' as const };
    if (!room) return { text: t('errors.roomUrlInvalid'), code: 'room-url-missing' as const };
    if (room.provider === 'builtin' && !params.token)
      return { text: t('errors.joinRefused'), code: 'join-refused' as const };
    if (room.provider === 'builtin' && typeof RTCPeerConnection === 'undefined')
      return { text: t('errors.sdkUnavailable'), code: 'sdk-unavailable' as const };
    return null;
  }, [waiting, params.roomUrl, params.token, room, t]);

  useEffect(() => {
    if (problem) post('error', { error: problem.text, errorCode: problem.code });
  }, [problem, post]);

  // Inside the call screen's frame this page is part of the host page (axe reads them as one):
  // no second main landmark, and its title sits under the host's own heading.
  const embedded = window.top !== window.self;
  const Root = embedded ? 'div' : 'main';
  const Title = embedded ? 'h2' : 'h1';

  if (waiting) {
    return (
      <Root className="vp-page" aria-busy="true">
        <p className="vp-message" role="status">
          {t('page.preparing')}
        </p>
      </Root>
    );
  }

  if (problem || !room) {
    return (
      <Root className="vp-page">
        <div className="vp-message" role="alert">
          <p>{problem?.text ?? t('errors.roomUrlMissing')}</p>
        </div>
      </Root>
    );
  }

  return (
    <Root className="vp-page">
      <Title className="vp-sr-only">{t('page.title')}</Title>
      {room.provider === 'builtin' ? (
        <BuiltinRoom
          callId={room.roomName}
          token={params.token ?? ''}
          post={post}
          userType={params.userType}
          videoDeviceId={params.videoDeviceId}
          audioDeviceId={params.audioDeviceId}
          audioOnly={params.audioOnly}
          supervise={params.supervise}
          parentBar={params.parentBar}
        />
      ) : (
        <DailyRoom
          roomUrl={room.url}
          token={params.token}
          userName={params.userName}
          userType={params.userType}
          supervise={params.supervise}
          post={post}
        />
      )}
    </Root>
  );
}
