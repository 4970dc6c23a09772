import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui';
import { ADD_ADVISOR_PATH } from './TopAdvisors';

/** Quick actions: add advisor, reports, settings. */
export function QuickActions() {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Card title={t('quick.title')} aria-label={t('quick.title')} className="dash-panel">
      <div className="dash-quick">
        <Link className="btn btn--primary" to={ADD_ADVISOR_PATH}>
          {t('quick.addAdvisor')}
        </Link>
        <Link className="btn btn--secondary" to="/admin/reports">
          {t('quick.reports')}
        </Link>
        <Link className="btn btn--secondary" to="/admin/settings">
          {t('quick.settings')}
        </Link>
      </div>
    </Card>
  );
}
