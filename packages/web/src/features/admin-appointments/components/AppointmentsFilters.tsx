import { appointmentKinds, appointmentStatuses, type Advisor } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components/ui';
import { hasNarrowingFilters, type AppointmentFilters } from '../utils/filters';

export type AppointmentsFiltersProps = {
  filters: AppointmentFilters;
  today: string;
  /** the advisors to choose from (empty while they load) */
  advisors: readonly Advisor[];
  onChange: (filters: AppointmentFilters) => void;
};

/**
 * Day (Lima; empty: every booking from now on), advisor, status and kind (video consultations or
 * services in the salon); each applies at once.
 */
export function AppointmentsFilters({
  filters,
  today,
  advisors,
  onChange,
}: AppointmentsFiltersProps) {
  const { t } = useTranslation('admin-appointments');
  // A link may name an advisor the list does not have (deleted): still shown, so it can be cleared.
  const unknownAdvisor =
    filters.advisorId !== '' && !advisors.some((a) => a.advisorId === filters.advisorId);
  return (
    <div className="aa-filters" role="group" aria-label={t('filters.label')}>
      <Field label={t('filters.day')} hint={t('filters.dayHint')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            value={filters.day}
            onChange={(e) => onChange({ ...filters, day: e.target.value })}
          />
        )}
      </Field>
      {filters.day !== today && (
        <Button
          variant="secondary"
          className="aa-filters__today"
          onClick={() => onChange({ ...filters, day: today })}
        >
          {t('filters.today')}
        </Button>
      )}
      <Field label={t('filters.advisor')}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={filters.advisorId}
            onChange={(e) => onChange({ ...filters, advisorId: e.target.value })}
          >
            <option value="">{t('filters.allAdvisors')}</option>
            {unknownAdvisor && <option value={filters.advisorId}>{filters.advisorId}</option>}
            {advisors.map((a) => (
              <option key={a.advisorId} value={a.advisorId}>
                {a.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.status')}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={filters.status}
            onChange={(e) => {
              const status = appointmentStatuses.find((s) => s === e.target.value) ?? '';
              onChange({ ...filters, status });
            }}
          >
            <option value="">{t('filters.allStatuses')}</option>
            {appointmentStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.kind')}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={filters.kind}
            onChange={(e) => {
              const kind = appointmentKinds.find((k) => k === e.target.value) ?? '';
              onChange({ ...filters, kind });
            }}
          >
            <option value="">{t('filters.allKinds')}</option>
            {appointmentKinds.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {hasNarrowingFilters(filters) && (
        <Button
          variant="ghost"
          className="aa-filters__clear"
          onClick={() => onChange({ ...filters, advisorId: '', status: '', kind: '' })}
        >
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}
