/**
 * The privacy blur's choice (docs/product.md#privacy-blur): her video's background as it is,
 * blurred, or a plain soft colour. Three buttons in a named group, the chosen one pressed; when the
 * device cannot do it the group says why (and stays disabled where trying again cannot help).
 */
import type { BackgroundMode, VideoPageBackground } from '@belleza/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const MODES: readonly BackgroundMode[] = ['off', 'blur', 'replace'];

type Props = {
  state: VideoPageBackground;
  onChoose: (mode: BackgroundMode) => void;
  /** the bar's button class ('vp-button' in the page, 'vc-button' elsewhere) */
  buttonClass: string;
};

export function BackgroundChoice({ state, onChoose, buttonClass }: Props) {
  const { t } = useTranslation('video');
  const id = useId();
  const { blocked, starting, mode } = state;
  // Trying again cannot help without vision; a device that was too slow may try again.
  const unavailable = blocked === 'unsupported' || blocked === 'failed';
  const note = blocked
    ? t(`background.blocked.${blocked}`)
    : starting
      ? t('background.starting')
      : null;
  return (
    <div
      className="bg-choice"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={note ? `${id}-note` : undefined}
      data-blocked={blocked ?? undefined}
    >
      <span id={`${id}-label`} className="bg-choice__label">
        {t('background.label')}
      </span>
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          className={buttonClass}
          aria-pressed={mode === m}
          disabled={unavailable && m !== 'off'}
          onClick={() => onChoose(m)}
        >
          {t(`background.${m}`)}
        </button>
      ))}
      {note && (
        <span id={`${id}-note`} className="bg-choice__note" role="status">
          {note}
        </span>
      )}
    </div>
  );
}
