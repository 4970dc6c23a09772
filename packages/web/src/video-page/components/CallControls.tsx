import { useTranslation } from 'react-i18next';

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
}: Props) {
  const { t } = useTranslation('video');
  // The label says what a press does next ('Activar micrófono' while muted), so the buttons carry
  // no aria-pressed as well: a screen reader would read both states at once.
  return (
    <div className="vp-controls" role="toolbar" aria-label={t('page.controls')}>
      <button
        type="button"
        className="vp-button"
        data-off={!micOn}
        disabled={!hasMic}
        onClick={onToggleMic}
      >
        {micOn ? t('page.muteMic') : t('page.unmuteMic')}
      </button>
      <button
        type="button"
        className="vp-button"
        data-off={!cameraOn}
        disabled={!hasCamera}
        onClick={onToggleCamera}
      >
        {cameraOn ? t('page.cameraOffAction') : t('page.cameraOnAction')}
      </button>
      {screenShare && (
        <button
          type="button"
          className="vp-button"
          data-active={screenShare.sharing}
          onClick={screenShare.onToggle}
        >
          {screenShare.sharing ? t('page.screenShare.stop') : t('page.screenShare.start')}
        </button>
      )}
      {onLeave && (
        <button type="button" className="vp-button vp-button--danger" onClick={onLeave}>
          {t('page.leave')}
        </button>
      )}
    </div>
  );
}
