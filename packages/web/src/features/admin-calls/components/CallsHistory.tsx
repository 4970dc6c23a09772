import { DEFAULT_ADMIN_CANCEL_REASON, type Call } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, TableSkeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { fetchAllCalls, useCallsPage, useCancelCall, useEndCall } from '../api/calls';
import { buildCallsCsv, csvFileName } from '../utils/csv';
import { downloadText } from '../utils/download';
import { hasFilters, isRangeInverted, type CallFilters } from '../utils/filters';
import { clientNameOf } from '../utils/labels';
import { liveCallPath } from '../utils/live-call';
import { ADMIN_TOAST_MS } from '../utils/toasts';
import { CallDetailsModal } from './CallDetailsModal';
import { CallsFilters } from './CallsFilters';
import { CALL_COLUMNS, CallsTable, type CallAction } from './CallsTable';
import { ConfirmDialog } from './ConfirmDialog';
import { Pagination, pageCount } from './Pagination';

export const CALLS_PAGE_SIZE = 20;

export type CallsHistoryProps = {
  filters: CallFilters;
  page: number;
  onFilters: (filters: CallFilters) => void;
  onPage: (page: number) => void;
};

type Pending = { kind: 'end' | 'cancel'; call: Call } | null;

/** History table: server-side filters and pages, row actions with confirmations, CSV export. */
export function CallsHistory({ filters, page, onFilters, onPage }: CallsHistoryProps) {
  const { t } = useTranslation('admin-calls');
  const navigate = useNavigate();
  const inverted = isRangeInverted(filters);
  const list = useCallsPage(filters, page, CALLS_PAGE_SIZE, !inverted);
  const endCall = useEndCall();
  const cancelCall = useCancelCall();
  const [confirming, setConfirming] = useState<Pending>(null);
  const [reason, setReason] = useState(DEFAULT_ADMIN_CANCEL_REASON);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // A page past the end (calls changed status, or an old link): show the last page instead.
  const total = list.data?.total;
  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    const last = pageCount(total, CALLS_PAGE_SIZE);
    if (page > last) onPage(last);
  }, [total, page, onPage, list.isPlaceholderData]);

  const handleJoin = (call: Call) => {
    // Opened during the click, so no popup blocker interferes; the live-call screen asks for the
    // admin's room token itself.
    const path = liveCallPath(call.callId);
    const tab = window.open(path, '_blank');
    if (tab) tab.opener = null;
    // Blocked anyway: the call opens here, and the screen leads back to the list.
    else void navigate(path);
  };

  const handleAction = (action: CallAction, call: Call) => {
    switch (action) {
      case 'details':
        setDetailsId(call.callId);
        return;
      case 'join':
        handleJoin(call);
        return;
      case 'end':
        setConfirming({ kind: 'end', call });
        return;
      case 'cancel':
        setReason(DEFAULT_ADMIN_CANCEL_REASON);
        setConfirming({ kind: 'cancel', call });
        return;
    }
  };

  const confirm = () => {
    if (!confirming) return;
    const { kind, call } = confirming;
    const close = () => setConfirming(null);
    if (kind === 'end') {
      endCall.mutate(call.callId, {
        onSuccess: () =>
          toast.success(t('toasts.successTitle'), t('toasts.ended'), { duration: ADMIN_TOAST_MS }),
        onError: (error) =>
          toast.error(t('toasts.endFailed'), errorMessage(error), { duration: ADMIN_TOAST_MS }),
        onSettled: close,
      });
    } else {
      cancelCall.mutate(
        { callId: call.callId, reason },
        {
          onSuccess: () =>
            toast.success(t('toasts.successTitle'), t('toasts.cancelled'), {
              duration: ADMIN_TOAST_MS,
            }),
          onError: (error) =>
            toast.error(t('toasts.cancelFailed'), errorMessage(error), {
              duration: ADMIN_TOAST_MS,
            }),
          onSettled: close,
        },
      );
    }
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const result = await fetchAllCalls(filters);
      if (result.calls.length === 0) {
        toast.info(t('toasts.infoTitle'), t('toasts.exportEmpty'), { duration: ADMIN_TOAST_MS });
        return;
      }
      downloadText(buildCallsCsv(result.calls, t), csvFileName(), 'text/csv;charset=utf-8');
      if (result.truncated)
        toast.warning(
          t('toasts.warningTitle'),
          t('toasts.exportTruncated', { count: result.calls.length, total: result.total }),
          { duration: ADMIN_TOAST_MS * 2 },
        );
      else
        toast.success(
          t('toasts.successTitle'),
          t('toasts.exported', { count: result.calls.length }),
          {
            duration: ADMIN_TOAST_MS,
          },
        );
    } catch (error) {
      toast.error(t('toasts.exportFailed'), errorMessage(error), { duration: ADMIN_TOAST_MS });
    } finally {
      setExporting(false);
    }
  };

  const data = list.data;
  const busy = endCall.isPending || cancelCall.isPending;
  const client = confirming ? clientNameOf(confirming.call, t) : '';

  return (
    <section className="ac-history" aria-labelledby="ac-history-title">
      <header className="ac-section-header">
        <h3 id="ac-history-title">{t('table.caption')}</h3>
        <Button
          variant="secondary"
          onClick={() => void handleExport()}
          loading={exporting}
          disabled={inverted || !data || data.total === 0}
        >
          {exporting ? t('actions.exporting') : t('actions.export')}
        </Button>
      </header>
      <CallsFilters filters={filters} onChange={onFilters} />

      {list.isError && (
        <div className="admin-error" role="alert">
          <p>
            <strong>{t('list.loadError')}</strong> {errorMessage(list.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {!inverted && list.isPending && (
        <TableSkeleton
          tableClassName="admin-table ac-table"
          columns={CALL_COLUMNS.map((column) => t(`table.${column}`))}
          label={t('list.loading')}
        />
      )}
      {data && data.items.length === 0 && !list.isError && (
        <p className="admin-empty">{hasFilters(filters) ? t('empty.filtered') : t('empty.none')}</p>
      )}
      {data && data.items.length > 0 && !inverted && (
        <div aria-busy={list.isFetching || undefined}>
          <CallsTable calls={data.items} onAction={handleAction} />
          <Pagination
            page={data.page}
            pageSize={CALLS_PAGE_SIZE}
            total={data.total}
            disabled={list.isPlaceholderData}
            onPage={onPage}
          />
        </div>
      )}

      <ConfirmDialog
        open={confirming?.kind === 'end'}
        title={t('confirmEnd.title')}
        message={t('confirmEnd.message', { client })}
        confirmLabel={t('confirmEnd.confirm')}
        busy={busy}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming?.kind === 'cancel'}
        title={t('confirmCancel.title')}
        message={t('confirmCancel.message', { client })}
        confirmLabel={t('confirmCancel.confirm')}
        busy={busy}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        <label className="ac-confirm__reason">
          <span className="field__label">{t('confirmCancel.reason')}</span>
          <textarea
            className="input"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      </ConfirmDialog>
      <CallDetailsModal callId={detailsId} onClose={() => setDetailsId(null)} />
    </section>
  );
}
