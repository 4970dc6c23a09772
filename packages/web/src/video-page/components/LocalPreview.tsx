import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function LocalPreview({
  stream,
  cameraOn,
}: {
  stream: MediaStream | null;
  cameraOn: boolean;
}) {
  const { t } = useTranslation('video');
  const ref = useRef<HTMLVideoElement>(null);
  const hasVideo = (stream?.getVideoTracks().length ?? 0) > 0;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = hasVideo ? stream : null;
    if (hasVideo) video.play().catch(() => undefined);
  }, [stream, hasVideo]);

  return (
    <figure className="vp-local">
      <video
        ref={ref}
        className="vp-local__video"
        autoPlay
        playsInline
        muted
        data-testid="local-video"
        aria-label={t('page.localVideoLabel')}
        hidden={!hasVideo || !cameraOn}
      />
      {(!hasVideo || !cameraOn) && <p className="vp-local__off">{t('page.cameraOff')}</p>}
      <figcaption className="vp-tile__name">{t('page.you')}</figcaption>
    </figure>
  );
}
