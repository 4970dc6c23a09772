import type { ParticipantType } from '@belleza/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackground } from '../../lib/background/use-background';
import { CallControls } from '../components/CallControls';
import { LocalPreview } from '../components/LocalPreview';
import { RemoteTile } from '../components/RemoteTile';
import { CloseupCapture } from '../closeup/CloseupCapture';
import { useCloseup } from '../closeup/use-closeup';
import { listenToParentControl, type PostToParent } from '../parent-messages';
import { participantsOf } from './room-state';
import { ownQuality, useBuiltinRoom, type BuiltinRoomOptions } from './use-builtin-room';

type Props = Pick<BuiltinRoomOptions, 'connect' | 'mesh'> & {
  callId: string;
  token: string;
  post: PostToParent;
  userType: ParticipantType;
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
  audioOnly?: boolean;
  /** an admin supervising silently (no camera or microphone until she speaks) */
  supervise?: boolean;
  /** the parent screen hosts the control bar: report the media to it and obey it */
  parentBar?: boolean;
};

export function BuiltinRoom(props: Props) {
  const { t } = useTranslation('video');
  const {
    state,
    toggleMic,
    toggleCamera,
    leave,
    rejoin,
    startScreenShare,
    stopScreenShare,
    speak,
    showVideo,
    setCameraTrack,
  } = useBuiltinRoom(props);
  const { stage, localStream, cameraError, micError, supervising } = state;
  // The stylist's 'Foto de detalle' (docs/product.md#close-up-photos): the visitor's page only.
  const closeup = useCloseup({
    post: props.post,
    localStream,
    cameraOn: state.cameraOn,
    showVideo,
  });
  const { start: startCloseup, finish: finishCloseup } = closeup;
  // The privacy blur (docs/product.md#privacy-blur): her own video, never the close-up's rear
  // camera nor a shared screen (it rests meanwhile and comes back with the camera). A close-up
  // taken with the camera she has leaves her video blurred; its still is the camera's own.
  const rearCloseup = closeup.view.phase !== 'idle' && closeup.view.camera === 'rear';
  const background = useBackground({
    stream: supervising ? null : localStream,
    cameraOn: state.cameraOn,
    suspended: rearCloseup || state.sharingScreen,
    onTrack: setCameraTrack,
  });
  const { setMode: setBackground, track: blurredTrack } = background;
  // Her self-view shows what the others see: blurred while the blur is on.
  const selfView = useMemo(
    () => (blurredTrack ? new MediaStream([blurredTrack]) : localStream),
    [blurredTrack, localStream],
  );
  const isVisitor = props.userType === 'client';
  // A silent supervisor is no participant: no tile, not counted (her page still receives all).
  const peers = participantsOf(state.peers);
  const supervisorHere = state.peers.some((p) => p.supervisor);
  const sharedScreen = peers.some((p) => p.videoSource === 'screen');

  const hasCamera = (localStream?.getVideoTracks().length ?? 0) > 0;
  const hasMic = (localStream?.getAudioTracks().length ?? 0) > 0;
  const inCall = stage === 'joining' || stage === 'joined' || stage === 'starting';
  const toggleShare = state.sharingScreen ? stopScreenShare : () => void startScreenShare();
  // Read by the control listener below when a press arrives (never a stale toggle).
  const shareRef = useRef({ can: state.canShareScreen, toggle: toggleShare });
  useEffect(() => {
    shareRef.current = { can: state.canShareScreen, toggle: toggleShare };
  });

  useEffect(
    () =>
      listenToParentControl((action, control) => {
        if (action === 'closeup' && isVisitor)
          void startCloseup(control.closeup?.requestedBy ?? '');
        else if (action === 'closeup-cancel') void finishCloseup();
        else if (action === 'leave') leave('left');
        else if (action === 'close') leave('closed');
        else if (action === 'retry') rejoin();
        else if (action === 'toggle-mic') toggleMic();
        else if (action === 'toggle-camera') toggleCamera();
        else if (action === 'toggle-share' && shareRef.current.can) shareRef.current.toggle();
        else if (action === 'set-background' && control.background)
          setBackground(control.background);
        // 'join' and 'prepare' are the standby page's (VideoCallPage)
      }),
    [leave, rejoin, toggleMic, toggleCamera, isVisitor, startCloseup, finishCloseup, setBackground],
  );

  // The parent's bar shows what this page's media is now, and nothing outside the room.
  const { post, parentBar } = props;
  const { micOn, cameraOn, canShareScreen, sharingScreen } = state;
  const reportsMedia = parentBar && inCall && !supervising;
  const backgroundState = background.state;
  useEffect(() => {
    if (!parentBar) return;
    post(
      'media-state',
      reportsMedia
        ? {
            media: {
              micOn,
              cameraOn,
              hasMic,
              hasCamera,
              sharingScreen: canShareScreen ? sharingScreen : null,
              ...(backgroundState ? { background: backgroundState } : {}),
            },
          }
        : {},
    );
  }, [
    post,
    parentBar,
    reportsMedia,
    micOn,
    cameraOn,
    hasMic,
    hasCamera,
    canShareScreen,
    sharingScreen,
    backgroundState,
  ]);

  const leavesHere = props.userType !== 'advisor' || window.parent === window;
  const quality = state.media === 'reconnecting' ? 'bad' : ownQuality(peers);

  return (
    <div className="vp-room" data-stage={stage}>
      {(cameraError || micError) && inCall && (
        <p className="vp-banner vp-banner--warning" role="status">
          {cameraError && micError
            ? t('page.bothDenied')
            : cameraError
              ? t('page.cameraDenied')
              : t('page.micDenied')}
        </p>
      )}

      {inCall && supervising && (
        <p className="vp-banner vp-banner--info" role="status">
          {t('page.supervision.silent')} <strong>{t('page.supervision.told')}</strong>
        </p>
      )}
      {inCall && state.speakError && (
        <p className="vp-banner vp-banner--warning" role="alert">
          {state.speakError}
        </p>
      )}
      {inCall && !supervising && (supervisorHere || state.supervisorLeft) && (
        <p className="vp-banner vp-banner--info" role="status">
          {supervisorHere ? t('page.supervision.joined') : t('page.supervision.left')}
        </p>
      )}
      {inCall && state.sharingScreen && (
        <p className="vp-banner vp-banner--info" role="status">
          {t('page.screenShare.sharing')}
        </p>
      )}
      {inCall && backgroundState?.blocked === 'too-slow' && (
        <p className="vp-banner vp-banner--info" role="status">
          {t('background.blocked.too-slow')}
        </p>
      )}
      {inCall && state.screenShareError && (
        <p className="vp-banner vp-banner--warning" role="alert">
          {state.screenShareError}
        </p>
      )}

      {inCall && (
        <>
          {/* The videos live in the stage; the controls below it are never covered. A shared
              screen takes the stage, and the self-view steps aside instead of covering it. */}
          <div className="vp-stage" data-screen={sharedScreen || undefined}>
            {/* Pinned to the stage, so the banners above never hide it. */}
            {quality && (
              <p className="vp-quality" data-quality={quality}>
                <span className="vp-quality__dot" aria-hidden="true" />
                {t('page.quality.label', { quality: t(`page.quality.${quality}`) })}
                {quality !== 'good' && state.media === 'connected' && (
                  <span className="vp-quality__hint"> · {t('page.quality.weakHint')}</span>
                )}
              </p>
            )}
            <section
              className="vp-grid"
              aria-label={t('page.participants', {
                count: peers.length + (supervising ? 0 : 1),
              })}
            >
              {peers.map((peer) => (
                <RemoteTile key={peer.peerId} peer={peer} viewer={props.userType} />
              ))}
              {stage === 'joined' && peers.length === 0 && (
                <p className="vp-waiting">{t('page.waitingForOthers')}</p>
              )}
              {stage !== 'joined' && <p className="vp-waiting">{t('page.connecting')}</p>}
            </section>
            {!supervising && <LocalPreview stream={selfView} cameraOn={state.cameraOn} />}
          </div>
          <CloseupCapture closeup={closeup} />
          {!parentBar && (
            <CallControls
              micOn={state.micOn}
              cameraOn={state.cameraOn}
              hasMic={hasMic}
              hasCamera={hasCamera}
              onToggleMic={toggleMic}
              onToggleCamera={toggleCamera}
              // The advisor's call screen has its own way out ('Finalizar llamada', 'Minimizar'):
              // a third one inside her video, leaving the room but not the call, only confused.
              onLeave={leavesHere ? () => leave('left') : undefined}
              screenShare={
                state.canShareScreen
                  ? { sharing: state.sharingScreen, onToggle: toggleShare }
                  : undefined
              }
              background={
                backgroundState ? { state: backgroundState, onChoose: setBackground } : undefined
              }
              supervise={
                supervising
                  ? { starting: state.speaking === 'starting', onSpeak: (cam) => void speak(cam) }
                  : undefined
              }
            />
          )}
        </>
      )}

      {stage === 'error' && (
        <div className="vp-message" role="alert">
          <p>{state.error ?? t('errors.connection')}</p>
          <button type="button" className="vp-button" onClick={rejoin}>
            {t('page.retry')}
          </button>
        </div>
      )}
      {stage === 'left' && (
        <div className="vp-message" role="status">
          <p>{t('page.left')}</p>
          <button type="button" className="vp-button" onClick={rejoin}>
            {t('page.rejoin')}
          </button>
        </div>
      )}
      {stage === 'ended' && (
        <p className="vp-message" role="status">
          {t('page.ended')}
        </p>
      )}
      {stage === 'replaced' && (
        <p className="vp-message" role="status">
          {t('page.replaced')}
        </p>
      )}
      {stage === 'revoked' && (
        <p className="vp-message" role="status">
          {t('page.revoked')}
        </p>
      )}
    </div>
  );
}
