import { useTranslation } from 'react-i18next';

/** Placeholder: The advisor's waiting room (SPEC §2 'Advisor dashboard'). Rendered inside its layout by the router. */
export function AdvisorDashboardPage() {
  const { t } = useTranslation(['advisor', 'common']);
  return (
    <section className="placeholder-page">
      <h2>{t('dashboard.title', { ns: 'advisor' })}</h2>
      <p>{t('placeholder.comingSoon', { ns: 'common' })}</p>
    </section>
  );
}
