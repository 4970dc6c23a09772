import type { Slot } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@/components/ui';
import { useSlots, type SlotsFilter } from './slots.api';
import { SlotPicker } from './SlotPicker';

export type FreeSlotPickerProps = {
  filter: SlotsFilter;
  value: string | null;
  onChange: (slot: Slot) => void;
  timeZone?: string;
};

/** The free slots for a subject and/or stylist, with their loading, empty and error states. */
export function FreeSlotPicker({ filter, value, onChange, timeZone }: FreeSlotPickerProps) {
  const { t } = useTranslation('appointments');
  const slots = useSlots(filter);
  if (slots.isPending)
    return (
      <div className="slot-picker__state">
        <Spinner label={t('slots.loading')} />
        <span aria-hidden="true">{t('slots.loading')}</span>
      </div>
    );
  if (slots.isError)
    return (
      <div className="slot-picker__state" role="alert">
        <p>{t('slots.loadFailed')}</p>
        <Button
          variant="secondary"
          size="sm"
          loading={slots.isFetching}
          onClick={() => void slots.refetch()}
        >
          {t('slots.retry')}
        </Button>
      </div>
    );
  if (!slots.data.enabled) return <p className="slot-picker__state">{t('slots.disabled')}</p>;
  if (slots.data.slots.length === 0)
    return <p className="slot-picker__state">{t('slots.empty')}</p>;
  return (
    <SlotPicker
      slots={slots.data.slots}
      value={value}
      onChange={onChange}
      {...(timeZone ? { timeZone } : {})}
    />
  );
}
