/**
 * What the stylist recommends to the client (docs/product.md#recommendations): free text plus
 * services of the salon's catalogue (its name, duration and price; a note of her own) and free
 * items, products or services (name, note, link, price in soles), with the plan's total. Unlike
 * the private notes, the client reads this on her summary, so the editor says so. Saved as it is
 * typed (see useCallRecommendations).
 */
import {
  RECOMMENDATION_ITEMS_MAX,
  RECOMMENDATION_NAME_MAX,
  RECOMMENDATION_NOTE_MAX,
  RECOMMENDATION_TEXT_MAX,
  RECOMMENDATION_URL_MAX,
  formatMoney,
  planTotals,
} from '@belleza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueServices } from './use-catalogue-services';
import {
  emptyItem,
  parsePrice,
  serviceItem,
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
  const catalogue = useCatalogueServices(!readOnly);
  const [picked, setPicked] = useState('');
  const totals = planTotals(
    draft.items
      .filter((i) => i.name.trim() !== '')
      .map((i) => {
        const price = parsePrice(i.price);
        return {
          pricePen: price === null || Number.isNaN(price) ? null : price,
          durationMinutes: i.duration,
        };
      }),
  );
  const addService = () => {
    const service = catalogue.find((s) => s.serviceId === picked);
    if (!service) return;
    setDraft({ ...draft, items: [...draft.items, serviceItem(service)] });
    setPicked('');
  };
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
          {draft.items.map((item, index) => (
            <li key={index} className="vc-rec__item">
              {item.serviceId !== null ? (
                <p className="vc-rec__service">
                  <strong>{item.name}</strong>
                  <span>
                    {[
                      t('editor.catalogueService'),
                      item.duration === null
                        ? null
                        : t('editor.minutes', { minutes: item.duration }),
                      item.price === ''
                        ? t('editor.noPrice')
                        : formatMoney(Number(item.price), 'PEN'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </p>
              ) : (
                field(index, 'name', 'name', RECOMMENDATION_NAME_MAX)
              )}
              {field(index, 'note', 'note', RECOMMENDATION_NOTE_MAX)}
              {item.serviceId === null &&
                field(index, 'url', 'url', RECOMMENDATION_URL_MAX, {
                  type: 'url',
                  inputMode: 'url',
                })}
              {item.serviceId === null &&
                field(index, 'price', 'pricePen', 12, { inputMode: 'decimal' })}
              {!readOnly && (
                <button
                  type="button"
                  className="vc-button vc-button--small"
                  onClick={() =>
                    setDraft({ ...draft, items: draft.items.filter((__, i) => i !== index) })
                  }
                >
                  {item.name.trim() === ''
                    ? t('editor.removeLine', { index: index + 1 })
                    : t('editor.removeNamed', { name: item.name.trim() })}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {draft.items.length > 0 && (
        <p className="vc-rec__total">
          {t('editor.total', { total: formatMoney(totals.totalPen, 'PEN') })}
          {totals.minutes > 0 && ` · ${t('editor.minutes', { minutes: totals.minutes })}`}
          {totals.unpriced > 0 && ` · ${t('editor.unpriced', { count: totals.unpriced })}`}
        </p>
      )}
      {!readOnly && draft.items.length < RECOMMENDATION_ITEMS_MAX && (
        <div className="vc-rec__add">
          {catalogue.length > 0 && (
            <>
              <label className="visually-hidden" htmlFor={`${id}-service`}>
                {t('editor.pickService')}
              </label>
              <select
                id={`${id}-service`}
                className="vc-rec__input"
                value={picked}
                onChange={(e) => setPicked(e.target.value)}
              >
                <option value="">{t('editor.pickService')}</option>
                {catalogue.map((s) => (
                  <option key={s.serviceId} value={s.serviceId}>
                    {s.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="vc-button vc-button--small"
                disabled={picked === ''}
                onClick={addService}
              >
                {t('editor.addService')}
              </button>
            </>
          )}
          <button
            type="button"
            className="vc-button vc-button--small"
            onClick={() => setDraft({ ...draft, items: [...draft.items, emptyItem()] })}
          >
            {t('editor.addItem')}
          </button>
        </div>
      )}
      <p className="vc-notes__status" role="status">
        {statusKey[status] ? t(statusKey[status]) : ''}
      </p>
    </div>
  );
}
