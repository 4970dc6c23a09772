import { advisorPresences, type Advisor, type AdvisorStatus } from '@belleza/contract';
import { useMutationState } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, PageHeader, Field, TableSkeleton, toast } from '@/components/ui';
import { useAuth } from '@/lib/auth-store';
import { useAdvisorList } from './api/get-advisors';
import {
  setStatusMutationKey,
  useSetAdvisorStatus,
  type SetStatusInput,
} from './api/set-advisor-status';
import { AdvisorFormModal } from './components/AdvisorFormModal';
import { useSetAdvisorSuspension } from './api/set-advisor-suspension';
import { ADVISOR_COLUMNS, AdvisorsTable } from './components/AdvisorsTable';
import { DeleteAdvisorDialog } from './components/DeleteAdvisorDialog';
import { refusalMessage } from './utils/refusal';
import {
  countAdvisors,
  filterAdvisors,
  sortAdvisors,
  type AdvisorFilters,
} from './utils/filter-advisors';
import { ADMIN_TOAST_MS } from './utils/toasts';
import './admin-advisors.css';
import '@/styles/admin-states.css';

/** `/admin/advisors?new=1` (the dashboard's add-advisor links) opens the create form at once. */
export const CREATE_PARAM = 'new';

type FormState = { mode: 'create'; seq: number } | { mode: 'edit'; advisor: Advisor; seq: number };

/**
 * Advisor management (docs/product.md#admin-advisors): counts, search, status filter, table,
 * create/edit/delete.
 */
export function AdminAdvisorsPage() {
  const { t } = useTranslation('admin-advisors');
  const { advisor: me } = useAuth();
  const list = useAdvisorList();
  const setStatus = useSetAdvisorStatus();
  const setSuspension = useSetAdvisorSuspension();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<AdvisorFilters>({ search: '', status: 'all' });
  const [form, setForm] = useState<FormState | null>(() =>
    searchParams.has(CREATE_PARAM) ? { mode: 'create', seq: 0 } : null,
  );
  const [toDelete, setToDelete] = useState<Advisor | null>(null);

  // The create link is a one-shot: reloading the page must not open the form again.
  const wantsCreate = searchParams.has(CREATE_PARAM);
  useEffect(() => {
    if (wantsCreate) setSearchParams({}, { replace: true });
  }, [wantsCreate, setSearchParams]);

  const pendingStatusIds = new Set(
    useMutationState({
      filters: { mutationKey: setStatusMutationKey, status: 'pending' },
      select: (mutation) =>
        (mutation.state.variables as SetStatusInput | undefined)?.advisorId ?? '',
    }),
  );

  const handleStatusChange = (advisor: Advisor, status: AdvisorStatus) => {
    setStatus.mutate(
      { advisorId: advisor.advisorId, status },
      {
        onSuccess: (updated) =>
          toast.show({
            type: 'success',
            message: t('toasts.statusUpdated', {
              name: updated.name,
              status: t(`status.${updated.status}`),
            }),
            duration: ADMIN_TOAST_MS,
          }),
        onError: (error) =>
          toast.show({
            type: 'error',
            title: t('toasts.statusFailed'),
            message: refusalMessage(error, t('errors:defaults.updateStatus')),
            duration: ADMIN_TOAST_MS,
          }),
      },
    );
  };

  const handleSuspend = (advisor: Advisor, suspended: boolean) => {
    setSuspension.mutate(
      { advisorId: advisor.advisorId, suspended },
      {
        onSuccess: (updated) =>
          toast.show({
            type: 'success',
            message: t(updated.suspended ? 'toasts.suspended' : 'toasts.unsuspended', {
              name: updated.name,
            }),
            duration: ADMIN_TOAST_MS,
          }),
        onError: (error) =>
          toast.show({
            type: 'error',
            title: t('toasts.suspendFailed'),
            message: refusalMessage(error, t('errors:defaults.updateStatus')),
            duration: ADMIN_TOAST_MS,
          }),
      },
    );
  };

  const advisors = list.data ?? [];
  const counts = countAdvisors(advisors);
  const visible = sortAdvisors(filterAdvisors(advisors, filters));
  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  const openCreate = () => setForm((f) => ({ mode: 'create', seq: (f?.seq ?? 0) + 1 }));

  const countItems = [
    { key: 'total', value: counts.totalAdvisors },
    { key: 'available', value: counts.availableAdvisors },
    { key: 'busy', value: counts.busyAdvisors },
    { key: 'offline', value: counts.offlineAdvisors },
    { key: 'admins', value: counts.adminAdvisors },
  ] as const;

  return (
    <section className="adv" aria-labelledby="adv-title">
      <PageHeader
        titleId="adv-title"
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<Button onClick={openCreate}>{t('add')}</Button>}
      />

      <ul className="adv-counts" aria-label={t('counts.label')}>
        {countItems.map((item) => (
          <li key={item.key} className={`adv-count adv-count--${item.key}`}>
            <span className="adv-count__value">{list.data ? item.value : '—'}</span>
            <span className="adv-count__label">{t(`counts.${item.key}`)}</span>
          </li>
        ))}
      </ul>

      <div className="adv-filters" role="search" aria-label={t('filters.label')}>
        <Field label={t('filters.search')} className="adv-filters__search">
          {(control) => (
            <input
              type="search"
              className="input"
              {...control}
              required={undefined}
              placeholder={t('filters.searchPlaceholder')}
              value={filters.search}
              onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
            />
          )}
        </Field>
        <Field label={t('filters.status')}>
          {(control) => (
            <select
              className="select"
              {...control}
              required={undefined}
              value={filters.status}
              onChange={(e) => {
                const chosen = advisorPresences.find((p) => p === e.target.value);
                setFilters((f) => ({ ...f, status: chosen ?? 'all' }));
              }}
            >
              <option value="all">{t('filters.all')}</option>
              {advisorPresences.map((presence) => (
                <option key={presence} value={presence}>
                  {t(`presence.${presence}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {filtered && (
          <Button variant="ghost" onClick={() => setFilters({ search: '', status: 'all' })}>
            {t('filters.clear')}
          </Button>
        )}
      </div>

      {list.isError && (
        <div className="adv-alert adv-alert--error" role="alert">
          <span>{t('loadFailed')}</span>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}

      {list.isPending && (
        <TableSkeleton
          tableClassName="adv-table"
          columns={[...ADVISOR_COLUMNS.map((column) => t(`table.${column}`)), '']}
          label={t('loading')}
        />
      )}

      {list.data && advisors.length === 0 && <p className="admin-empty">{t('empty.none')}</p>}
      {list.data && advisors.length > 0 && visible.length === 0 && (
        <p className="admin-empty">{t('empty.filtered')}</p>
      )}
      {visible.length > 0 && (
        <>
          {filtered && (
            <p className="adv-showing" aria-live="polite">
              {t('filters.showing', { count: visible.length, total: advisors.length })}
            </p>
          )}
          <AdvisorsTable
            advisors={visible}
            currentAdvisorId={me?.advisorId ?? null}
            pendingStatusIds={pendingStatusIds}
            onStatusChange={handleStatusChange}
            onEdit={(advisor) =>
              setForm((f) => ({ mode: 'edit', advisor, seq: (f?.seq ?? 0) + 1 }))
            }
            onDelete={setToDelete}
            onSuspend={handleSuspend}
          />
        </>
      )}

      {form && (
        <AdvisorFormModal
          key={form.seq}
          advisor={form.mode === 'edit' ? form.advisor : undefined}
          onClose={() => setForm(null)}
        />
      )}
      {toDelete && (
        <DeleteAdvisorDialog
          key={toDelete.advisorId}
          advisor={toDelete}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  );
}
