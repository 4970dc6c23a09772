import type { Slot } from '@belleza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { AppointmentWhen } from './AppointmentWhen';
import {
  browserTimeZone,
  dayOf,
  formatClock,
  formatShortDay,
  groupByLimaDay,
  readsLikeLima,
  zoneName,
} from './slot-time';

/** Her time of a slot, with her day when it is not Lima's (Tokyo is already on the next one). */
const localTime = (iso: string, zone: string): string =>
  dayOf(iso, zone) === dayOf(iso)
    ? formatClock(iso, zone)
    : `${formatShortDay(iso, zone)} ${formatClock(iso, zone)}`;

export type SlotPickerProps = {
  slots: readonly Slot[];
  /** the chosen slot's start, if any */
  value: string | null;
  onChange: (slot: Slot) => void;
  /** her zone (tests fix it); the browser's by default */
  timeZone?: string;
};

/**
 * A day, then a time among the free slots. Days and times are Lima's (the legend says so); when
 * her clock reads otherwise each time also shows hers, and the choice is repeated in full below.
 */
export function SlotPicker({
  slots,
  value,
  onChange,
  timeZone = browserTimeZone(),
}: SlotPickerProps) {
  const { t } = useTranslation('appointments');
  const name = useId();
  const days = groupByLimaDay(slots);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const valueDay = value ? dayOf(value) : null;
  const shown =
    days.find((d) => d.day === pickedDay) ??
    days.find((d) => d.day === valueDay) ??
    days[0] ??
    null;
  const shownIndex = shown ? days.indexOf(shown) : -1;
  /** The day before or after the one shown, by the arrows beside the day chips. */
  const step = (by: -1 | 1) => {
    const next = days[shownIndex + by];
    if (next) setPickedDay(next.day);
  };
  const first = slots[0]?.startsAt;
  const elsewhere = first !== undefined && !readsLikeLima(first, timeZone);

  return (
    <div className="slot-picker">
      <fieldset className="slot-picker__group">
        <legend className="slot-picker__legend">{t('slots.day')}</legend>
        <div className="slot-picker__days">
          <button
            type="button"
            className="slot-picker__arrow"
            aria-label={t('slots.previousDay')}
            disabled={shownIndex <= 0}
            onClick={() => step(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="slot-picker__chips slot-picker__chips--days">
            {days.map(({ day, slots: daySlots }) => (
              <label key={day} className="slot-chip">
                <input
                  type="radio"
                  className="slot-chip__input"
                  name={`${name}-day`}
                  value={day}
                  checked={shown?.day === day}
                  onChange={() => setPickedDay(day)}
                />
                <span className="slot-chip__text">
                  {formatShortDay(daySlots[0]?.startsAt ?? '')}
                </span>
              </label>
            ))}
          </div>
          <button
            type="button"
            className="slot-picker__arrow"
            aria-label={t('slots.nextDay')}
            disabled={shownIndex < 0 || shownIndex >= days.length - 1}
            onClick={() => step(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </fieldset>
      {shown && (
        <fieldset className="slot-picker__group">
          <legend className="slot-picker__legend">{t('slots.time')}</legend>
          {elsewhere && (
            <p className="slot-picker__note">
              {t('slots.yourZoneNote', {
                zone: zoneName(timeZone, currentLanguage(), first),
              })}
            </p>
          )}
          <div className="slot-picker__chips">
            {shown.slots.map((slot) => (
              <label key={slot.startsAt} className="slot-chip slot-chip--time">
                <input
                  type="radio"
                  className="slot-chip__input"
                  name={`${name}-time`}
                  value={slot.startsAt}
                  checked={value === slot.startsAt}
                  onChange={() => onChange(slot)}
                />
                <span className="slot-chip__text">
                  {formatClock(slot.startsAt)}{' '}
                  {!readsLikeLima(slot.startsAt, timeZone) && (
                    <span className="slot-chip__local">
                      <span className="visually-hidden">{t('slots.inYourZone')}</span>{' '}
                      {localTime(slot.startsAt, timeZone)}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {value && (
        <p className="slot-picker__chosen" aria-live="polite">
          <span className="slot-picker__chosen-label">{t('slots.chosen')}</span>{' '}
          <AppointmentWhen startsAt={value} timeZone={timeZone} />
        </p>
      )}
    </div>
  );
}
