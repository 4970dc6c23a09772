import { useTranslation } from 'react-i18next';
import { useLoginAttacks, type LoginAttackEntry } from '../api/settings';
import { AuditCard } from './AuditCard';

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

  return (
    <AuditCard
      title={t('loginAttacks.title')}
      intro={t('loginAttacks.intro')}
      query={attacks}
      loadFailed={t('loginAttacks.loadFailed')}
      empty={t('loginAttacks.empty')}
      who={(entry) => <strong>{entry.account}</strong>}
    >
      {(entry) => <p>{describe(entry)}</p>}
    </AuditCard>
  );
}
