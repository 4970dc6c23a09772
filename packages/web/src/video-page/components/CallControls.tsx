import { useTranslation } from 'react-i18next';
import { MediaToggles, type MediaTogglesProps } from '@/components/call-media/MediaToggles';

type Props = {
  micOn: boolean;
  cameraOn: boolean;
  hasMic: boolean;
  hasCamera: boolean;
  onToggleMic: () => void;
  onToggleCamera: () => void;
  /** Without it there is no leave button (the surrounding screen offers the way out). */
  onLeave?: (() => void) | undefined;
  /** Only for whom may share a screen (the advisor, when the settings allow it). */
  screenShare?: { sharing: boolean; onToggle: () => void } | undefined;
  /** her video's background (the privacy blur) */
  background?: MediaTogglesProps['background'];
  /**
   * A silent supervisor's bar: 'Hablar' (microphone) or 'Hablar con cámara' in place of the
   * microphone and camera, which she has not opened.
   */
  supervise?: { starting: boolean; onSpeak: (withCamera: boolean) => void } | undefined;
};

export function CallControls({
  micOn,
  cameraOn,
  hasMic,
  hasCamera,
  onToggleMic,
  onToggleCamera,
  onLeave,
  screenShare,
  background,
  supervise,
}: Props) {
  const { t } = useTranslation('video');
  return (
    <div className="vp-controls" role="toolbar" aria-label={t('page.controls')}>
      {supervise ? (
        <>
          <button
            type="button"
            className="vp-button"
            disabled={supervise.starting}
            onClick={() => supervise.onSpeak(false)}
          >
            {t('page.supervision.speak')}
          </button>
          <button
            type="button"
            className="vp-button"
            disabled={supervise.starting}
            onClick={() => supervise.onSpeak(true)}
          >
            {t('page.supervision.speakWithCamera')}
          </button>
        </>
      ) : (
        <MediaToggles
          micOn={micOn}
          cameraOn={cameraOn}
          hasMic={hasMic}
          hasCamera={hasCamera}
          onToggleMic={onToggleMic}
          onToggleCamera={onToggleCamera}
          screenShare={screenShare}
          background={background}
          buttonClass="vp-button"
        />
      )}
      {onLeave && (
        <button type="button" className="vp-button vp-button--danger" onClick={onLeave}>
          {t('page.leave')}
        </button>
      )}
    </div>
  );
}
