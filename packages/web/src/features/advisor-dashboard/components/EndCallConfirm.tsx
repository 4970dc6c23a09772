/** Confirmation before 'Finalizar' ends an active call. */
import type { Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';

export type EndCallConfirmProps = {
  call: Call | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (call: Call) => void;
};

export function EndCallConfirm({ call, busy, onCancel, onConfirm }: EndCallConfirmProps) {
  const { t } = useTranslation(['advisor', 'common']);
  return (
    <Modal
      open={call !== null}
      size="sm"
      title={t('calls.endConfirmTitle')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={() => call && onConfirm(call)}>
            {t('calls.endConfirm')}
          </Button>
        </>
      }
    >
      <p>
        {t('calls.endConfirmMessage', {
          name: call?.clientInfo.name?.trim() || t('calls.clientFallback'),
        })}
      </p>
    </Modal>
  );
}
