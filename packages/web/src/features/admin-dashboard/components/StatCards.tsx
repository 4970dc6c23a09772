import type { CallStats } from '@belleza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';
import { formatRating } from '../utils/dashboard';

type StatCardProps = { label: string; value: ReactNode; details: ReactNode[]; tone: string };

function StatCard({ label, value, details, tone }: StatCardProps) {
  return (
    <li className={`dash-stat dash-stat--${tone}`}>
      <span className="dash-stat__label">{label}</span>
      <span className="dash-stat__value">{value}</span>
      {details.map((detail, i) => (
        <span key={i} className="dash-stat__detail">
          {detail}
        </span>
      ))}
    </li>
  );
}

/** The four cards of the admin dashboard. */
export function StatCards({ stats }: { stats: CallStats | undefined }) {
  const { t } = useTranslation('admin-dashboard');
  const n = (value: number | undefined) => (stats ? value : '—');
  const averageDuration = stats ? formatDuration(stats.averageDuration) : '—';
  return (
    <ul className="dash-stats" aria-label={t('stats.label')}>
      <StatCard
        tone="primary"
        label={t('stats.totalAdvisors')}
        value={n(stats?.totalAdvisors)}
        details={
          stats
            ? [
                t('stats.availableAdvisors', { count: stats.availableAdvisors }),
                t('stats.adminAdvisors', { count: stats.adminAdvisors }),
              ]
            : []
        }
      />
      <StatCard
        tone="info"
        label={t('stats.activeCalls')}
        value={n(stats?.activeCalls)}
        details={stats ? [t('stats.pendingCalls', { count: stats.pendingCalls })] : []}
      />
      <StatCard
        tone="success"
        label={t('stats.completedToday')}
        value={n(stats?.completedToday)}
        details={
          stats
            ? [
                t('stats.callsToday', { count: stats.callsToday }),
                t('stats.averageDuration', { duration: averageDuration }),
              ]
            : []
        }
      />
      <StatCard
        tone="accent"
        label={t('stats.averageRating')}
        value={stats ? (formatRating(stats.averageRating) ?? t('stats.noRating')) : '—'}
        details={
          stats
            ? [
                t('stats.completedCalls', { count: stats.completedCalls }),
                t('stats.averageDuration', { duration: averageDuration }),
              ]
            : []
        }
      />
    </ul>
  );
}
