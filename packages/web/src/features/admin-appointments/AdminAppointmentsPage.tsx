/**
 * Admin → Citas (docs/product.md#admin-appointments): every booking of a Lima day (or from now on),
 * by advisor and status, with the client's contact, and 'Cancelar' / 'Reasignar' while a booking
 * has not started; one stylist's week beside it, and 'Nueva cita' for the reception desk. Kept
 * live by the page's socket (`appointment:changed`).
 */
import type { StaffAppointment } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, LoadFailed, PageHeader, TableSkeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useCancelAppointment } from './api/cancel-appointment';
import { useAdvisorOptions } from './api/get-advisors';
import { patchAppointmentLists, useAppointments } from './api/get-appointments';
import { AppointmentsFilters } from './components/AppointmentsFilters';
import {
  APPOINTMENT_COLUMNS,
  AppointmentsTable,
  type AppointmentAction,
} from './components/AppointmentsTable';
import { CancelAppointmentDialog } from './components/CancelAppointmentDialog';
import { ReassignDialog } from './components/ReassignDialog';
import { ReceptionDialog } from './components/ReceptionDialog';
import { WeekView, type NewAtDesk } from './components/WeekView';
import { useAppointmentsLive } from './hooks/use-appointments-live';
import {
  hasNarrowingFilters,
  readFilters,
  writeParams,
  type AppointmentFilters,
} from './utils/filters';
import { limaDayOf } from '@/lib/format';
import { ADMIN_TOAST_MS } from './utils/toasts';
import './admin-appointments.css';
import '@/styles/admin-states.css';

/** Actions end when a booking starts: the clock is read again this often. */
export const APPOINTMENTS_PAGE_TICK_MS = 30_000;

type Pending = { kind: AppointmentAction; appointment: StaffAppointment } | null;

export function AdminAppointmentsPage() {
  const { t } = useTranslation(['admin', 'admin-appointments']);
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), APPOINTMENTS_PAGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const today = limaDayOf(now);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, today);
  const onFilters = useCallback(
    (next: AppointmentFilters) => setParams(writeParams(next, today)),
    [setParams, today],
  );

  useAppointmentsLive();
  const list = useAppointments(filters);
  const advisors = useAdvisorOptions();
  const cancel = useCancelAppointment();
  const [pending, setPending] = useState<Pending>(null);
  // The reception dialog: closed (null), or open with what the week view chose (if anything).
  const [desk, setDesk] = useState<{ prefill: NewAtDesk | null } | null>(null);
  const [weekShown, setWeekShown] = useState(false);

  const confirmCancel = (appointment: StaffAppointment) => {
    cancel.mutate(appointment.appointmentId, {
      onSuccess: () =>
        toast.success(
          t('admin-appointments:toasts.successTitle'),
          t('admin-appointments:toasts.cancelled', { name: appointment.clientName }),
          { duration: ADMIN_TOAST_MS },
        ),
      onError: (error) =>
        toast.error(t('admin-appointments:toasts.cancelFailed'), errorMessage(error), {
          duration: ADMIN_TOAST_MS,
        }),
      onSettled: () => setPending(null),
    });
  };

  const data = list.data;
  const empty = hasNarrowingFilters(filters)
    ? t('admin-appointments:empty.filtered')
    : filters.day
      ? t('admin-appointments:empty.day', { date: formatDate(`${filters.day}T12:00:00-05:00`) })
      : t('admin-appointments:empty.upcoming');

  return (
    <section className="aa-page" aria-labelledby="aa-page-title">
      <PageHeader
        titleId="aa-page-title"
        title={t('admin:appointments.title')}
        subtitle={t('admin-appointments:subtitle')}
        actions={
          <>
            <Button
              variant="secondary"
              aria-expanded={weekShown}
              aria-controls="aa-week"
              onClick={() => setWeekShown(!weekShown)}
            >
              {t(weekShown ? 'admin-appointments:week.hide' : 'admin-appointments:week.show')}
            </Button>
            <Button onClick={() => setDesk({ prefill: null })}>
              {t('admin-appointments:desk.new')}
            </Button>
          </>
        }
      />
      <AppointmentsFilters
        filters={filters}
        today={today}
        advisors={advisors.data ?? []}
        onChange={onFilters}
      />
      {weekShown && (
        <WeekView
          stylists={(advisors.data ?? []).filter(
            (a) => !a.profile.isAdmin || a.profile.showOnLanding,
          )}
          now={now}
          onNew={(prefill) => setDesk({ prefill })}
        />
      )}

      {advisors.isError && !advisors.data && (
        <LoadFailed
          what={t('admin-appointments:advisors.loadError')}
          error={advisors.error}
          retrying={advisors.isFetching}
          onRetry={() => void advisors.refetch()}
        />
      )}
      {list.isError && (
        <div className="admin-error" role="alert">
          <p>
            <strong>{t('admin-appointments:list.loadError')}</strong> {errorMessage(list.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('admin-appointments:actions.retry')}
          </Button>
        </div>
      )}
      {list.isPending && (
        <TableSkeleton
          tableClassName="admin-table aa-table"
          columns={APPOINTMENT_COLUMNS.map((column) => t(`admin-appointments:table.${column}`))}
          label={t('admin-appointments:list.loading')}
        />
      )}
      {data && data.length === 0 && !list.isError && <p className="admin-empty">{empty}</p>}
      {data && data.length > 0 && (
        <div aria-busy={list.isFetching || undefined}>
          <AppointmentsTable
            appointments={data}
            now={now}
            onAction={(kind, appointment) => setPending({ kind, appointment })}
            onOutcome={(appointment) => patchAppointmentLists(queryClient, appointment)}
          />
        </div>
      )}

      {desk && (
        <ReceptionDialog
          advisors={advisors.data ?? []}
          prefill={desk.prefill}
          now={now}
          onClose={() => setDesk(null)}
        />
      )}
      {pending?.kind === 'cancel' && (
        <CancelAppointmentDialog
          key={pending.appointment.appointmentId}
          appointment={pending.appointment}
          busy={cancel.isPending}
          onConfirm={() => confirmCancel(pending.appointment)}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.kind === 'reassign' && (
        <ReassignDialog
          key={pending.appointment.appointmentId}
          appointment={pending.appointment}
          advisors={advisors}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}
