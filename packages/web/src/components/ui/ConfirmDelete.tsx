import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';

/** 'Eliminar' asks first: what goes, and that it cannot be undone. */
export function ConfirmDelete({
  title,
  text,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      size="sm"
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {t('actions.delete')}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
