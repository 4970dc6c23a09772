/**
 * Admin → Webhooks (docs/product.md#webhooks): the addresses where the salon's CRM hears of calls,
 * plans and bookings, each with its events, on/off state and masked secret; below, the delivery
 * log with the retry of a failed delivery.
 */
import type { WebhookEndpoint } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, PageHeader, TableSkeleton, toast, ConfirmDelete } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import {
  createEndpoint,
  deleteEndpoint,
  updateEndpoint,
  useEndpoints,
  useWebhookMutation,
} from './api/webhooks';
import { DeliveryLog } from './components/DeliveryLog';
import { EndpointFormModal } from './components/EndpointFormModal';
import { SecretNotice } from './components/SecretNotice';
import './admin-webhooks.css';
import '@/styles/admin-states.css';

const COLUMNS = ['url', 'events', 'state', 'secret', 'queue', 'actions'] as const;

export function AdminWebhooksPage() {
  const { t } = useTranslation('admin-webhooks');
  const list = useEndpoints();
  const create = useWebhookMutation(createEndpoint);
  const update = useWebhookMutation(updateEndpoint);
  const remove = useWebhookMutation(deleteEndpoint);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const items = list.data;

  return (
    <section className="aw-page" aria-labelledby="aw-title">
      <PageHeader
        titleId="aw-title"
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      />
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
          columns={COLUMNS.map((c) => t(`table.${c}`))}
          label={t('loading')}
        />
      )}
      {items && items.length === 0 && <p className="admin-empty">{t('empty')}</p>}
      {items && items.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {t(`table.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.endpointId}>
                  <th scope="row" className="aw-url">
                    {e.url}
                    {e.description && <span className="aw-sub">{e.description}</span>}
                  </th>
                  <td>
                    <ul className="aw-event-list">
                      {e.events.map((type) => (
                        <li key={type}>{t(`events.${type}`)}</li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <Badge tone={e.enabled ? 'success' : 'neutral'}>
                      {e.enabled ? t('state.on') : t('state.off')}
                    </Badge>
                  </td>
                  <td>
                    <code>{e.secretHint}</code>
                  </td>
                  <td>
                    {t('queue.pending', { count: e.pending })}
                    {e.failed > 0 && (
                      <span className="aw-sub aw-failed">
                        {t('queue.failed', { count: e.failed })}
                      </span>
                    )}
                  </td>
                  <td className="aw-actions">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('actions.editNamed', { name: e.url })}
                      onClick={() => setEditing(e)}
                    >
                      {t('actions.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('actions.deleteNamed', { name: e.url })}
                      onClick={() => setDeleting(e)}
                    >
                      {t('actions.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="aw-note">{t('signatureNote')}</p>
      <DeliveryLog endpoints={items ?? []} />
      {editing && (
        <EndpointFormModal
          endpoint={editing === 'new' ? null : editing}
          onSave={async (body) => {
            const saved =
              editing === 'new'
                ? await create.mutateAsync([body])
                : await update.mutateAsync([editing.endpointId, body]);
            if (saved.secret) setSecret(saved.secret);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {secret && <SecretNotice secret={secret} onClose={() => setSecret(null)} />}
      {deleting && (
        <ConfirmDelete
          title={t('deleteTitle', { name: deleting.url })}
          text={t('deleteText')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate([deleting.endpointId], {
              onError: (err) => toast.error(t('deleteFailed'), errorMessage(err)),
              onSettled: () => setDeleting(null),
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
