/**
 * What the stylist recommends to the client (docs/product.md#recommendations): free text plus
 * products or services (name, note, link, price in soles). Unlike the private notes, the client
 * reads this on her summary, so the editor says so. Saved as it is typed (see
 * useCallRecommendations).
 */
import {
  RECOMMENDATION_ITEMS_MAX,
  RECOMMENDATION_NAME_MAX,
  RECOMMENDATION_NOTE_MAX,
  RECOMMENDATION_TEXT_MAX,
  RECOMMENDATION_URL_MAX,
} from '@belleza/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyItem,
  type CallRecommendations,
  type DraftItem,
  type RecommendationsStatus,
} from './use-call-recommendations';

type Props = {
  recommendations: CallRecommendations;
  clientName: string;
};

const statusKey: Partial<Record<RecommendationsStatus, string>> = {
  loading: 'editor.loading',
  saving: 'editor.saving',
  saved: 'editor.saved',
  invalid: 'editor.invalid',
  error: 'editor.saveFailed',
  closed: 'editor.closed',
};

export function RecommendationsEditor({ recommendations, clientName }: Props) {
  const { t } = useTranslation('summary');
  const { t: tv } = useTranslation('validation');
  const id = useId();
  const { draft, setDraft, status, errors } = recommendations;
  const readOnly = status === 'closed' || status === 'loading';
  const message = (path: string): string | null => {
    const key = errors[path];
    return key ? tv(key.replace(/^validation\./, '')) : null;
  };
  const setItem = (index: number, patch: Partial<DraftItem>) =>
    setDraft({
      ...draft,
      items: draft.items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
    });

  const field = (
    index: number,
    key: keyof DraftItem,
    errorPath: string,
    max: number,
    extra?: { inputMode?: 'decimal' | 'url'; type?: string },
  ) => {
    const inputId = `${id}-${index}-${key}`;
    const error = message(`items.${index}.${errorPath}`);
    return (
      <div className="vc-rec__field">
        <label htmlFor={inputId}>{t(`editor.item.${key}`)}</label>
        <input
          id={inputId}
          className="vc-rec__input"
          value={draft.items[index]?.[key] ?? ''}
          maxLength={max}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          type={extra?.type ?? 'text'}
          inputMode={extra?.inputMode}
          onChange={(e) => setItem(index, { [key]: e.target.value })}
        />
        {error && (
          <p className="vc-rec__error" id={`${inputId}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const textError = message('text');
  return (
    <div className="vc-rec">
      <p className="vc-rec__hint">{t('editor.hint', { name: clientName })}</p>
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {t('editor.textLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        className="vc-notes__text vc-rec__text"
        placeholder={t('editor.textPlaceholder')}
        value={draft.text}
        maxLength={RECOMMENDATION_TEXT_MAX}
        readOnly={readOnly}
        aria-invalid={textError ? true : undefined}
        onChange={(e) => setDraft({ ...draft, text: e.target.value })}
      />
      {textError && <p className="vc-rec__error">{textError}</p>}
      {draft.items.length > 0 && (
        <ol className="vc-rec__items" aria-label={t('editor.itemsLabel')}>
          {draft.items.map((_, index) => (
            <li key={index} className="vc-rec__item">
              {field(index, 'name', 'name', RECOMMENDATION_NAME_MAX)}
              {field(index, 'note', 'note', RECOMMENDATION_NOTE_MAX)}
              {field(index, 'url', 'url', RECOMMENDATION_URL_MAX, {
                type: 'url',
                inputMode: 'url',
              })}
              {field(index, 'price', 'pricePen', 12, { inputMode: 'decimal' })}
              {!readOnly && (
                <button
                  type="button"
                  className="vc-button vc-button--small"
                  onClick={() =>
                    setDraft({ ...draft, items: draft.items.filter((__, i) => i !== index) })
                  }
                >
                  {t('editor.removeItem', { index: index + 1 })}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {!readOnly && draft.items.length < RECOMMENDATION_ITEMS_MAX && (
        <button
          type="button"
          className="vc-button vc-button--small"
          onClick={() => setDraft({ ...draft, items: [...draft.items, emptyItem()] })}
        >
          {t('editor.addItem')}
        </button>
      )}
      <p className="vc-notes__status" role="status">
        {statusKey[status] ? t(statusKey[status]) : ''}
      </p>
    </div>
  );
}
