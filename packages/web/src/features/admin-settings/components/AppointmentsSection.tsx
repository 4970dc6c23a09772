import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui';
import type { SectionProps } from './section-props';
import { NumberField, Toggle } from './controls';

/** The contract's ranges (appointmentSettingsSchema), shown as hints and on the inputs. */
const RANGES = {
  slotMinutes: { min: 10, max: 120 },
  bufferMinutes: { min: 0, max: 60 },
  horizonDays: { min: 1, max: 60 },
  minNoticeMinutes: { min: 0, max: 2880 },
} as const;

/**
 * Appointments (docs/product.md#slots): whether visitors may book a consultation for later, how
 * long one lasts, the rest after it, how far ahead and how soon a slot can be booked.
 */
export function AppointmentsSection({ values, bind, onChange }: SectionProps<'appointments'>) {
  const { t } = useTranslation('settings');
  const number = (key: keyof typeof RANGES) => (
    <NumberField
      label={t(`fields.appointments.${key}`)}
      hint={t(`hints.appointments.${key}`, RANGES[key])}
      min={RANGES[key].min}
      max={RANGES[key].max}
      value={values[key]}
      onChange={(value) => onChange(key, value)}
      {...bind(`appointments.${key}`)}
    />
  );
  return (
    <Card title={t('sections.appointments')} className="settings-section">
      <div className="settings-toggles">
        <Toggle
          label={t('fields.appointments.enabled')}
          hint={t('hints.appointments.enabled')}
          checked={values.enabled}
          onChange={(checked) => onChange('enabled', checked)}
        />
      </div>
      <div className="settings-grid">
        {number('slotMinutes')}
        {number('bufferMinutes')}
        {number('horizonDays')}
        {number('minNoticeMinutes')}
      </div>
    </Card>
  );
}
