import { useTranslation } from 'react-i18next';

/** Placeholder: Reports (SPEC §2 'Admin reports'); titled by the reports navigation label. Rendered inside its layout by the router. */
export function AdminReportsPage() {
  const { t } = useTranslation(['reports', 'common']);
  return (
    <section className="placeholder-page">
      <h2>{t('nav.reports', { ns: 'common' })}</h2>
      <p>{t('placeholder.comingSoon', { ns: 'common' })}</p>
    </section>
  );
}
