/** The endpoint's whole secret, shown this once (after adding it or making a new one). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';

export function SecretNotice({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation('admin-webhooks');
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal
      open
      size="sm"
      closeOnBackdrop={false}
      title={t('secret.title')}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('secret.done')}</Button>}
    >
      <p>{t('secret.text')}</p>
      <p className="aw-secret">
        <code aria-label={t('secret.label')}>{secret}</code>
      </p>
      <Button size="sm" variant="secondary" onClick={() => void handleCopy()}>
        {copied ? t('secret.copied') : t('secret.copy')}
      </Button>
      <p className="aw-note" role="status">
        {copied ? t('secret.copiedNote') : ''}
      </p>
    </Modal>
  );
}
