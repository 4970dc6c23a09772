/**
 * Admin → Salón → Mi salón: what the landing, the e-mails and the visitor's summary say of the
 * salon. Plain fields with examples; anything left empty is simply not shown. The logo is stored
 * as soon as it is picked; the rest when the owner saves.
 */
import {
  SALON_ADDRESS_MAX,
  SALON_HERO_TEXT_MAX,
  SALON_HERO_TITLE_MAX,
  SALON_NAME_MAX,
  SALON_SOCIAL_NETWORKS,
  weekdays,
  type SalonHoursMode,
  type SalonProfile,
  type Weekday,
} from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoField } from '@/components/advisor-photo';
import { Button, LoadFailed, Field, PageHeader, TextField, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import {
  SALON_LOGO_BASE,
  deleteSalonLogo,
  uploadSalonLogo,
  useSalonProfile,
  useSaveSalonProfile,
} from './api/salon';
import {
  checkSalonDraft,
  draftOf,
  type SalonDraft,
  type SalonFormErrors,
} from './utils/salon-form';
import './admin-salon.css';
import '@/styles/admin-states.css';

export function AdminSalonPage() {
  const { t } = useTranslation('admin-salon');
  const profile = useSalonProfile();
  return (
    <section className="as-page" aria-labelledby="as-title">
      <PageHeader titleId="as-title" title={t('title')} subtitle={t('subtitle')} />
      {profile.isPending ? (
        <p className="admin-state" role="status">
          {t('loading')}
        </p>
      ) : profile.isError ? (
        <LoadFailed
          what={t('loadFailed')}
          error={profile.error}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <SalonForm profile={profile.data} onLogoChange={() => void profile.refetch()} />
      )}
    </section>
  );
}

function SalonForm({ profile, onLogoChange }: { profile: SalonProfile; onLogoChange: () => void }) {
  const { t } = useTranslation('admin-salon');
  const { t: tv } = useTranslation('validation');
  const [draft, setDraft] = useState<SalonDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<SalonFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSalonProfile();
  const set = <K extends keyof SalonDraft>(key: K, value: SalonDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const errorOf = (path: string) => (errors[path] ? tv(errors[path]) : undefined);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSalonDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(t('fixErrors'));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync(checked.body);
      toast.success(t('saved'), t('savedText'));
    } catch (err) {
      setFailure(errorMessage(err, t('saveFailed')));
    }
  };

  const text = (
    key: 'name' | 'heroTitle' | 'address' | 'phone' | 'whatsapp' | 'email',
    max: number,
    extra: { type?: string; inputMode?: 'tel' | 'email' } = {},
  ) => (
    <TextField
      label={t(`fields.${key}.label`)}
      hint={t(`fields.${key}.hint`)}
      value={draft[key]}
      error={errorOf(key)}
      maxLength={max}
      {...extra}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  return (
    <form noValidate className="as-form" onSubmit={(e) => void handleSubmit(e)}>
      <fieldset className="as-section">
        <legend>{t('sections.identity')}</legend>
        {text('name', SALON_NAME_MAX)}
        <PhotoField
          base={SALON_LOGO_BASE}
          photo={profile.logo}
          label={t('fields.logo.label')}
          hint={t('fields.logo.hint')}
          previewAlt={t('fields.logo.previewAlt')}
          placeholder="—"
          upload={uploadSalonLogo}
          remove={deleteSalonLogo}
          onChange={onLogoChange}
        />
      </fieldset>

      <fieldset className="as-section">
        <legend>{t('sections.hero')}</legend>
        <p className="as-note">{t('sections.heroNote')}</p>
        {text('heroTitle', SALON_HERO_TITLE_MAX)}
        <Field
          label={t('fields.heroText.label')}
          hint={t('fields.heroText.hint')}
          error={errorOf('heroText')}
        >
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={3}
              maxLength={SALON_HERO_TEXT_MAX}
              value={draft.heroText}
              onChange={(e) => set('heroText', e.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="as-section">
        <legend>{t('sections.contact')}</legend>
        <p className="as-note">{t('sections.contactNote')}</p>
        {text('address', SALON_ADDRESS_MAX)}
        <div className="as-row">
          {text('phone', 40, { type: 'tel', inputMode: 'tel' })}
          {text('whatsapp', 40, { type: 'tel', inputMode: 'tel' })}
        </div>
        {text('email', 254, { type: 'email', inputMode: 'email' })}
      </fieldset>

      <fieldset className="as-section">
        <legend>{t('sections.social')}</legend>
        {SALON_SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            label={t(`fields.social.${network}.label`)}
            hint={t(`fields.social.${network}.hint`)}
            type="url"
            value={draft.social[network]}
            error={errorOf(`social.${network}`)}
            onChange={(e) => set('social', { ...draft.social, [network]: e.target.value })}
          />
        ))}
      </fieldset>

      <HoursFieldset
        mode={draft.hoursMode}
        hours={draft.hours}
        derived={profile.hoursMode === 'derived' ? profile.openHours : null}
        errorOf={errorOf}
        onMode={(mode) => set('hoursMode', mode)}
        onDay={(day, value) => set('hours', { ...draft.hours, [day]: value })}
      />

      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="as-actions">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

type Day = SalonDraft['hours'][Weekday];

function HoursFieldset({
  mode,
  hours,
  derived,
  errorOf,
  onMode,
  onDay,
}: {
  mode: SalonHoursMode;
  hours: SalonDraft['hours'];
  /** the stylists' week as the landing shows it now (null: the saved mode is 'custom') */
  derived: SalonProfile['openHours'] | null;
  errorOf: (path: string) => string | undefined;
  onMode: (mode: SalonHoursMode) => void;
  onDay: (day: Weekday, value: Day) => void;
}) {
  const { t } = useTranslation('admin-salon');
  return (
    <fieldset className="as-section">
      <legend>{t('sections.hours')}</legend>
      {(['derived', 'custom'] as const).map((m) => (
        <label key={m} className="as-choice">
          <input
            type="radio"
            name="hours-mode"
            value={m}
            checked={mode === m}
            onChange={() => onMode(m)}
          />
          <span>
            <strong>{t(`hours.${m}.label`)}</strong>
            <span className="as-note">{t(`hours.${m}.hint`)}</span>
          </span>
        </label>
      ))}
      {mode === 'derived' && derived && (
        <p className="as-note" role="status">
          {derived.length === 0
            ? t('hours.derivedNone')
            : t('hours.derivedNow', {
                days: derived
                  .map((d) => `${t(`weekdays.${d.day}`)} ${d.start}–${d.end}`)
                  .join(' · '),
              })}
        </p>
      )}
      {mode === 'custom' && (
        <ul className="as-week">
          {weekdays.map((day) => {
            const d = hours[day];
            const dayName = t(`weekdays.${day}`);
            return (
              <li key={day} className="as-day">
                <label className="as-check">
                  <input
                    type="checkbox"
                    checked={d.enabled}
                    onChange={(e) => onDay(day, { ...d, enabled: e.target.checked })}
                  />
                  <span>{dayName}</span>
                </label>
                {d.enabled ? (
                  <>
                    <TextField
                      label={t('hours.opens', { day: dayName })}
                      type="time"
                      value={d.start}
                      error={errorOf(`hours.${day}.start`)}
                      onChange={(e) => onDay(day, { ...d, start: e.target.value })}
                    />
                    <TextField
                      label={t('hours.closes', { day: dayName })}
                      type="time"
                      value={d.end}
                      error={errorOf(`hours.${day}.end`)}
                      onChange={(e) => onDay(day, { ...d, end: e.target.value })}
                    />
                  </>
                ) : (
                  <span className="as-note">{t('hours.closed')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
