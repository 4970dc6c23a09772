import { useTranslation } from 'react-i18next';

type Props = {
  micOn: boolean;
  cameraOn: boolean;
  hasMic: boolean;
  hasCamera: boolean;
  onToggleMic: () => void;
  onToggleCamera: () => void;
  onLeave: () => void;
};

export function CallControls({
  micOn,
  cameraOn,
  hasMic,
  hasCamera,
  onToggleMic,
  onToggleCamera,
  onLeave,
}: Props) {
  const { t } = useTranslation('video');
  return (
    <div className="vp-controls" role="toolbar" aria-label={t('page.controls')}>
      <button
        type="button"
        className="vp-button"
        aria-pressed={!micOn}
        disabled={!hasMic}
        onClick={onToggleMic}
      >
        {micOn ? t('page.muteMic') : t('page.unmuteMic')}
      </button>
      <button
        type="button"
        className="vp-button"
        aria-pressed={!cameraOn}
        disabled={!hasCamera}
        onClick={onToggleCamera}
      >
        {cameraOn ? t('page.cameraOffAction') : t('page.cameraOnAction')}
      </button>
      <button type="button" className="vp-button vp-button--danger" onClick={onLeave}>
        {t('page.leave')}
      </button>
    </div>
  );
}
