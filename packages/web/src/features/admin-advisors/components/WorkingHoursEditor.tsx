import { weekdays, type Weekday, type WorkingDay, type WorkingHours } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/errors';
import type { AdvisorFormErrors } from '../utils/advisor-form';

export type WorkingHoursEditorProps = {
  value: WorkingHours;
  onChange: (next: WorkingHours) => void;
  errors: AdvisorFormErrors;
};

/** One row per weekday: whether the advisor works that day, and from when to when (HH:MM). */
export function WorkingHoursEditor({ value, onChange, errors }: WorkingHoursEditorProps) {
  const { t } = useTranslation('admin-advisors');
  const update = (day: Weekday, patch: Partial<WorkingDay>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } });

  return (
    <table className="adv-hours">
      <thead>
        <tr>
          <th scope="col">{t('form.day')}</th>
          <th scope="col">{t('form.enabled')}</th>
          <th scope="col">{t('form.start')}</th>
          <th scope="col">{t('form.end')}</th>
        </tr>
      </thead>
      <tbody>
        {weekdays.map((day) => {
          const hours = value[day];
          const dayName = t(`weekdays.${day}`);
          const error =
            errors[`workingHours.${day}.end`] ??
            errors[`workingHours.${day}.start`] ??
            errors[`workingHours.${day}`];
          const errorId = `adv-hours-${day}-error`;
          return (
            <tr key={day} className={hours.enabled ? undefined : 'adv-hours__off'}>
              <th scope="row">{dayName}</th>
              <td>
                <input
                  type="checkbox"
                  checked={hours.enabled}
                  aria-label={t('form.dayEnabled', { day: dayName })}
                  onChange={(event) => update(day, { enabled: event.target.checked })}
                />
              </td>
              <td data-label={t('form.start')}>
                <input
                  type="time"
                  className="input"
                  value={hours.start}
                  disabled={!hours.enabled}
                  aria-label={t('form.startOf', { day: dayName })}
                  onChange={(event) => update(day, { start: event.target.value })}
                />
              </td>
              <td data-label={t('form.end')}>
                <input
                  type="time"
                  className="input"
                  value={hours.end}
                  disabled={!hours.enabled}
                  aria-label={t('form.endOf', { day: dayName })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => update(day, { end: event.target.value })}
                />
                {error && (
                  <p className="field__error" id={errorId} role="alert">
                    {translateValidation(error)}
                  </p>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
