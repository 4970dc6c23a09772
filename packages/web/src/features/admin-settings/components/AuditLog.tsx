import { useTranslation } from 'react-i18next';
import { useSettingsAudit } from '../api/settings';
import { AuditCard } from './AuditCard';

/** How many settings changes the page lists, newest first. */
export const AUDIT_ROWS_SHOWN = 10;

function useFormatValue() {
  const { t } = useTranslation('settings');
  return (value: unknown): string => {
    if (value === true) return t('audit.yes');
    if (value === false) return t('audit.no');
    if (value === null || value === undefined || value === '') return t('audit.emptyValue');
    if (Array.isArray(value)) {
      if (value.length === 0) return t('audit.emptyValue');
      return value
        .map((item) =>
          typeof item === 'string'
            ? item
            : typeof item === 'object' && item !== null && 'urls' in item
              ? String((item as { urls: unknown }).urls)
              : JSON.stringify(item),
        )
        .join(', ');
    }
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    return JSON.stringify(value) ?? '';
  };
}

/** Who changed which setting, when (the server masks secrets before they are recorded). */
export function AuditLog() {
  const { t, i18n } = useTranslation('settings');
  const audit = useSettingsAudit(AUDIT_ROWS_SHOWN);
  const formatValue = useFormatValue();
  const fieldLabel = (field: string) =>
    i18n.exists(`settings:fields.${field}`) ? t(`fields.${field}`) : field;

  return (
    <AuditCard
      title={t('sections.audit')}
      query={audit}
      loadFailed={t('audit.loadFailed')}
      empty={t('audit.empty')}
      who={(entry) => <span>{entry.actorName ?? t('audit.unknownActor')}</span>}
    >
      {(entry) => (
        <ul className="settings-audit__changes">
          {entry.changes.map((change) => (
            <li key={change.field}>
              <strong>{fieldLabel(change.field)}</strong>
              {': '}
              {t('audit.change', {
                from: formatValue(change.from),
                to: formatValue(change.to),
              })}
            </li>
          ))}
        </ul>
      )}
    </AuditCard>
  );
}
