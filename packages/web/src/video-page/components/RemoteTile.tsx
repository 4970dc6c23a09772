import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemotePeer } from '../../lib/webrtc';

/** One remote participant. Falls back to muted playback (plus a button) when autoplay with sound is blocked. */
export function RemoteTile({ peer }: { peer: RemotePeer }) {
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

  const connecting = !peer.stream || peer.state === 'new' || peer.state === 'connecting';
  return (
    <figure className="vp-tile" data-peer-state={peer.state}>
      <video
        ref={ref}
        className="vp-tile__video"
        autoPlay
        playsInline
        data-testid="remote-video"
        data-peer-id={peer.peerId}
        aria-label={t('page.remoteVideoLabel', { name: peer.userName })}
      />
      <figcaption className="vp-tile__name">{peer.userName}</figcaption>
      {connecting && <p className="vp-tile__status">{t('page.connecting')}</p>}
      {peer.state === 'disconnected' && <p className="vp-tile__status">{t('page.reconnecting')}</p>}
      {soundBlocked && (
        <button type="button" className="vp-button vp-tile__sound" onClick={enableSound}>
          {t('page.enableSound')}
        </button>
      )}
    </figure>
  );
}
