import { useTranslation } from 'react-i18next';

/** Placeholder: Call history and live calls (SPEC §2 'Admin calls'). Rendered inside its layout by the router. */
export function AdminCallsPage() {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <section className="placeholder-page">
      <h2>{t('calls.title', { ns: 'admin' })}</h2>
      <p>{t('placeholder.comingSoon', { ns: 'common' })}</p>
    </section>
  );
}
