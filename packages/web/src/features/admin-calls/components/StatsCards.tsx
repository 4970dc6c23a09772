import type { CallStats } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, CardsSkeleton } from '@/components/ui';
import { formatDuration } from '@/lib/format';

type StatProps = { label: string; value: string | number; hint?: string };

function Stat({ label, value, hint }: StatProps) {
  return (
    <div className="ac-stat">
      <p className="ac-stat__label">{label}</p>
      <p className="ac-stat__value">{value}</p>
      {hint && <p className="ac-stat__hint">{hint}</p>}
    </div>
  );
}

export type StatsCardsProps = {
  stats: CallStats | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
};

/** How many figures the section shows (the loading placeholder has as many). */
const STAT_COUNT = 6;

/** The figures above the history (GET /api/calls/stats). */
export function StatsCards({ stats, isLoading, isError, onRetry }: StatsCardsProps) {
  const { t } = useTranslation('admin-calls');
  if (isError && !stats) {
    return (
      <div className="admin-error" role="alert">
        <p>{t('stats.loadError')}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  if (isLoading || !stats) {
    return (
      <CardsSkeleton
        count={STAT_COUNT}
        className="ac-stats"
        cardClassName="ac-stat"
        label={t('stats.loading')}
      />
    );
  }
  return (
    <section className="ac-stats" aria-label={t('stats.label')}>
      <Stat
        label={t('stats.total')}
        value={stats.totalCalls}
        hint={t('stats.today', { count: stats.callsToday })}
      />
      <Stat
        label={t('stats.active')}
        value={stats.activeCalls}
        hint={t('stats.pending', { count: stats.pendingCalls })}
      />
      <Stat
        label={t('stats.completed')}
        value={stats.completedCalls}
        hint={t('stats.completedToday', { count: stats.completedToday })}
      />
      <Stat label={t('stats.cancelled')} value={stats.cancelledCalls} />
      <Stat
        label={t('stats.averageDuration')}
        value={formatDuration(stats.averageDuration)}
        hint={t('stats.totalDuration', { duration: formatDuration(stats.totalDuration) })}
      />
      <Stat
        label={t('stats.averageRating')}
        value={
          stats.averageRating > 0 ? `${stats.averageRating.toFixed(1)} ★` : t('stats.notAvailable')
        }
      />
    </section>
  );
}
