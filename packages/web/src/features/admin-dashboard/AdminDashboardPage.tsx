import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, toast } from '@/components/ui';
import { formatTime } from '@/lib/format';
import { useAdvisors } from './api/get-advisors';
import { useCallStats } from './api/get-call-stats';
import { useGoLiveChecklist } from './api/get-go-live';
import { useMaintenanceMode } from './api/get-maintenance-mode';
import { useRecentCalls } from './api/get-recent-calls';
import { useSystemStatus } from './api/get-system-status';
import { GoLiveChecklist } from './components/GoLiveChecklist';
import { QuickActions } from './components/QuickActions';
import { RecentActivity } from './components/RecentActivity';
import { StatCards } from './components/StatCards';
import { SystemStatusPanel } from './components/SystemStatusPanel';
import { TopAdvisors } from './components/TopAdvisors';
import { pickRecentActivity, pickTopAdvisors } from './utils/dashboard';
import './admin-dashboard.css';

/** Admin toasts last 3 s (docs/product.md#toasts). */
const ADMIN_TOAST_MS = 3000;

/**
 * The admin dashboard (docs/product.md#admin-dashboard): stat cards, recent activity, top advisors,
 * quick actions and the live system status. Every query refetches itself every 30 s; 'Actualizar'
 * refetches at once.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin-dashboard');
  const stats = useCallStats();
  const recent = useRecentCalls();
  const advisors = useAdvisors();
  const system = useSystemStatus();
  const maintenance = useMaintenanceMode();
  const goLive = useGoLiveChecklist();
  const [refreshing, setRefreshing] = useState(false);

  const errors: string[] = [];
  if (stats.isError && advisors.isError) errors.push(t('errors.all'));
  else {
    if (stats.isError) errors.push(t('errors.stats'));
    if (advisors.isError) errors.push(t('errors.advisors'));
  }
  if (recent.isError) errors.push(t('errors.calls'));
  if (goLive.isError && !goLive.data) errors.push(t('errors.goLive'));
  if (maintenance.isError && maintenance.data === undefined) errors.push(t('errors.maintenance'));

  const updatedAt = Math.max(stats.dataUpdatedAt, recent.dataUpdatedAt, advisors.dataUpdatedAt);

  const handleRefresh = async () => {
    setRefreshing(true);
    const results = await Promise.all([
      stats.refetch(),
      recent.refetch(),
      advisors.refetch(),
      system.refetch(),
      maintenance.refetch(),
      goLive.refetch(),
    ]);
    setRefreshing(false);
    // The error box says what failed; the toast only confirms a clean refresh.
    if (results.slice(0, 3).every((r) => !r.isError))
      toast.show({ type: 'success', message: t('refreshed'), duration: ADMIN_TOAST_MS });
  };

  return (
    <section className="dash" aria-labelledby="dash-title">
      <PageHeader
        titleId="dash-title"
        title={t('title')}
        subtitle={
          <>
            {updatedAt > 0 ? t('lastUpdated', { time: formatTime(updatedAt) }) : t('subtitle')}
            {' · '}
            {t('autoRefresh')}
          </>
        }
        actions={
          <Button variant="secondary" loading={refreshing} onClick={() => void handleRefresh()}>
            {refreshing ? t('refreshing') : t('refresh')}
          </Button>
        }
      />

      {maintenance.data === true && (
        <div className="dash-alert dash-alert--warning" role="status">
          <strong>{t('maintenance.title')}</strong>
          <span>{t('maintenance.message')}</span>
          <Link to="/admin/settings">{t('maintenance.link')}</Link>
        </div>
      )}

      {errors.length > 0 && (
        <div className="dash-alert dash-alert--error" role="alert">
          <strong>{t('errors.title')}</strong>
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void handleRefresh()}
            disabled={refreshing}
          >
            {t('errors.retry')}
          </Button>
        </div>
      )}

      <GoLiveChecklist checklist={goLive.data} />

      <StatCards stats={stats.data} />

      <div className="dash-grid">
        <RecentActivity
          calls={recent.data ? pickRecentActivity(recent.data) : undefined}
          now={recent.dataUpdatedAt}
        />
        <TopAdvisors advisors={advisors.data ? pickTopAdvisors(advisors.data) : undefined} />
        <QuickActions />
        <SystemStatusPanel
          status={system.data}
          failed={system.isError}
          loading={system.isPending}
          checking={system.isFetching}
          onRetry={() => void system.refetch()}
        />
      </div>
    </section>
  );
}
