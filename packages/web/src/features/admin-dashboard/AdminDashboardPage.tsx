import { useTranslation } from 'react-i18next';

/** Placeholder: The admin dashboard (SPEC §2 'Admin dashboard'). Rendered inside its layout by the router. */
export function AdminDashboardPage() {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <section className="placeholder-page">
      <h2>{t('dashboard.title', { ns: 'admin' })}</h2>
      <p>{t('placeholder.comingSoon', { ns: 'common' })}</p>
    </section>
  );
}
