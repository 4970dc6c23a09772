import type { StaffAppointment } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';
import { whenOf } from '../utils/when';

export type CancelAppointmentDialogProps = {
  appointment: StaffAppointment;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Cancelar' asks first: the visitor is told by e-mail (when she gave one), which cannot be undone. */
export function CancelAppointmentDialog({
  appointment,
  busy,
  onConfirm,
  onClose,
}: CancelAppointmentDialogProps) {
  const { t } = useTranslation('admin-appointments');
  return (
    <Modal
      open
      size="sm"
      title={t('cancel.title')}
      onClose={busy ? () => undefined : onClose}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('actions.back')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <p className="aa-dialog__message">
        {t('cancel.message', {
          name: appointment.clientName,
          advisor: appointment.advisor.name,
          when: whenOf(appointment),
        })}
      </p>
      <p className="aa-muted">{t('cancel.notice')}</p>
    </Modal>
  );
}
