/** Small pieces of the advisor dashboard: stat cards, session info, error banner, realtime state. */
import type { AdvisorDashboard } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui';
import { formatDateTime, formatDuration } from '@/lib/format';
import type { RealtimeStatus } from '../hooks/use-advisor-socket';

export function StatCards({ stats }: { stats: AdvisorDashboard['todayStats'] | undefined }) {
  const { t } = useTranslation('advisor');
  const rating =
    stats && stats.averageRating > 0 ? stats.averageRating.toFixed(1) : t('stats.noRating');
  const items = [
    {
      key: 'callsAnswered',
      label: t('stats.callsAnswered'),
      value: String(stats?.callsAnswered ?? 0),
    },
    {
      key: 'averageCallTime',
      label: t('stats.averageCallTime'),
      value: formatDuration(stats?.averageCallTime ?? 0),
    },
    { key: 'averageRating', label: t('stats.averageRating'), value: rating },
  ];
  return (
    <section className="advisor-stats" aria-label={t('stats.title')}>
      {items.map((item) => (
        <div key={item.key} className="advisor-stat">
          <p className="advisor-stat__label">{item.label}</p>
          <p className="advisor-stat__value">{item.value}</p>
        </div>
      ))}
    </section>
  );
}

export const SESSION_TICK_MS = 30_000;

export function SessionInfo({
  startedAt,
  soundEnabled,
}: {
  startedAt: number;
  soundEnabled: boolean;
}) {
  const { t } = useTranslation('advisor');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), SESSION_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const minutes = Math.max(0, Math.floor((now - startedAt) / 60_000));
  return (
    <Card className="advisor-session" title={t('session.title')}>
      <dl className="advisor-session__facts">
        <div>
          <dt>{t('session.start')}</dt>
          <dd>{formatDateTime(startedAt)}</dd>
        </div>
        <div>
          <dt>{t('session.activeTime')}</dt>
          <dd>
            {t('session.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
          </dd>
        </div>
        <div>
          <dt>{t('session.sound')}</dt>
          <dd>{soundEnabled ? t('session.soundOn') : t('session.soundOff')}</dd>
        </div>
      </dl>
    </Card>
  );
}

export type BannerError = { message: string; detail?: string | undefined };

export function ErrorBanner({ error, onDismiss }: { error: BannerError; onDismiss: () => void }) {
  const { t } = useTranslation('advisor');
  return (
    <div className="advisor-error" role="alert">
      <div>
        <p className="advisor-error__message">{error.message}</p>
        {error.detail && error.detail !== error.message && (
          <p className="advisor-error__detail">{error.detail}</p>
        )}
      </div>
      <button
        type="button"
        className="advisor-error__close"
        aria-label={t('errors.dismiss')}
        onClick={onDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function RealtimeIndicator({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation('advisor');
  const text =
    status === 'connected'
      ? t('realtime.connected')
      : status === 'connecting'
        ? t('realtime.connecting')
        : t('realtime.down');
  return (
    <p className={`advisor-realtime advisor-realtime--${status}`} role="status">
      <span className="advisor-realtime__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
