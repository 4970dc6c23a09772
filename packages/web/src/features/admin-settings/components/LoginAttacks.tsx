import { useTranslation } from 'react-i18next';
import { Card, Spinner } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useLoginAttacks, type LoginAttackEntry } from '../api/settings';

/** How many sign-in alerts the page lists, newest first. */
export const LOGIN_ATTACKS_SHOWN = 10;

/**
 * The audit's sign-in alerts: which account was attacked, when, and how (the server writes one
 * entry per window when an account's tries pass its ceiling or several addresses keep failing).
 */
export function LoginAttacks() {
  const { t } = useTranslation('settings');
  const attacks = useLoginAttacks(LOGIN_ATTACKS_SHOWN);

  const describe = ({ details }: LoginAttackEntry): string => {
    if (details?.reason === 'account_ceiling')
      return t('loginAttacks.accountCeiling', {
        attempts: details.attempts,
        minutes: details.windowMinutes,
      });
    if (details?.reason === 'many_addresses')
      return t('loginAttacks.manyAddresses', {
        addresses: details.addresses,
        failures: details.failuresEach,
        minutes: details.windowMinutes,
      });
    return t('loginAttacks.unknown');
  };

  const entries = attacks.data ?? [];
  return (
    <Card
      title={t('loginAttacks.title')}
      aria-label={t('loginAttacks.title')}
      className="settings-section settings-audit"
    >
      <p className="settings-muted">{t('loginAttacks.intro')}</p>
      {attacks.isPending ? (
        <Spinner />
      ) : attacks.isError ? (
        <p className="settings-muted">{t('loginAttacks.loadFailed')}</p>
      ) : entries.length === 0 ? (
        <p className="settings-muted">{t('loginAttacks.empty')}</p>
      ) : (
        <ol className="settings-audit__list">
          {entries.map((entry) => (
            <li key={entry.id} className="settings-audit__entry">
              <p className="settings-audit__meta">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {' · '}
                <strong>{entry.account}</strong>
              </p>
              <p>{describe(entry)}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
