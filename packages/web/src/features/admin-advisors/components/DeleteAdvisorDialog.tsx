import type { Advisor } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useDeleteAdvisor } from '../api/delete-advisor';
import { advisorKeys } from '../api/keys';
import { refusalMessage } from '../utils/refusal';
import { ADMIN_TOAST_MS } from '../utils/toasts';

/** Confirmation before deleting; a refusal (active call, last admin, self) stays readable in the dialog. */
export function DeleteAdvisorDialog({
  advisor,
  onClose,
}: {
  advisor: Advisor;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-advisors');
  const queryClient = useQueryClient();
  const remove = useDeleteAdvisor();
  const [refusal, setRefusal] = useState<string | null>(null);

  const handleConfirm = () => {
    setRefusal(null);
    remove.mutate(advisor.advisorId, {
      onSuccess: () => {
        toast.show({ type: 'success', message: t('toasts.deleted'), duration: ADMIN_TOAST_MS });
        onClose();
      },
      onError: (error) => {
        setRefusal(refusalMessage(error, t('toasts.deleteFailed')));
        // Someone else deleted them meanwhile: the list is stale.
        if (isApiError(error) && error.code === 'ADVISOR_NOT_FOUND')
          void queryClient.invalidateQueries({ queryKey: advisorKeys.list() });
      },
    });
  };

  return (
    <Modal
      open
      size="sm"
      title={t('delete.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {t('delete.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={handleConfirm}>
            {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
          </Button>
        </>
      }
    >
      <p>
        <strong>{t('delete.question', { name: advisor.name })}</strong>
      </p>
      <p>{t('delete.consequence')}</p>
      {refusal && (
        <p className="adv-alert adv-alert--error" role="alert">
          {refusal}
        </p>
      )}
    </Modal>
  );
}
