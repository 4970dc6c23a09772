import { useTranslation } from 'react-i18next';

/** Placeholder: Advisor management (SPEC §2 'Admin advisors'). Rendered inside its layout by the router. */
export function AdminAdvisorsPage() {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <section className="placeholder-page">
      <h2>{t('advisors.title', { ns: 'admin' })}</h2>
      <p>{t('placeholder.comingSoon', { ns: 'common' })}</p>
    </section>
  );
}
