import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, PageHeader, toast } from '@/components/ui';
import { adminCallsKeys, useCallbacks, useCallStats } from './api/calls';
import { CallbacksPanel } from './components/CallbacksPanel';
import { CallsHistory } from './components/CallsHistory';
import { StatsCards } from './components/StatsCards';
import {
  readFilters,
  readPage,
  readView,
  writeParams,
  type CallFilters,
  type CallsView,
} from './utils/filters';
import { ADMIN_TOAST_MS } from './utils/toasts';
import './admin-calls.css';
import '@/styles/admin-states.css';

const views: readonly CallsView[] = ['calls', 'callbacks'];

/**
 * Admin calls (docs/product.md#admin-calls): stat cards, the call history and the visitors'
 * callback requests.
 */
export function AdminCallsPage() {
  const { t } = useTranslation(['admin', 'admin-calls']);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const view = readView(params);
  const filters = readFilters(params);
  const page = readPage(params);
  const stats = useCallStats();
  const openCallbacks = useCallbacks('open');
  const fetching = useIsFetching({ queryKey: adminCallsKeys.all }) > 0;
  const tabRefs = useRef<Record<CallsView, HTMLButtonElement | null>>({
    calls: null,
    callbacks: null,
  });

  const go = useCallback(
    (next: { view?: CallsView; filters?: CallFilters; page?: number }) => {
      setParams((current) =>
        writeParams(
          next.view ?? readView(current),
          next.filters ?? readFilters(current),
          next.page ?? (next.filters ? 1 : readPage(current)),
        ),
      );
    },
    [setParams],
  );
  const onFilters = useCallback((f: CallFilters) => go({ filters: f, page: 1 }), [go]);
  const onPage = useCallback((p: number) => go({ page: p }), [go]);

  const reload = async () => {
    await queryClient.refetchQueries({ queryKey: adminCallsKeys.all, type: 'active' });
    const failed = queryClient
      .getQueryCache()
      .findAll({ queryKey: adminCallsKeys.all, type: 'active' })
      .some((q) => q.state.status === 'error');
    if (failed)
      toast.error(t('admin-calls:toasts.errorTitle'), t('admin-calls:toasts.loadFailed'), {
        duration: ADMIN_TOAST_MS,
      });
    else
      toast.success(t('admin-calls:toasts.successTitle'), t('admin-calls:toasts.reloaded'), {
        duration: ADMIN_TOAST_MS,
      });
  };

  // WAI-ARIA tabs: arrow keys move between the two tabs.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = views[(views.indexOf(view) + 1) % views.length] ?? 'calls';
    go({ view: next, page: 1 });
    tabRefs.current[next]?.focus();
  };

  const openCount = openCallbacks.data?.length ?? 0;
  return (
    <section className="ac-page" aria-labelledby="ac-page-title">
      <PageHeader
        titleId="ac-page-title"
        title={t('admin:calls.title')}
        actions={
          <Button variant="secondary" onClick={() => void reload()} loading={fetching}>
            {fetching ? t('admin-calls:actions.reloading') : t('admin-calls:actions.reload')}
          </Button>
        }
      />

      <StatsCards
        stats={stats.data}
        isLoading={stats.isPending}
        isError={stats.isError}
        onRetry={() => void stats.refetch()}
      />

      <div className="ac-tabs" role="tablist" aria-label={t('admin-calls:tabs.label')}>
        {views.map((v) => (
          <button
            key={v}
            ref={(el) => {
              tabRefs.current[v] = el;
            }}
            type="button"
            role="tab"
            id={`ac-tab-${v}`}
            aria-selected={view === v}
            aria-controls={`ac-panel-${v}`}
            tabIndex={view === v ? 0 : -1}
            className="ac-tabs__tab"
            onClick={() => go({ view: v, page: 1 })}
            onKeyDown={onTabKey}
          >
            {v === 'calls'
              ? t('admin-calls:tabs.calls')
              : openCount > 0
                ? t('admin-calls:tabs.callbacksWithCount', { count: openCount })
                : t('admin-calls:tabs.callbacks')}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`ac-panel-${view}`}
        aria-labelledby={`ac-tab-${view}`}
        className="ac-panel"
      >
        {view === 'calls' ? (
          <CallsHistory filters={filters} page={page} onFilters={onFilters} onPage={onPage} />
        ) : (
          <CallbacksPanel />
        )}
      </div>
    </section>
  );
}
