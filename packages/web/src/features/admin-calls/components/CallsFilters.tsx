import { storedCallStatusSchema, type StoredCallStatus } from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components/ui';
import { hasFilters, isRangeInverted, type CallFilters } from '../utils/filters';

export type CallsFiltersProps = {
  filters: CallFilters;
  onChange: (filters: CallFilters) => void;
};

const statuses = storedCallStatusSchema.options;

/** Free text applies on Enter or 'Buscar' (one request per search, not per keystroke). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation('admin-calls');
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="ac-filters__search" role="search" onSubmit={submit}>
      <Field label={t('filters.search')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="search"
            maxLength={120}
            value={draft}
            placeholder={t('filters.searchPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary">
        {t('actions.search')}
      </Button>
    </form>
  );
}

/** Status and Lima-day range filters of the history (the dates are Lima days, UTC-5). */
export function CallsFilters({ filters, onChange }: CallsFiltersProps) {
  const { t } = useTranslation('admin-calls');
  const inverted = isRangeInverted(filters);
  return (
    <div className="ac-filters" role="group" aria-label={t('filters.label')}>
      <Field label={t('filters.status')}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={filters.status}
            onChange={(e) =>
              onChange({ ...filters, status: e.target.value as StoredCallStatus | '' })
            }
          >
            <option value="">{t('filters.allStatuses')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('filters.from')} hint={t('filters.dateHint')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(e) => onChange({ ...filters, startDate: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('filters.to')} error={inverted ? t('filters.invertedRange') : null}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(e) => onChange({ ...filters, endDate: e.target.value })}
          />
        )}
      </Field>
      <SearchBox
        key={filters.search}
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search })}
      />
      {hasFilters(filters) && (
        <Button
          variant="ghost"
          className="ac-filters__clear"
          onClick={() => onChange({ status: '', startDate: '', endDate: '', search: '' })}
        >
          {t('actions.clearFilters')}
        </Button>
      )}
    </div>
  );
}
