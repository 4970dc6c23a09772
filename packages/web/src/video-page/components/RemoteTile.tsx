import type { ParticipantType } from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemotePeer } from '../../lib/webrtc';

/**
 * One remote participant. Says honestly what its media does (connecting / reconnecting), warns a
 * stylist when the visitor's own link is weak, and falls back to muted playback (plus a button)
 * when autoplay with sound is blocked. A shared screen is shown whole and says whose it is.
 */
export function RemoteTile({ peer, viewer }: { peer: RemotePeer; viewer: ParticipantType }) {
  const { t } = useTranslation('video');
  const ref = useRef<HTMLVideoElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video || !peer.stream) return;
    if (video.srcObject !== peer.stream) video.srcObject = peer.stream;
    video.play().catch(() => {
      video.muted = true;
      setSoundBlocked(true);
      video.play().catch(() => undefined);
    });
  }, [peer.stream]);

  const enableSound = () => {
    const video = ref.current;
    if (!video) return;
    video.muted = false;
    video
      .play()
      .then(() => setSoundBlocked(false))
      .catch(() => undefined);
  };

  // The stylist (or an admin) is told when the visitor's link is the weak one.
  const visitorWeak =
    viewer !== 'client' &&
    peer.userType === 'client' &&
    peer.phase === 'connected' &&
    (peer.remoteQuality === 'weak' || peer.remoteQuality === 'bad');
  // A shared screen, or the visitor's rear camera for a close-up: both shown whole, and named.
  const screen = peer.videoSource === 'screen' || peer.videoSource === 'closeup';
  const label =
    peer.videoSource === 'screen'
      ? t('page.screenShare.remoteLabel', { name: peer.userName })
      : peer.videoSource === 'closeup'
        ? t('closeup.remoteLabel', { name: peer.userName })
        : t('page.remoteVideoLabel', { name: peer.userName });
  return (
    <figure className={screen ? 'vp-tile vp-tile--screen' : 'vp-tile'} data-phase={peer.phase}>
      <video
        ref={ref}
        className="vp-tile__video"
        autoPlay
        playsInline
        data-testid="remote-video"
        data-peer-id={peer.peerId}
        data-user-type={peer.userType}
        aria-label={label}
      />
      <figcaption className="vp-tile__name">{screen ? label : peer.userName}</figcaption>
      {peer.phase === 'connecting' && <p className="vp-tile__status">{t('page.connecting')}</p>}
      {peer.phase === 'reconnecting' && (
        <p className="vp-tile__status" role="status">
          {t('page.reconnecting')}
        </p>
      )}
      {visitorWeak && (
        <p className="vp-tile__alert" role="status">
          <strong>
            {peer.remoteQuality === 'bad'
              ? t('page.peerQuality.clientBad')
              : t('page.peerQuality.clientWeak')}
          </strong>{' '}
          {t('page.peerQuality.hint')}
        </p>
      )}
      {soundBlocked && (
        <button type="button" className="vp-button vp-tile__sound" onClick={enableSound}>
          {t('page.enableSound')}
        </button>
      )}
    </figure>
  );
}
