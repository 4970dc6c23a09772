import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';

export type CancelDialogProps = {
  open: boolean;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
};

/** Cancelling cannot be undone: she says so once more. */
export function CancelDialog({ open, busy, onKeep, onConfirm }: CancelDialogProps) {
  const { t } = useTranslation('appointments');
  return (
    <Modal
      open={open}
      size="sm"
      title={t('cancel.title')}
      onClose={onKeep}
      footer={
        <>
          <Button variant="secondary" onClick={onKeep} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('cancel.text')}</p>
    </Modal>
  );
}
