/**
 * Adding or changing a service: name, category (the salon's own; earlier ones are offered), a
 * description, duration and price (both optional: no price is "price on consultation"), whether
 * the landing shows it and its place in the list; which stylists do it and whether a visitor may
 * book it in the salon from her consultation's plan (that needs a duration). The photo is set once
 * the service exists.
 */
import {
  createServiceBodySchema,
  SERVICE_DURATION_MAX_MIN,
  SERVICE_PRICE_MAX,
  type CreateServiceBody,
  type SalonService,
} from '@belleza/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoField } from '@/components/advisor-photo';
import { Button, Field, Modal, TextField } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { deleteServicePhoto, servicePhotoBase, uploadServicePhoto } from '../api/catalogue';

type Draft = {
  name: string;
  category: string;
  description: string;
  duration: string;
  price: string;
  active: boolean;
  position: string;
  bookable: boolean;
  stylistIds: string[];
};

export type StylistOption = { advisorId: string; name: string };

const draftOf = (s: SalonService | null): Draft => ({
  name: s?.name ?? '',
  category: s?.category ?? '',
  description: s?.description ?? '',
  duration: s?.durationMinutes?.toString() ?? '',
  price: s?.price?.toString() ?? '',
  active: s?.active ?? true,
  position: s?.position.toString() ?? '0',
  bookable: s?.bookable ?? false,
  stylistIds: s?.stylistIds ?? [],
});

const numberOrNull = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.replace(',', '.'));

export function ServiceFormModal({
  service,
  categories,
  stylists,
  onSave,
  onClose,
  onPhotoChange,
}: {
  /** null: a new service */
  service: SalonService | null;
  categories: readonly string[];
  /** the advisors who may be named as doing it */
  stylists: readonly StylistOption[];
  onSave: (body: CreateServiceBody) => Promise<unknown>;
  onClose: () => void;
  onPhotoChange: () => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const formId = useId();
  const listId = useId();
  const [draft, setDraft] = useState(() => draftOf(service));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: draft.name,
      category: draft.category,
      description: draft.description,
      durationMinutes: numberOrNull(draft.duration),
      price: numberOrNull(draft.price),
      active: draft.active,
      position: numberOrNull(draft.position) ?? 0,
      bookable: draft.bookable,
      stylistIds: draft.stylistIds,
    };
    const parsed = createServiceBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const key: keyof Draft | null =
          field === 'durationMinutes'
            ? 'duration'
            : field === 'price'
              ? 'price'
              : field === 'name' ||
                  field === 'category' ||
                  field === 'description' ||
                  field === 'position'
                ? field
                : null;
        if (key && !next[key]) next[key] = t(`services.form.invalid.${key}`);
      }
      setErrors(next);
      return;
    }
    if (body.bookable && body.durationMinutes === null) {
      setErrors({ duration: t('services.form.invalid.bookableDuration') });
      return;
    }
    setErrors({});
    setBusy(true);
    setFailure(null);
    try {
      await onSave(body);
      onClose();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      size="lg"
      closeOnBackdrop={false}
      title={
        service ? t('services.form.editTitle', { name: service.name }) : t('services.form.newTitle')
      }
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="ac-form" onSubmit={(e) => void handleSubmit(e)}>
        <TextField
          label={t('services.form.name')}
          required
          value={draft.name}
          error={errors.name}
          maxLength={80}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label={t('services.form.category')}
          hint={t('services.form.categoryHint')}
          required
          list={listId}
          value={draft.category}
          error={errors.category}
          maxLength={60}
          onChange={(e) => set('category', e.target.value)}
        />
        <datalist id={listId}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field label={t('services.form.description')} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={3}
              maxLength={600}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <div className="ac-form__row">
          <TextField
            label={t('services.form.duration')}
            inputMode="numeric"
            value={draft.duration}
            error={errors.duration}
            hint={t('services.form.durationHint', { max: SERVICE_DURATION_MAX_MIN })}
            onChange={(e) => set('duration', e.target.value)}
          />
          <TextField
            label={t('services.form.price')}
            inputMode="decimal"
            value={draft.price}
            error={errors.price}
            hint={t('services.form.priceHint', { max: SERVICE_PRICE_MAX })}
            onChange={(e) => set('price', e.target.value)}
          />
          <TextField
            label={t('services.form.position')}
            inputMode="numeric"
            value={draft.position}
            error={errors.position}
            hint={t('services.form.positionHint')}
            onChange={(e) => set('position', e.target.value)}
          />
        </div>
        <label className="ac-check">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          <span>{t('services.form.active')}</span>
        </label>
        <label className="ac-check">
          <input
            type="checkbox"
            checked={draft.bookable}
            onChange={(e) => set('bookable', e.target.checked)}
          />
          <span>{t('services.form.bookable')}</span>
        </label>
        <fieldset className="ac-stylists">
          <legend>{t('services.form.stylists')}</legend>
          <p className="ac-note">{t('services.form.stylistsHint')}</p>
          {stylists.map((a) => (
            <label key={a.advisorId} className="ac-check">
              <input
                type="checkbox"
                checked={draft.stylistIds.includes(a.advisorId)}
                onChange={(e) =>
                  set(
                    'stylistIds',
                    e.target.checked
                      ? [...draft.stylistIds, a.advisorId]
                      : draft.stylistIds.filter((id) => id !== a.advisorId),
                  )
                }
              />
              <span>{a.name}</span>
            </label>
          ))}
        </fieldset>
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
      </form>
      {service ? (
        <PhotoField
          base={servicePhotoBase(service.serviceId)}
          photo={service.photo}
          label={t('services.form.photo')}
          hint={t('photoHint')}
          previewAlt={t('services.form.photoAlt', { name: service.name })}
          placeholder="—"
          upload={(file) => uploadServicePhoto(service.serviceId, file)}
          remove={() => deleteServicePhoto(service.serviceId)}
          onChange={onPhotoChange}
        />
      ) : (
        <p className="ac-note">{t('services.form.photoLater')}</p>
      )}
    </Modal>
  );
}
