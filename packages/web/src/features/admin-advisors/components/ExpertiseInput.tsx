import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addExpertise, EXPERTISE_MAX_LENGTH, removeExpertise } from '../utils/advisor-form';

export type ExpertiseInputProps = {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | null;
};

/** Specialties as chips, added with Enter (trimmed, no duplicates), removed by a click. */
export function ExpertiseInput({ value, onChange, error }: ExpertiseInputProps) {
  const { t } = useTranslation('admin-advisors');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error ?? null;

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a chip; it must never submit the whole form.
    event.preventDefault();
    const result = addExpertise(value, draft);
    if (result.ok) {
      onChange(result.list);
      setDraft('');
      setProblem(null);
      return;
    }
    switch (result.reason) {
      case 'empty':
        setProblem(null);
        break;
      case 'duplicate':
        setProblem(t('form.expertiseDuplicate', { item: result.item }));
        break;
      case 'tooLong':
        setProblem(t('form.expertiseTooLong'));
        break;
      case 'tooMany':
        setProblem(t('form.expertiseTooMany'));
        break;
    }
  };

  return (
    <div className={`field${message ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('form.expertise')}
      </label>
      {value.length > 0 && (
        <ul className="adv-chips" aria-label={t('form.expertise')}>
          {value.map((item) => (
            <li key={item}>
              <button
                type="button"
                className="adv-chip"
                aria-label={t('form.removeExpertise', { item })}
                onClick={() => {
                  onChange(removeExpertise(value, item));
                  setProblem(null);
                }}
              >
                <span>{item}</span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="input"
        value={draft}
        maxLength={EXPERTISE_MAX_LENGTH + 20}
        placeholder={t('form.expertisePlaceholder')}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={handleKeyDown}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {t('form.expertiseHint')}
      </p>
      {message && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
