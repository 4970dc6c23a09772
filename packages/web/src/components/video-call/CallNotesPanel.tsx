import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotesStatus } from './use-call-notes';

type Props = {
  notes: string;
  status: NotesStatus;
  onChange: (notes: string) => void;
  onClear: () => void;
  onClose: () => void;
  /**
   * The recommendations the client will read (docs/product.md#recommendations): a second tab beside
   * the private notes, so the two are never confused.
   */
  recommendations?: ReactNode;
  /** what the visitor told before the call (her hair intake), kept above the notes */
  intake?: ReactNode;
};

type Tab = 'notes' | 'recommendations';

export function CallNotesPanel({
  notes,
  status,
  onChange,
  onClear,
  onClose,
  recommendations,
  intake,
}: Props) {
  const { t } = useTranslation('video');
  const { t: ts } = useTranslation('summary');
  const [tab, setTab] = useState<Tab>('notes');
  const handleClear = () => {
    if (window.confirm(t('notes.confirmClear'))) onClear();
  };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'notes', label: t('notes.title') },
    { id: 'recommendations', label: ts('editor.title') },
  ];
  return (
    <aside className="vc-notes" aria-labelledby="vc-notes-title">
      <header className="vc-notes__header">
        {recommendations && (
          <h3 id="vc-notes-title" className="visually-hidden">
            {ts('editor.panelTitle')}
          </h3>
        )}
        {recommendations ? (
          <div className="vc-notes__tabs" role="tablist" aria-labelledby="vc-notes-title">
            {tabs.map((item) => (
              <button
                key={item.id}
                type="button"
                role="tab"
                id={`vc-tab-${item.id}`}
                aria-selected={tab === item.id}
                aria-controls={`vc-tabpanel-${item.id}`}
                tabIndex={tab === item.id ? 0 : -1}
                className="vc-notes__tab"
                onClick={() => setTab(item.id)}
                onKeyDown={(e) => {
                  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
                  e.preventDefault();
                  const next = tab === 'notes' ? 'recommendations' : 'notes';
                  setTab(next);
                  document.getElementById(`vc-tab-${next}`)?.focus();
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        ) : (
          <h3 id="vc-notes-title">{t('notes.title')}</h3>
        )}
        <button type="button" className="vc-button vc-button--small" onClick={onClose}>
          {t('notes.close')}
        </button>
      </header>
      {recommendations && tab === 'recommendations' ? (
        <div
          role="tabpanel"
          id="vc-tabpanel-recommendations"
          aria-labelledby="vc-tab-recommendations"
          className="vc-notes__panel"
        >
          {recommendations}
        </div>
      ) : (
        <NotesBody
          notes={notes}
          status={status}
          onChange={onChange}
          onClear={handleClear}
          tabbed={recommendations !== undefined}
          intake={intake}
        />
      )}
    </aside>
  );
}

function NotesBody({
  notes,
  status,
  onChange,
  onClear,
  tabbed,
  intake,
}: Pick<Props, 'notes' | 'status' | 'onChange' | 'onClear' | 'intake'> & { tabbed: boolean }) {
  const { t } = useTranslation('video');
  return (
    <div
      className="vc-notes__panel"
      {...(tabbed
        ? { role: 'tabpanel', id: 'vc-tabpanel-notes', 'aria-labelledby': 'vc-tab-notes' }
        : {})}
    >
      {intake && <div className="vc-notes__intake">{intake}</div>}
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
          onClick={onClear}
        >
          {t('notes.clear')}
        </button>
      </footer>
    </div>
  );
}
