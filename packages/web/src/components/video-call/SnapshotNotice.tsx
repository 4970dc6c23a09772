/**
 * Told at once (docs/product.md#snapshots): the stylist took a still of the visitor's video. Over
 * her call screen, whether her chat is open or not, with the photo one press away and deleting it
 * another.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** the stylist's name */
  by: string;
  onView: () => void;
  onDelete: () => Promise<void>;
  onDismiss: () => void;
};

export function SnapshotNotice({ by, onView, onDelete, onDismiss }: Props) {
  const { t } = useTranslation('video');
  const [state, setState] = useState<'idle' | 'deleting' | 'failed'>('idle');
  const remove = () => {
    setState('deleting');
    // Deleted: the notice goes with the photo (the chat's own update).
    onDelete().catch(() => setState('failed'));
  };
  return (
    <div className="vc-snapshot-notice" role="alert">
      <p>{t('snapshot.notice', { name: by })}</p>
      {state === 'failed' && <p>{t('snapshot.deleteFailed')}</p>}
      <div className="vc-snapshot-notice__actions">
        <button type="button" className="vc-button vc-button--small" onClick={onView}>
          {t('snapshot.view')}
        </button>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={state === 'deleting'}
          onClick={remove}
        >
          {t('snapshot.delete')}
        </button>
        <button type="button" className="vc-button vc-button--small" onClick={onDismiss}>
          {t('snapshot.keep')}
        </button>
      </div>
    </div>
  );
}
