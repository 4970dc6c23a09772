/**
 * The privacy blur's choice (docs/product.md#privacy-blur): her video's background as it is,
 * blurred, or a plain soft colour. One named select (a single slot in a phone's crowded bar);
 * when the device cannot do it, it says why (and stays disabled where trying again cannot help).
 * In the call's bar the label and the reason are for screen readers (the video page shows the
 * reason in a banner); the pre-join check, with room to spare, shows both.
 */
import {
  backgroundModeSchema,
  type BackgroundMode,
  type VideoPageBackground,
} from '@belleza/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const MODES: readonly BackgroundMode[] = ['off', 'blur', 'replace'];

type Props = {
  state: VideoPageBackground;
  onChoose: (mode: BackgroundMode) => void;
  /** the bar's button class ('vp-button' in the page, 'vc-button' elsewhere) */
  buttonClass: string;
  /** in a call bar: label and reason not drawn (still read) */
  compact?: boolean;
};

export function BackgroundChoice({ state, onChoose, buttonClass, compact = false }: Props) {
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
  const hidden = compact ? 'visually-hidden' : undefined;
  return (
    <span className="bg-choice" data-blocked={blocked ?? undefined}>
      <label htmlFor={`${id}-select`} className={hidden ?? 'bg-choice__label'}>
        {t('background.label')}
      </label>
      <select
        id={`${id}-select`}
        className={`${buttonClass} bg-choice__select`}
        value={mode}
        disabled={unavailable}
        title={compact && note ? note : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(e) => {
          const chosen = backgroundModeSchema.safeParse(e.target.value);
          if (chosen.success) onChoose(chosen.data);
        }}
      >
        {MODES.map((m) => (
          <option key={m} value={m}>
            {t(`background.${m}`)}
          </option>
        ))}
      </select>
      {note && (
        <span id={`${id}-note`} className={hidden ?? 'bg-choice__note'} role="status">
          {note}
        </span>
      )}
    </span>
  );
}
