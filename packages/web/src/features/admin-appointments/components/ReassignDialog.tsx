import type { Advisor, StaffAppointment } from '@belleza/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadFailed, Field, Modal, Spinner, toast } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useReassignAppointment } from '../api/reassign-appointment';
import { ADMIN_TOAST_MS } from '../utils/toasts';
import { whenOf } from '../utils/when';

export type ReassignDialogProps = {
  appointment: StaffAppointment;
  /** the team to choose from: while it loads or when it failed the dialog says so */
  advisors: UseQueryResult<Advisor[]>;
  onClose: () => void;
};

/**
 * 'Reasignar': another advisor takes the booking at the same time. When she is booked then (409
 * SLOT_UNAVAILABLE) the dialog says so and stays open for another choice.
 */
export function ReassignDialog({ appointment, advisors, onClose }: ReassignDialogProps) {
  const { t } = useTranslation('admin-appointments');
  const reassign = useReassignAppointment();
  const [advisorId, setAdvisorId] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // Someone else who takes consultations: not an admin the landing does not show (the server
  // refuses her too).
  const choices = (advisors.data ?? []).filter(
    (a) =>
      a.advisorId !== appointment.advisor.advisorId &&
      (!a.profile.isAdmin || a.profile.showOnLanding),
  );
  const chosen = choices.find((a) => a.advisorId === advisorId);
  const busy = reassign.isPending;
  const formId = `aa-reassign-${appointment.appointmentId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setRefusal(null);
    reassign.mutate(
      { appointmentId: appointment.appointmentId, advisorId: chosen.advisorId },
      {
        onSuccess: (moved) => {
          toast.success(
            t('toasts.successTitle'),
            t('toasts.reassigned', { name: moved.clientName, advisor: moved.advisor.name }),
            { duration: ADMIN_TOAST_MS },
          );
          onClose();
        },
        onError: (error) =>
          setRefusal(
            isApiError(error) && error.code === 'SLOT_UNAVAILABLE'
              ? t('reassign.busy', { advisor: chosen.name })
              : errorMessage(error),
          ),
      },
    );
  };

  return (
    <Modal
      open
      size="sm"
      title={t('reassign.title')}
      onClose={busy ? () => undefined : onClose}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('actions.back')}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!chosen}>
            {t('reassign.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className="aa-dialog" onSubmit={submit}>
        <p className="aa-dialog__message">
          {t('reassign.message', {
            name: appointment.clientName,
            when: whenOf(appointment),
            advisor: appointment.advisor.name,
          })}
        </p>
        {advisors.isPending ? (
          <Spinner label={t('advisors.loading')} />
        ) : advisors.isError && !advisors.data ? (
          <LoadFailed
            what={t('reassign.loadError')}
            error={advisors.error}
            retrying={advisors.isFetching}
            onRetry={() => void advisors.refetch()}
          />
        ) : choices.length === 0 ? (
          <p className="aa-muted">{t('reassign.noOthers')}</p>
        ) : (
          <Field label={t('reassign.advisor')} error={refusal}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={advisorId}
                onChange={(e) => {
                  setAdvisorId(e.target.value);
                  setRefusal(null);
                }}
              >
                <option value="">{t('reassign.choose')}</option>
                {choices.map((a) => (
                  <option key={a.advisorId} value={a.advisorId}>
                    {a.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <p className="aa-muted">{t('reassign.notice')}</p>
      </form>
    </Modal>
  );
}
