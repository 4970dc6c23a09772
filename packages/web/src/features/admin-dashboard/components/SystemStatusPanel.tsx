import type { SystemStatus } from '@belleza/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Spinner } from '@/components/ui';

type Item = {
  key: keyof SystemStatus;
  ok: boolean;
  /** What the component is (provider, dialect, presence), shown when it works. */
  info: string | null;
  reason: string | null;
  /** The server's own (English) detail, kept as a tooltip for whoever debugs. */
  detail: string | null;
};

const knownReasons = new Set([
  'unreachable',
  'timeout',
  'not_configured',
  'settings_unreadable',
  'presence_unreadable',
]);

function reasonText(t: TFunction<'admin-dashboard'>, reason: string | null): string {
  if (reason && knownReasons.has(reason)) return t(`system.reasons.${reason}`);
  return t('system.reasons.unknown', { reason: reason ?? '?' });
}

function toItems(status: SystemStatus, t: TFunction<'admin-dashboard'>): Item[] {
  const { backend, database, redis, video, websocket } = status;
  return [
    { key: 'backend', ok: backend.ok, info: null, reason: backend.reason, detail: backend.detail },
    {
      key: 'database',
      ok: database.ok,
      info: t(`system.dialect.${database.dialect}`),
      reason: database.reason,
      detail: database.detail,
    },
    {
      key: 'redis',
      ok: redis.ok,
      info: redis.configured ? null : t('system.redisSingle'),
      reason: redis.reason,
      detail: redis.detail,
    },
    {
      key: 'video',
      ok: video.ok,
      info: t(`system.provider.${video.provider}`),
      reason: video.reason,
      detail: video.detail,
    },
    {
      key: 'websocket',
      ok: websocket.ok,
      info: t('system.connectedAdvisors', { count: websocket.connectedAdvisors }),
      reason: websocket.reason,
      detail: websocket.detail,
    },
  ];
}

export type SystemStatusPanelProps = {
  status: SystemStatus | undefined;
  failed: boolean;
  loading: boolean;
};

/** Live status of each component (beyond SPEC's fixed 'OK'): each not-OK item says why. */
export function SystemStatusPanel({ status, failed, loading }: SystemStatusPanelProps) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Card title={t('system.title')} aria-label={t('system.title')} className="dash-panel">
      {loading && !status && <Spinner label={t('system.checking')} />}
      {failed && !status && (
        <p className="dash-alert dash-alert--error" role="alert">
          {t('system.loadFailed')}
        </p>
      )}
      {status && (
        <ul className="dash-system">
          {toItems(status, t).map((item) => (
            <li
              key={item.key}
              className={`dash-system__item${item.ok ? '' : ' dash-system__item--down'}`}
              title={item.detail ?? undefined}
            >
              <span className="dash-system__name">{t(`system.items.${item.key}`)}</span>
              <span className="dash-system__info">
                {item.ok ? item.info : reasonText(t, item.reason)}
              </span>
              <Badge tone={item.ok ? 'success' : 'danger'} dot>
                {item.ok ? t('system.ok') : t('system.error')}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
