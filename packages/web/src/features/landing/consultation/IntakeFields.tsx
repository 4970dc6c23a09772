/**
 * The hair intake inside the request form (docs/product.md#hair-intake): folded by default so the
 * form stays quick, all optional. Two photos (gallery or camera: the phone offers both for an
 * image input), the chemical treatments of the last 12 months ('Ninguno' clears the others and
 * the others clear it), and her allergies. The photos are sent once the call exists.
 */
import {
  chemicalTreatments,
  INTAKE_ALLERGIES_MAX,
  type ChemicalTreatment,
  type IntakePhotoSlot,
} from '@belleza/contract';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import { photoRefusal } from '@/components/video-call/visitor';

export type IntakeValues = {
  open: boolean;
  chemicalHistory: ChemicalTreatment[];
  allergies: string;
  photos: Partial<Record<IntakePhotoSlot, File>>;
};

export const emptyIntake = (): IntakeValues => ({
  open: false,
  chemicalHistory: [],
  allergies: '',
  photos: {},
});

/** What the request sends: nothing while the fold was never opened. */
export const intakeBodyOf = (values: IntakeValues) =>
  values.open
    ? { chemicalHistory: values.chemicalHistory, allergies: values.allergies.trim() }
    : undefined;

const SLOTS: readonly IntakePhotoSlot[] = ['current', 'inspiration'];

export function toggleTreatment(
  list: readonly ChemicalTreatment[],
  item: ChemicalTreatment,
  checked: boolean,
): ChemicalTreatment[] {
  if (!checked) return list.filter((i) => i !== item);
  if (item === 'none') return ['none'];
  return [...list.filter((i) => i !== 'none' && i !== item), item];
}

export function IntakeFields({
  values,
  onChange,
}: {
  values: IntakeValues;
  onChange: (next: IntakeValues) => void;
}) {
  const { t } = useTranslation('consultation');
  const id = useId();
  const set = (patch: Partial<IntakeValues>) => onChange({ ...values, ...patch });
  return (
    <details
      className="consult-intake"
      open={values.open}
      onToggle={(e) => {
        const open = e.currentTarget.open;
        if (open !== values.open) set({ open });
      }}
    >
      <summary className="consult-intake__summary">{t('intake.toggle')}</summary>
      {/* Rendered only while open: a folded intake is nothing to tab through or read. */}
      {values.open && (
        <>
          <p className="consult-note">{t('intake.intro')}</p>
          <div className="consult-intake__photos">
            {SLOTS.map((slot) => (
              <IntakePhotoPicker
                key={slot}
                slot={slot}
                photo={values.photos[slot]}
                onPick={(file) => set({ photos: { ...values.photos, [slot]: file } })}
                onRemove={() => {
                  const { [slot]: _removed, ...rest } = values.photos;
                  set({ photos: rest });
                }}
              />
            ))}
          </div>
          <fieldset className="consult-intake__history">
            <legend>{t('intake.history.legend')}</legend>
            {chemicalTreatments.map((item) => (
              <label key={item} className="consult-intake__check">
                <input
                  type="checkbox"
                  name="chemicalHistory"
                  value={item}
                  checked={values.chemicalHistory.includes(item)}
                  onChange={(e) =>
                    set({
                      chemicalHistory: toggleTreatment(
                        values.chemicalHistory,
                        item,
                        e.target.checked,
                      ),
                    })
                  }
                />
                <span>{t(`intake.history.items.${item}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-allergies`}>
              {t('intake.allergies.label')}
            </label>
            <input
              id={`${id}-allergies`}
              className="input"
              name="allergies"
              maxLength={INTAKE_ALLERGIES_MAX}
              placeholder={t('intake.allergies.placeholder')}
              aria-describedby={`${id}-allergies-hint`}
              value={values.allergies}
              onChange={(e) => set({ allergies: e.target.value })}
            />
            <p className="field__hint" id={`${id}-allergies-hint`}>
              {t('intake.allergies.hint')}
            </p>
          </div>
        </>
      )}
    </details>
  );
}

/** Which camera a phone opens for a slot: her own hair faces her; a look she saw, the world. */
const CAMERA: Record<IntakePhotoSlot, 'user' | 'environment'> = {
  current: 'user',
  inspiration: 'environment',
};

function IntakePhotoPicker({
  slot,
  photo,
  onPick,
  onRemove,
}: {
  slot: IntakePhotoSlot;
  photo: File | undefined;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('consultation');
  const id = useId();
  const galleryRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<'UNSUPPORTED_IMAGE' | 'IMAGE_TOO_LARGE' | null>(null);
  // Her photo as she picked it, shown from her device: made on the pick, let go on the next one,
  // on removal and when the form goes.
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const showPreview = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
  };
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );
  const name = t(`intake.photos.${slot}`);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const refusal = photoRefusal(file);
    setRefused(refusal);
    if (refusal) return;
    showPreview(file);
    onPick(file);
  };
  return (
    <div className="consult-intake__photo" role="group" aria-labelledby={`${id}-name`}>
      <p className="field__label" id={`${id}-name`}>
        {name}
      </p>
      {photo && preview && <img className="consult-intake__preview" src={preview} alt={name} />}
      <input ref={galleryRef} type="file" accept="image/*" hidden onChange={pick} />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture={CAMERA[slot]}
        hidden
        onChange={pick}
      />
      <div className="consult-intake__buttons">
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={`${id}-name`}
          onClick={() => galleryRef.current?.click()}
        >
          {t('intake.photos.gallery')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={`${id}-name`}
          onClick={() => cameraRef.current?.click()}
        >
          {t('intake.photos.camera')}
        </Button>
        {photo && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              showPreview(null);
              onRemove();
            }}
          >
            {t('intake.photos.remove', { photo: name })}
          </Button>
        )}
      </div>
      <p className="consult-note" role="status">
        {refused
          ? t(`intake.photos.errors.${refused}`)
          : photo
            ? t('intake.photos.chosen', { name: photo.name })
            : ''}
      </p>
    </div>
  );
}
