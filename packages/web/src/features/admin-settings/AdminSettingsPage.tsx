import { useTranslation } from 'react-i18next';

/** Placeholder: System, video provider and notification settings (SPEC §2 'Admin settings'). Rendered inside its layout by the router. */
export function AdminSettingsPage() {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <section className="placeholder-page">
      <h2>{t('settings.title', { ns: 'admin' })}</h2>
      <p>{t('placeholder.comingSoon', { ns: 'common' })}</p>
    </section>
  );
}
