/**
 * The visitor's close-up screen over her video (docs/product.md#close-up-photos): what the
 * stylist asked, the camera's live picture as it sees (never mirrored), the torch and zoom when
 * her camera has them, 'Tomar foto'; then the still with the lighting check ('Acércate a una
 * ventana, sin flash' when too dark or too yellow: she may still send it), 'Enviar foto', 'Tomar
 * otra' and 'Cancelar'. A modal dialog: focus moves into it and Escape cancels.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { useCloseup } from './use-closeup';

type Props = { closeup: ReturnType<typeof useCloseup> };

export function CloseupCapture({ closeup }: Props) {
  const { t } = useTranslation('video');
  const { view } = closeup;
  const videoRef = useRef<HTMLVideoElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const { phase, stream } = view;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) video.play().catch(() => undefined);
  }, [stream, phase]);

  // Focus goes to the dialog's first control whenever its step changes.
  useEffect(() => {
    if (phase === 'idle') return;
    const first = dialogRef.current?.querySelector<HTMLElement>('button:not([disabled])');
    first?.focus();
  }, [phase]);

  if (phase === 'idle') return null;
  const { still, controls } = view;
  const lighting = still?.lighting;
  const poorLight = lighting && (lighting.tooDark || lighting.tooYellow);

  return (
    <div
      ref={dialogRef}
      className="vp-closeup"
      role="dialog"
      aria-modal="true"
      aria-labelledby="vp-closeup-title"
      aria-describedby="vp-closeup-ask"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        void closeup.cancel();
      }}
    >
      <h2 id="vp-closeup-title" className="vp-closeup__title">
        {t('closeup.title')}
      </h2>
      <p id="vp-closeup-ask" className="vp-closeup__ask">
        {t('closeup.asked', { name: view.requestedBy })}
      </p>

      {phase === 'opening' && (
        <p role="status" className="vp-closeup__status">
          {t('closeup.opening')}
        </p>
      )}
      {phase === 'failed' && (
        <p role="alert" className="vp-closeup__status">
          {t('closeup.failed')}
        </p>
      )}
      {(phase === 'aiming' || phase === 'taking') && (
        <>
          <p role="status" className="vp-closeup__status">
            {view.camera === 'rear' ? t('closeup.aimRear') : t('closeup.noRearCamera')}
          </p>
          <video
            ref={videoRef}
            className="vp-closeup__preview"
            autoPlay
            playsInline
            muted
            aria-label={t('closeup.previewLabel')}
          />
          <div className="vp-closeup__tools">
            {controls.torch && (
              <button
                type="button"
                className="vp-button"
                aria-pressed={view.torchOn}
                onClick={() => void closeup.toggleTorch()}
              >
                {t('closeup.torch')}
              </button>
            )}
            {controls.zoom && view.zoom !== null && (
              <label className="vp-closeup__zoom">
                {t('closeup.zoom')}
                <input
                  type="range"
                  min={controls.zoom.min}
                  max={controls.zoom.max}
                  step={controls.zoom.step}
                  value={view.zoom}
                  onChange={(e) => void closeup.zoomTo(Number(e.target.value))}
                />
              </label>
            )}
          </div>
        </>
      )}
      {phase === 'review' && still && (
        <>
          <img
            className="vp-closeup__still"
            src={still.url}
            alt={t('closeup.stillAlt', { width: still.width, height: still.height })}
          />
          {poorLight ? (
            <div role="alert" className="vp-closeup__lighting">
              <p className="vp-closeup__advice">{t('closeup.lightingAdvice')}</p>
              <p>{lighting.tooDark ? t('closeup.tooDark') : t('closeup.tooYellow')}</p>
            </div>
          ) : (
            <p role="status" className="vp-closeup__status">
              {t('closeup.lightingGood')}
            </p>
          )}
        </>
      )}

      <div className="vp-closeup__actions">
        {(phase === 'aiming' || phase === 'taking') && (
          <button
            type="button"
            className="vp-button vp-button--primary"
            disabled={phase === 'taking'}
            onClick={() => void closeup.take()}
          >
            {phase === 'taking' ? t('closeup.taking') : t('closeup.take')}
          </button>
        )}
        {phase === 'review' && (
          <>
            <button
              type="button"
              className="vp-button vp-button--primary"
              onClick={() => void closeup.send()}
            >
              {t('closeup.send')}
            </button>
            <button type="button" className="vp-button" onClick={closeup.retake}>
              {t('closeup.retake')}
            </button>
          </>
        )}
        <button type="button" className="vp-button" onClick={() => void closeup.cancel()}>
          {phase === 'failed' ? t('closeup.close') : t('closeup.cancel')}
        </button>
      </div>
    </div>
  );
}
