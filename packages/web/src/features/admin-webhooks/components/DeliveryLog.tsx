/**
 * The delivery log: each event sent to each endpoint, newest first, with its state, attempts,
 * the receiver's last answer and the next attempt; a failed one has 'Reintentar'.
 */
import {
  webhookDeliveryStatuses,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@belleza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, TableSkeleton, toast, type BadgeTone } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { retryDelivery, useDeliveries, useWebhookMutation } from '../api/webhooks';

const COLUMNS = [
  'event',
  'endpoint',
  'status',
  'attempts',
  'lastAnswer',
  'next',
  'actions',
] as const;
const TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

export function DeliveryLog({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation('admin-webhooks');
  const filterId = useId();
  const [status, setStatus] = useState<WebhookDeliveryStatus | 'all'>('all');
  const list = useDeliveries(status);
  const retry = useWebhookMutation(retryDelivery);
  const hostOf = (endpointId: string) => {
    const url = endpoints.find((e) => e.endpointId === endpointId)?.url;
    if (!url) return '—';
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  };
  const lastAnswer = (d: WebhookDelivery) =>
    d.lastStatusCode !== null
      ? t('log.code', { code: d.lastStatusCode })
      : d.lastError
        ? t(`log.errors.${d.lastError}`, { defaultValue: d.lastError })
        : '—';
  const items = list.data;

  return (
    <section className="aw-log" aria-labelledby={`${filterId}-title`}>
      <div className="aw-log__head">
        <h3 id={`${filterId}-title`}>{t('log.title')}</h3>
        <div className="aw-log__tools">
          <label htmlFor={filterId}>{t('log.filter')}</label>
          <select
            id={filterId}
            className="select"
            value={status}
            onChange={(e) => setStatus(e.target.value as WebhookDeliveryStatus | 'all')}
          >
            <option value="all">{t('log.all')}</option>
            {webhookDeliveryStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`log.status.${s}`)}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('actions.refresh')}
          </Button>
        </div>
      </div>
      {list.isError && (
        <div className="admin-error" role="alert">
          <p>{errorMessage(list.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {list.isPending && (
        <TableSkeleton
          tableClassName="admin-table"
          columns={COLUMNS.map((c) => t(`log.table.${c}`))}
          label={t('loading')}
        />
      )}
      {items && items.length === 0 && <p className="admin-empty">{t('log.empty')}</p>}
      {items && items.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {t(`log.table.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.deliveryId}>
                  <th scope="row">
                    {t(`events.${d.eventType}`)}
                    <span className="aw-sub">{formatDateTime(d.createdAt)}</span>
                  </th>
                  <td>{hostOf(d.endpointId)}</td>
                  <td>
                    <Badge tone={TONES[d.status]}>{t(`log.status.${d.status}`)}</Badge>
                  </td>
                  <td>{d.attempts}</td>
                  <td>{lastAnswer(d)}</td>
                  <td>{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'}</td>
                  <td>
                    {d.status === 'failed' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('log.retryNamed', { event: t(`events.${d.eventType}`) })}
                        loading={retry.isPending && retry.variables?.[0] === d.deliveryId}
                        onClick={() =>
                          retry.mutate([d.deliveryId], {
                            onSuccess: () => toast.success(t('log.retried'), t('log.retriedText')),
                            onError: (err) => toast.error(t('log.retryFailed'), errorMessage(err)),
                          })
                        }
                      >
                        {t('log.retry')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
