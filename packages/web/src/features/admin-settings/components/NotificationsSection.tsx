import { useTranslation } from 'react-i18next';
import { Card, TextField } from '@/components/ui';
import type { SectionProps } from './section-props';
import { Toggle } from './controls';

export function NotificationsSection({ values, bind, onChange }: SectionProps<'notifications'>) {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('sections.notifications')} className="settings-section">
      <div className="settings-toggles">
        <Toggle
          label={t('fields.notifications.emailNotifications')}
          checked={values.emailNotifications}
          onChange={(checked) => onChange('emailNotifications', checked)}
        />
        <Toggle
          label={t('fields.notifications.pushNotifications')}
          checked={values.pushNotifications}
          onChange={(checked) => onChange('pushNotifications', checked)}
        />
      </div>
      <div className="settings-grid">
        <TextField
          label={t('fields.notifications.adminEmail')}
          type="email"
          autoComplete="email"
          value={values.adminEmail}
          required={values.emailNotifications}
          onChange={(event) => onChange('adminEmail', event.target.value)}
          {...bind('notifications.adminEmail')}
        />
      </div>
    </Card>
  );
}
