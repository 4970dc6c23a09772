/**
 * A call's microphone, camera and screen-share buttons, for both bars that carry them: the video
 * page's own (opened on its own) and the call screens' one bar (docs/product.md#call-bar). Each
 * label says what a press does next ('Activar micrófono' while muted), so the buttons carry no
 * aria-pressed as well: a screen reader would read both states at once.
 */
import type { BackgroundMode, VideoPageBackground } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { BackgroundChoice } from './BackgroundChoice';

export type MediaTogglesProps = {
  micOn: boolean;
  cameraOn: boolean;
  hasMic: boolean;
  hasCamera: boolean;
  onToggleMic: () => void;
  onToggleCamera: () => void;
  /** only for whom may share a screen (the stylist, when the settings allow it) */
  screenShare?: { sharing: boolean; onToggle: () => void } | undefined;
  /** her video's background (the privacy blur), where the page offers it */
  background?: { state: VideoPageBackground; onChoose: (mode: BackgroundMode) => void } | undefined;
  /** the bar's button class ('vp-button' in the page, 'vc-button' on the call screens) */
  buttonClass: string;
};

export function MediaToggles({
  micOn,
  cameraOn,
  hasMic,
  hasCamera,
  onToggleMic,
  onToggleCamera,
  screenShare,
  background,
  buttonClass,
}: MediaTogglesProps) {
  const { t } = useTranslation('video');
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        data-off={!micOn}
        disabled={!hasMic}
        onClick={onToggleMic}
      >
        {micOn ? t('page.muteMic') : t('page.unmuteMic')}
      </button>
      <button
        type="button"
        className={buttonClass}
        data-off={!cameraOn}
        disabled={!hasCamera}
        onClick={onToggleCamera}
      >
        {cameraOn ? t('page.cameraOffAction') : t('page.cameraOnAction')}
      </button>
      {screenShare && (
        <button
          type="button"
          className={buttonClass}
          data-active={screenShare.sharing}
          onClick={screenShare.onToggle}
        >
          {screenShare.sharing ? t('page.screenShare.stop') : t('page.screenShare.start')}
        </button>
      )}
      {background && hasCamera && (
        <BackgroundChoice
          state={background.state}
          onChoose={background.onChoose}
          buttonClass={buttonClass}
          compact
        />
      )}
    </>
  );
}
