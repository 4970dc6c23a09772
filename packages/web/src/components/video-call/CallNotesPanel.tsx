import { useTranslation } from 'react-i18next';
import type { NotesStatus } from './use-call-notes';

type Props = {
  notes: string;
  status: NotesStatus;
  onChange: (notes: string) => void;
  onClear: () => void;
  onClose: () => void;
};

export function CallNotesPanel({ notes, status, onChange, onClear, onClose }: Props) {
  const { t } = useTranslation('video');
  const handleClear = () => {
    if (window.confirm(t('notes.confirmClear'))) onClear();
  };
  return (
    <aside className="vc-notes" aria-labelledby="vc-notes-title">
      <header className="vc-notes__header">
        <h3 id="vc-notes-title">{t('notes.title')}</h3>
        <button type="button" className="vc-button vc-button--small" onClick={onClose}>
          {t('notes.close')}
        </button>
      </header>
      <textarea
        className="vc-notes__text"
        aria-label={t('notes.title')}
        placeholder={t('notes.placeholder')}
        value={notes}
        maxLength={20000}
        onChange={(e) => onChange(e.target.value)}
      />
      <footer className="vc-notes__footer">
        <span>{t('notes.characters', { count: notes.length })}</span>
        <span className="vc-notes__status" role="status">
          {status === 'saving'
            ? t('notes.saving')
            : status === 'saved'
              ? t('notes.saved')
              : status === 'error'
                ? t('notes.saveFailed')
                : ''}
        </span>
        <button
          type="button"
          className="vc-button vc-button--small"
          disabled={notes.trim() === ''}
          onClick={handleClear}
        >
          {t('notes.clear')}
        </button>
      </footer>
    </aside>
  );
}
