import type { Slot } from '@belleza/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import { AppointmentWhen } from './AppointmentWhen';

export type SlotAlternativesProps = {
  /** the nearest free slots the server offered with its 409 */
  alternatives: readonly Slot[];
  /** one is being booked right now */
  busyWith: string | null;
  onPick: (slot: Slot) => void;
  /** back to the whole list */
  onOther: () => void;
  timeZone?: string;
};

/**
 * The chosen slot was taken meanwhile: the nearest free ones, each booked with one press (her
 * details are already filled in), or back to every free slot.
 */
export function SlotAlternatives({
  alternatives,
  busyWith,
  onPick,
  onOther,
  timeZone,
}: SlotAlternativesProps) {
  const { t } = useTranslation('appointments');
  const id = useId();
  // What just happened is news: the focus goes to it.
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="slot-alternatives">
      <p className="slot-alternatives__title" role="alert" ref={headingRef} tabIndex={-1}>
        {t('taken.title')}
      </p>
      <p className="slot-alternatives__text">
        {alternatives.length > 0 ? t('taken.text') : t('taken.none')}
      </p>
      {alternatives.length > 0 && (
        <ul className="slot-alternatives__list">
          {alternatives.map((slot, i) => (
            <li key={slot.startsAt} className="slot-alternatives__item">
              <span id={`${id}-${i}`}>
                <AppointmentWhen startsAt={slot.startsAt} {...(timeZone ? { timeZone } : {})} />
              </span>
              <Button
                size="sm"
                aria-describedby={`${id}-${i}`}
                loading={busyWith === slot.startsAt}
                disabled={busyWith !== null}
                onClick={() => onPick(slot)}
              >
                {t('taken.pick')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="secondary" disabled={busyWith !== null} onClick={onOther}>
          {t('taken.other')}
        </Button>
      </div>
    </div>
  );
}
