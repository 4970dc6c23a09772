import type { Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from '@/components/ui';
import { formatDateTime, formatDuration } from '@/lib/format';
import { clientNameOf, statusKey, statusTone } from '../utils/labels';
import { CopyButton } from './CopyButton';

export type CallAction = 'details' | 'join' | 'end' | 'cancel';

export type CallsTableProps = {
  calls: readonly Call[];
  onAction: (action: CallAction, call: Call) => void;
};

/**
 * Which actions a row offers (docs/product.md#admin-calls): cancel a pending call, join or end an
 * active one.
 */
export function actionsFor(call: Call): CallAction[] {
  switch (call.status) {
    case 'pending':
      return ['details', 'cancel'];
    case 'active':
    case 'accepted':
      return ['details', 'join', 'end'];
    case 'completed':
    case 'cancelled':
      return ['details'];
  }
}

const shortId = (id: string) => (id.length > 12 ? `…${id.slice(-8)}` : id);

/** The table's columns, in order (keys under `table.` in the locale); the loading skeleton uses them too. */
export const CALL_COLUMNS = [
  'client',
  'advisor',
  'status',
  'requestedAt',
  'duration',
  'rating',
  'id',
  'actions',
] as const;

export function CallsTable({ calls, onAction }: CallsTableProps) {
  const { t } = useTranslation('admin-calls');
  return (
    <div className="admin-table-wrap">
      <table className="admin-table ac-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            {CALL_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => {
            const advisor = call.advisor?.name ?? call.advisorInfo?.name;
            return (
              <tr key={call.callId}>
                <th scope="row" className="ac-table__client">
                  <span className="ac-table__name">{clientNameOf(call, t)}</span>
                  <span className="ac-table__sub">
                    {call.clientInfo.phone || t('table.noPhone')}
                  </span>
                </th>
                <td>{advisor ?? <span className="ac-muted">{t('table.unassigned')}</span>}</td>
                <td>
                  <Badge tone={statusTone[call.status]} dot>
                    {t(statusKey(call.status))}
                  </Badge>
                </td>
                <td>{formatDateTime(call.requestedAt)}</td>
                <td>{call.duration === null ? '—' : formatDuration(call.duration)}</td>
                <td>{call.rating === null ? '—' : `${call.rating} ★`}</td>
                <td>
                  <span className="ac-table__id">
                    <code title={call.callId}>{shortId(call.callId)}</code>
                    <CopyButton
                      text={call.callId}
                      label={t('table.copyId', { id: shortId(call.callId) })}
                    />
                  </span>
                </td>
                <td>
                  <div
                    className="ac-table__actions"
                    role="group"
                    aria-label={t('table.actionsFor', { id: call.callId })}
                  >
                    {actionsFor(call).map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={
                          action === 'end' || action === 'cancel'
                            ? 'danger'
                            : action === 'join'
                              ? 'primary'
                              : 'secondary'
                        }
                        onClick={() => onAction(action, call)}
                      >
                        {t(`actions.${action}`)}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
