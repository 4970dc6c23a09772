import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Field, TableSkeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useCallbacks, useMarkCallbackDone, type CallbackFilter } from '../api/calls';
import { ADMIN_TOAST_MS } from '../utils/toasts';

const filters: readonly CallbackFilter[] = ['open', 'done', 'all'];

/**
 * Visitors' callback requests (left when nobody was online), with 'mark done'
 * (docs/product.md#callback-requests).
 */
/** The table's columns, in order (keys under `callbacks.`); the loading skeleton uses them too. */
const CALLBACK_COLUMNS = [
  'name',
  'phone',
  'preferredTime',
  'message',
  'createdAt',
  'status',
  'actions',
] as const;

export function CallbacksPanel() {
  const { t } = useTranslation('admin-calls');
  const [status, setStatus] = useState<CallbackFilter>('open');
  const callbacks = useCallbacks(status);
  const markDone = useMarkCallbackDone();
  const [doneId, setDoneId] = useState<string | null>(null);

  const handleDone = (callbackId: string) => {
    setDoneId(callbackId);
    markDone.mutate(callbackId, {
      onSuccess: () =>
        toast.success(t('toasts.successTitle'), t('toasts.callbackDone'), {
          duration: ADMIN_TOAST_MS,
        }),
      onError: (error) =>
        toast.error(t('toasts.callbackFailed'), errorMessage(error), { duration: ADMIN_TOAST_MS }),
      onSettled: () => setDoneId(null),
    });
  };

  const items = callbacks.data ?? [];
  return (
    <section className="ac-callbacks" aria-labelledby="ac-callbacks-title">
      <header className="ac-section-header">
        <div>
          <h3 id="ac-callbacks-title">{t('callbacks.title')}</h3>
          <p className="ac-muted">{t('callbacks.description')}</p>
        </div>
        <Field label={t('callbacks.filter')} className="ac-callbacks__filter">
          {(control) => (
            <select
              {...control}
              className="select"
              value={status}
              onChange={(e) => setStatus(e.target.value as CallbackFilter)}
            >
              {filters.map((f) => (
                <option key={f} value={f}>
                  {t(`callbacks.${f}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </header>

      {callbacks.isPending && (
        <TableSkeleton
          tableClassName="admin-table ac-table"
          columns={CALLBACK_COLUMNS.map((column) => t(`callbacks.${column}`))}
          rows={3}
          label={t('callbacks.loading')}
        />
      )}
      {callbacks.isError && (
        <div className="admin-error" role="alert">
          <p>
            <strong>{t('callbacks.loadError')}</strong> {errorMessage(callbacks.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void callbacks.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {callbacks.isSuccess && items.length === 0 && (
        <p className="admin-empty">
          {status === 'open' ? t('callbacks.emptyOpen') : t('callbacks.empty')}
        </p>
      )}
      {items.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table ac-table">
            <caption className="visually-hidden">{t('callbacks.caption')}</caption>
            <thead>
              <tr>
                {CALLBACK_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`callbacks.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((cb) => (
                <tr key={cb.callbackId}>
                  <th scope="row">{cb.name}</th>
                  <td>
                    <a href={`tel:${cb.phone.replace(/[^\d+]/g, '')}`}>{cb.phone}</a>
                  </td>
                  <td>
                    {cb.preferredTime || (
                      <span className="ac-muted">{t('callbacks.noPreference')}</span>
                    )}
                  </td>
                  <td className="ac-table__message">{cb.message}</td>
                  <td>
                    <time dateTime={cb.createdAt} title={formatDateTime(cb.createdAt)}>
                      {formatDateTime(cb.createdAt)}
                    </time>
                    <span className="ac-table__sub">{formatRelative(cb.createdAt)}</span>
                  </td>
                  <td>
                    <Badge tone={cb.status === 'open' ? 'warning' : 'success'} dot>
                      {t(cb.status === 'open' ? 'callbacks.statusOpen' : 'callbacks.statusDone')}
                    </Badge>
                    {cb.doneAt && (
                      <span className="ac-table__sub">
                        {t('callbacks.doneAt', { time: formatDateTime(cb.doneAt) })}
                      </span>
                    )}
                  </td>
                  <td>
                    {cb.status === 'open' && (
                      <Button
                        size="sm"
                        loading={doneId === cb.callbackId}
                        disabled={doneId !== null && doneId !== cb.callbackId}
                        onClick={() => handleDone(cb.callbackId)}
                      >
                        {t('actions.markDone')}
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
