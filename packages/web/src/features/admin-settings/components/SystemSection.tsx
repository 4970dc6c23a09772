import {
  CURRENCIES,
  formatMoney,
  languageSchema,
  PRIVACY_PATH,
  PRIVACY_POLICY_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Card, Field, TextField } from '@/components/ui';
import type { SectionProps } from './section-props';
import { ChoiceField, NumberField, Toggle, type FieldBinding } from './controls';

export function SystemSection({ values, bind, onChange }: SectionProps<'system'>) {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <Card title={t('sections.system')} className="settings-section">
      <div className="settings-grid">
        <TextField
          label={t('fields.system.siteName')}
          value={values.siteName}
          maxLength={120}
          onChange={(event) => onChange('siteName', event.target.value)}
          {...bind('system.siteName')}
        />
        <ChoiceField
          label={t('fields.system.defaultLanguage')}
          value={values.defaultLanguage}
          options={languageSchema.options}
          labelOf={(language) => t(`header.languages.${language}`, { ns: 'common' })}
          onChange={(language) => onChange('defaultLanguage', language)}
        />
        <ChoiceField
          label={t('fields.system.currency')}
          hint={t('hints.currency', { example: formatMoney(39, values.currency, { whole: true }) })}
          value={values.currency}
          options={CURRENCIES}
          labelOf={(currency) => t(`currencies.${currency}`)}
          onChange={(currency) => onChange('currency', currency)}
        />
        <NumberField
          label={t('fields.system.maxConcurrentCalls')}
          hint={t('hints.range', { min: 1, max: 50 })}
          min={1}
          max={50}
          value={values.maxConcurrentCalls}
          onChange={(value) => onChange('maxConcurrentCalls', value)}
          {...bind('system.maxConcurrentCalls')}
        />
        <NumberField
          label={t('fields.system.callTimeout')}
          hint={t('hints.range', { min: 10, max: 300 })}
          min={10}
          max={300}
          value={values.callTimeout}
          onChange={(value) => onChange('callTimeout', value)}
          {...bind('system.callTimeout')}
        />
        <NumberField
          label={t('fields.system.maxCallDuration')}
          hint={t('hints.range', { min: 5, max: 180 })}
          min={5}
          max={180}
          value={values.maxCallDuration}
          onChange={(value) => onChange('maxCallDuration', value)}
          {...bind('system.maxCallDuration')}
        />
        <NumberField
          label={t('fields.system.retentionDays')}
          hint={t('hints.retentionDays', { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX })}
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          value={values.retentionDays}
          onChange={(value) => onChange('retentionDays', value)}
          {...bind('system.retentionDays')}
        />
        <TextField
          label={t('fields.system.contactUrl')}
          hint={t('hints.contactUrl')}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          maxLength={500}
          placeholder={t('placeholders.contactUrl')}
          value={values.contactUrl}
          onChange={(event) => onChange('contactUrl', event.target.value)}
          {...bind('system.contactUrl')}
        />
      </div>
      <PrivacyPolicyField
        value={values.privacyPolicy}
        onChange={(text) => onChange('privacyPolicy', text)}
        binding={bind('system.privacyPolicy')}
      />
      <div className="settings-toggles">
        <Toggle
          label={t('fields.system.enableNotifications')}
          checked={values.enableNotifications}
          onChange={(checked) => onChange('enableNotifications', checked)}
        />
        <Toggle
          label={t('fields.system.maintenanceMode')}
          hint={t('hints.maintenanceMode')}
          checked={values.maintenanceMode}
          onChange={(checked) => onChange('maintenanceMode', checked)}
        />
      </div>
    </Card>
  );
}

/**
 * The salon's privacy policy (docs/product.md#privacy-page): plain text; empty keeps the built-in
 * one.
 */
function PrivacyPolicyField({
  value,
  onChange,
  binding,
}: {
  value: string;
  onChange: (text: string) => void;
  binding: FieldBinding;
}) {
  const { t } = useTranslation('settings');
  return (
    <Field
      label={t('fields.system.privacyPolicy')}
      hint={
        <>
          {t('hints.privacyPolicy', { count: value.length, max: PRIVACY_POLICY_MAX })}{' '}
          <a href={PRIVACY_PATH} target="_blank" rel="noopener">
            {t('hints.privacyPolicyLink')}
          </a>
        </>
      }
      error={binding.error}
      className="settings-privacy"
    >
      {(control) => (
        <textarea
          className="textarea"
          rows={8}
          maxLength={PRIVACY_POLICY_MAX}
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={binding.onBlur}
        />
      )}
    </Field>
  );
}
