import type { SystemStatus } from '@belleza/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Spinner } from '@/components/ui';

/** ok: green; risk: works, but not everywhere (amber); down: not working (red). */
type Health = 'ok' | 'risk' | 'down';

type Item = {
  key: keyof SystemStatus;
  health: Health;
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
  'no_turn',
  'turn_unreachable',
  'turn_refused',
  'turn_failed',
  'email_off',
]);

const health = (c: { ok: boolean; atRisk?: boolean }): Health =>
  !c.ok ? 'down' : c.atRisk ? 'risk' : 'ok';

const BADGE_TONE = { ok: 'success', risk: 'warning', down: 'danger' } as const;

/** What the built-in video says when it works: the TURN allocation time when TURN was checked. */
function videoInfo(t: TFunction<'admin-dashboard'>, video: SystemStatus['video']): string {
  const provider = t(`system.provider.${video.provider}`);
  return video.turn.allocationMs === null
    ? provider
    : t('system.turnOk', { provider, ms: video.turn.allocationMs });
}

function reasonText(t: TFunction<'admin-dashboard'>, reason: string | null): string {
  if (reason && knownReasons.has(reason)) return t(`system.reasons.${reason}`);
  return t('system.reasons.unknown', { reason: reason ?? '?' });
}

function toItems(status: SystemStatus, t: TFunction<'admin-dashboard'>): Item[] {
  const { backend, database, redis, video, email, websocket } = status;
  return [
    {
      key: 'backend',
      health: health(backend),
      info: null,
      reason: backend.reason,
      detail: backend.detail,
    },
    {
      key: 'database',
      health: health(database),
      info: t(`system.dialect.${database.dialect}`),
      reason: database.reason,
      detail: database.detail,
    },
    {
      key: 'redis',
      health: health(redis),
      info: redis.configured ? null : t('system.redisSingle'),
      reason: redis.reason,
      detail: redis.detail,
    },
    {
      key: 'video',
      health: health(video),
      info: videoInfo(t, video),
      reason: video.reason,
      detail: video.detail,
    },
    {
      key: 'email',
      health: health(email),
      // Without SMTP it is amber and says what that costs (reason email_off).
      info: t('system.emailSmtp'),
      reason: email.reason,
      detail: email.detail,
    },
    {
      key: 'websocket',
      health: health(websocket),
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
  /** a check is on its way (the first one or 'Volver a comprobar') */
  checking: boolean;
  onRetry: () => void;
};

/**
 * Live status of each component (docs/product.md#system-status), checked on request: each item that
 * is not OK says why; the built-in video without TURN is 'at risk' (amber): it works on one
 * network, not on phones.
 */
export function SystemStatusPanel({
  status,
  failed,
  loading,
  checking,
  onRetry,
}: SystemStatusPanelProps) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Card title={t('system.title')} aria-label={t('system.title')} className="dash-panel">
      {loading && !status && <Spinner label={t('system.checking')} />}
      {failed && !status && (
        <div className="dash-alert dash-alert--error" role="alert">
          <span>{t('system.loadFailed')}</span>
          <Button size="sm" variant="secondary" loading={checking} onClick={onRetry}>
            {t('system.retry')}
          </Button>
        </div>
      )}
      {status && (
        <ul className="dash-system">
          {toItems(status, t).map((item) => (
            <li
              key={item.key}
              className={`dash-system__item${item.health === 'ok' ? '' : ` dash-system__item--${item.health}`}`}
              title={item.detail ?? undefined}
            >
              <span className="dash-system__name">{t(`system.items.${item.key}`)}</span>
              <span className="dash-system__info">
                {item.health === 'ok' ? item.info : reasonText(t, item.reason)}
              </span>
              <Badge tone={BADGE_TONE[item.health]} dot>
                {t(`system.health.${item.health}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
