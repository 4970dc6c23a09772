import type { Appointment, Slot } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alternativesOf,
  AppointmentWhen,
  FreeSlotPicker,
  SlotAlternatives,
} from '@/components/appointment-slots';
import { Button, Modal } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import type { AppointmentAccess } from '../api/appointment-access';
import { useRescheduleAppointment } from '../api/reschedule-appointment';

export type RescheduleDialogProps = {
  appointment: Appointment;
  access: AppointmentAccess;
  onClose: () => void;
  /** the booking can no longer move (started or cancelled elsewhere): the page reads it again */
  onClosedMeanwhile: () => void;
  timeZone?: string;
};

/**
 * 'Cambiar horario': another free slot of the same stylist. A slot taken meanwhile offers the
 * nearest free ones at once.
 */
export function RescheduleDialog({
  appointment,
  access,
  onClose,
  onClosedMeanwhile,
  timeZone,
}: RescheduleDialogProps) {
  const { t } = useTranslation('appointments');
  const [slot, setSlot] = useState<Slot | null>(null);
  const [alternatives, setAlternatives] = useState<Slot[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reschedule = useRescheduleAppointment(access);
  const zone = timeZone ? { timeZone } : {};

  function move(startsAt: string) {
    setFailure(null);
    reschedule.mutate(startsAt, {
      onSuccess: () => {
        toast.success(t('reschedule.doneTitle'), t('reschedule.done'));
        onClose();
      },
      onError: (error) => {
        const offered = alternativesOf(error);
        if (offered) {
          setSlot(null);
          setAlternatives(offered);
          return;
        }
        if (isApiError(error) && error.code === 'APPOINTMENT_CLOSED') {
          toast.error(t('reschedule.failed'), errorMessage(error));
          onClosedMeanwhile();
          return;
        }
        setFailure(errorMessage(error));
      },
    });
  }

  const busy = reschedule.isPending;
  return (
    <Modal
      open
      title={t('reschedule.title')}
      onClose={() => !busy && onClose()}
      closeOnBackdrop={!busy && slot === null}
      footer={
        alternatives ? undefined : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('reschedule.back')}
            </Button>
            <Button
              disabled={slot === null}
              loading={busy}
              onClick={() => slot && move(slot.startsAt)}
            >
              {busy ? t('reschedule.submitting') : t('reschedule.confirm')}
            </Button>
          </>
        )
      }
    >
      <div className="appointment-reschedule">
        <p className="appointment-reschedule__intro">
          {t('reschedule.intro', { name: appointment.advisor.name })}
        </p>
        <p className="appointment-reschedule__current">
          <span className="appointment-reschedule__label">{t('reschedule.current')}</span>{' '}
          <AppointmentWhen startsAt={appointment.startsAt} {...zone} />
        </p>
        {alternatives ? (
          <SlotAlternatives
            alternatives={alternatives}
            busyWith={busy ? (reschedule.variables ?? null) : null}
            onPick={(picked) => move(picked.startsAt)}
            onOther={() => setAlternatives(null)}
            {...zone}
          />
        ) : (
          <FreeSlotPicker
            filter={{ booking: access }}
            value={slot?.startsAt ?? null}
            onChange={setSlot}
            {...zone}
          />
        )}
        {failure && (
          <p className="appointment-page__failure" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
