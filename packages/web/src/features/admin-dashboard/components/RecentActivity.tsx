import type { Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, Card } from '@/components/ui';
import { formatDuration, formatRelative } from '@/lib/format';
import { activityTime } from '../utils/dashboard';

/** The most recent completed or cancelled calls, 'Ver más' to the calls page. */
export function RecentActivity({ calls, now }: { calls: Call[] | undefined; now: number }) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Card
      title={t('recent.title')}
      aria-label={t('recent.title')}
      className="dash-panel"
      actions={
        <Link className="btn btn--ghost btn--sm" to="/admin/calls">
          {t('recent.more')}
        </Link>
      }
    >
      {calls && calls.length === 0 && <p className="dash-empty">{t('recent.empty')}</p>}
      {calls && calls.length > 0 && (
        <ul className="dash-list">
          {calls.map((call) => {
            const advisorName = call.advisorInfo?.name ?? call.advisor?.name;
            return (
              <li key={call.callId} className="dash-list__item">
                <div className="dash-list__main">
                  <span className="dash-list__title">
                    {call.clientInfo.name.trim() || t('recent.clientFallback')}
                  </span>
                  <span className="dash-list__meta">
                    {advisorName
                      ? t('recent.withAdvisor', { name: advisorName })
                      : t('recent.noAdvisor')}
                    {' · '}
                    {formatRelative(activityTime(call), now)}
                  </span>
                </div>
                <div className="dash-list__side">
                  <Badge tone={call.status === 'completed' ? 'success' : 'danger'}>
                    {t(`recent.status.${call.status}`)}
                  </Badge>
                  {call.status === 'completed' && call.duration !== null && (
                    <span className="dash-list__meta">{formatDuration(call.duration)}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
