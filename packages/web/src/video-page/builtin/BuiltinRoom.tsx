import type { ParticipantType } from '@belleza/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CallControls } from '../components/CallControls';
import { LocalPreview } from '../components/LocalPreview';
import { RemoteTile } from '../components/RemoteTile';
import { listenToParentControl, type PostToParent } from '../parent-messages';
import { ownQuality, useBuiltinRoom, type BuiltinRoomOptions } from './use-builtin-room';

type Props = Pick<BuiltinRoomOptions, 'connect' | 'mesh'> & {
  callId: string;
  token: string;
  post: PostToParent;
  userType: ParticipantType;
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
  audioOnly?: boolean;
};

export function BuiltinRoom(props: Props) {
  const { t } = useTranslation('video');
  const { state, toggleMic, toggleCamera, leave, rejoin, startScreenShare, stopScreenShare } =
    useBuiltinRoom(props);
  const { stage, peers, localStream, cameraError, micError } = state;
  const sharedScreen = peers.some((p) => p.videoSource === 'screen');

  useEffect(
    () =>
      listenToParentControl((action) => {
        if (action === 'leave') leave('left');
        else if (action === 'close') leave('closed');
        else if (action === 'retry') rejoin();
        // 'join' and 'prepare' are the standby page's (VideoCallPage)
      }),
    [leave, rejoin],
  );

  const hasCamera = (localStream?.getVideoTracks().length ?? 0) > 0;
  const hasMic = (localStream?.getAudioTracks().length ?? 0) > 0;
  const leavesHere = props.userType !== 'advisor' || window.parent === window;
  const inCall = stage === 'joining' || stage === 'joined' || stage === 'starting';
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

      {inCall && state.sharingScreen && (
        <p className="vp-banner vp-banner--info" role="status">
          {t('page.screenShare.sharing')}
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
              aria-label={t('page.participants', { count: peers.length + 1 })}
            >
              {peers.map((peer) => (
                <RemoteTile key={peer.peerId} peer={peer} viewer={props.userType} />
              ))}
              {stage === 'joined' && peers.length === 0 && (
                <p className="vp-waiting">{t('page.waitingForOthers')}</p>
              )}
              {stage !== 'joined' && <p className="vp-waiting">{t('page.connecting')}</p>}
            </section>
            <LocalPreview stream={localStream} cameraOn={state.cameraOn} />
          </div>
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
                ? {
                    sharing: state.sharingScreen,
                    onToggle: state.sharingScreen ? stopScreenShare : () => void startScreenShare(),
                  }
                : undefined
            }
          />
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
