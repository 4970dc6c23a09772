import { advisorTimezones, type Advisor } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvisorPhotoField } from '@/components/advisor-photo';
import { Button, Field, Modal, TextField, toast } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { translateValidation } from '@/lib/errors';
import { useCreateAdvisor } from '../api/create-advisor';
import { setPhotoInCache } from '../api/keys';
import { useUpdateAdvisor } from '../api/update-advisor';
import {
  advisorToForm,
  emptyAdvisorForm,
  validateAdvisorForm,
  type AdvisorFormErrors,
  type AdvisorFormValues,
  type AdvisorTimezone,
} from '../utils/advisor-form';
import { refusalMessage } from '../utils/refusal';
import { ADMIN_TOAST_MS } from '../utils/toasts';
import { ExpertiseInput } from './ExpertiseInput';
import { WorkingHoursEditor } from './WorkingHoursEditor';

export type AdvisorFormModalProps = {
  /** Absent: create mode. */
  advisor?: Advisor;
  onClose: () => void;
};

/** A yes/no setting of the form: a checkbox with its label (and hint) in the shared field. */
function CheckField(props: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} className="adv-form__check">
      {(control) => (
        <input
          type="checkbox"
          {...control}
          required={undefined}
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      )}
    </Field>
  );
}

/**
 * Create/edit modal with every rule of the advisor form (docs/product.md#advisor-form); mount it
 * with a `key` so each opening starts fresh. An admin changing her own password or e-mail is asked
 * for her current password (the server refuses the change without it).
 */
export function AdvisorFormModal({ advisor, onClose }: AdvisorFormModalProps) {
  const { t } = useTranslation('admin-advisors');
  const mode = advisor ? 'edit' : 'create';
  const [values, setValues] = useState<AdvisorFormValues>(() =>
    advisor ? advisorToForm(advisor) : emptyAdvisorForm(),
  );
  const [currentPassword, setCurrentPassword] = useState('');
  const signedIn = useAuth().advisor;
  const editingSelf = Boolean(advisor && signedIn?.advisorId === advisor.advisorId);
  const needsCurrentPassword =
    editingSelf &&
    (values.password !== '' || values.email.trim().toLowerCase() !== advisor?.email.toLowerCase());
  const [errors, setErrors] = useState<AdvisorFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const create = useCreateAdvisor();
  const update = useUpdateAdvisor();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof AdvisorFormValues>(key: K, value: AdvisorFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const errorOf = (path: string) => (errors[path] ? translateValidation(errors[path]) : null);

  const handleFailure = (error: unknown) => {
    if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
      setErrors((current) => ({ ...current, email: 'admin-advisors.refusals.EMAIL_TAKEN' }));
    }
    if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INVALID') {
      setErrors((current) => ({
        ...current,
        currentPassword: 'admin-advisors.refusals.CURRENT_PASSWORD_INVALID',
      }));
    }
    setRefusal(refusalMessage(error, t('toasts.saveFailed')));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const result = validateAdvisorForm(values, mode);
    const missingCurrent = needsCurrentPassword && currentPassword === '';
    if (!result.ok || missingCurrent) {
      setErrors({
        ...(result.ok ? {} : result.errors),
        ...(missingCurrent ? { currentPassword: 'validation.required' } : {}),
      });
      return;
    }
    setErrors({});
    if (result.mode === 'create') {
      create.mutate(result.body, {
        onSuccess: () => {
          toast.show({ type: 'success', message: t('toasts.created'), duration: ADMIN_TOAST_MS });
          onClose();
        },
        onError: handleFailure,
      });
    } else if (advisor) {
      update.mutate(
        {
          advisorId: advisor.advisorId,
          body: needsCurrentPassword ? { ...result.body, currentPassword } : result.body,
        },
        {
          onSuccess: () => {
            toast.show({ type: 'success', message: t('toasts.updated'), duration: ADMIN_TOAST_MS });
            onClose();
          },
          onError: handleFailure,
        },
      );
    }
  };

  const hasErrors = Object.keys(errors).length > 0;
  const formId = 'advisor-form';

  return (
    <Modal
      open
      size="lg"
      title={mode === 'create' ? t('form.createTitle') : t('form.editTitle')}
      onClose={onClose}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {saving
              ? t('form.saving')
              : mode === 'create'
                ? t('form.submitCreate')
                : t('form.submitEdit')}
          </Button>
        </>
      }
    >
      <form id={formId} className="adv-form" noValidate onSubmit={handleSubmit}>
        {(refusal || hasErrors) && (
          <p className="adv-alert adv-alert--error" role="alert">
            {refusal ?? t('form.fixErrors')}
          </p>
        )}

        <fieldset className="adv-form__section">
          <legend>{t('form.sections.account')}</legend>
          <div className="adv-form__grid">
            <TextField
              label={t('form.name')}
              required
              autoComplete="off"
              maxLength={120}
              value={values.name}
              error={errorOf('name')}
              onChange={(e) => set('name', e.target.value)}
            />
            <TextField
              label={t('form.email')}
              type="email"
              required
              autoComplete="off"
              maxLength={254}
              value={values.email}
              error={errorOf('email')}
              onChange={(e) => set('email', e.target.value)}
            />
            <TextField
              label={t('form.password')}
              type="password"
              required={mode === 'create'}
              autoComplete="new-password"
              maxLength={200}
              value={values.password}
              error={errorOf('password')}
              hint={mode === 'create' ? t('form.passwordCreateHint') : t('form.passwordEditHint')}
              onChange={(e) => set('password', e.target.value)}
            />
            {needsCurrentPassword && (
              <TextField
                label={t('form.currentPassword')}
                type="password"
                required
                autoComplete="current-password"
                maxLength={200}
                value={currentPassword}
                error={errorOf('currentPassword')}
                hint={t('form.currentPasswordHint')}
                onChange={(e) => {
                  setCurrentPassword(e.target.value);
                  if (errors.currentPassword)
                    setErrors(({ currentPassword: _removed, ...rest }) => rest);
                }}
              />
            )}
            <CheckField
              label={t('form.isAdmin')}
              hint={t('form.isAdminHint')}
              checked={values.isAdmin}
              onChange={(checked) => set('isAdmin', checked)}
            />
          </div>
        </fieldset>

        <fieldset className="adv-form__section">
          <legend>{t('form.sections.profile')}</legend>
          {/* An existing advisor's photo is set at once (an upload needs her id). */}
          {advisor && (
            <AdvisorPhotoField
              advisorId={advisor.advisorId}
              name={advisor.name}
              photo={advisor.photo}
              onChange={(photo) => setPhotoInCache(queryClient, advisor.advisorId, photo)}
            />
          )}
          <div className="adv-form__grid">
            <TextField
              label={t('form.title')}
              placeholder={t('form.titlePlaceholder')}
              maxLength={120}
              value={values.title}
              error={errorOf('title')}
              onChange={(e) => set('title', e.target.value)}
            />
            <TextField
              label={t('form.phone')}
              type="tel"
              maxLength={40}
              value={values.phone}
              error={errorOf('phone')}
              onChange={(e) => set('phone', e.target.value)}
            />
            <Field label={t('form.timezone')} error={errorOf('timezone')}>
              {(control) => (
                <select
                  className="select"
                  {...control}
                  value={values.timezone}
                  onChange={(e) => set('timezone', e.target.value as AdvisorTimezone)}
                >
                  {advisorTimezones.map((zone) => (
                    <option key={zone} value={zone}>
                      {t(`timezones.${zone}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <ExpertiseInput
            value={values.expertise}
            onChange={(next) => set('expertise', next)}
            error={errorOf('expertise')}
          />
          <Field label={t('form.bio')} error={errorOf('bio')}>
            {(control) => (
              <textarea
                className="textarea"
                rows={3}
                maxLength={2000}
                {...control}
                value={values.bio}
                onChange={(e) => set('bio', e.target.value)}
              />
            )}
          </Field>
          <CheckField
            label={t('form.showOnLanding')}
            hint={t('form.showOnLandingHint')}
            checked={values.showOnLanding}
            onChange={(checked) => set('showOnLanding', checked)}
          />
        </fieldset>

        <fieldset className="adv-form__section">
          <legend>{t('form.sections.settings')}</legend>
          <div className="adv-form__grid">
            <TextField
              label={t('form.maxConcurrentCalls')}
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              value={values.maxConcurrentCalls}
              error={errorOf('maxConcurrentCalls')}
              hint={t('form.maxConcurrentCallsHint')}
              onChange={(e) => set('maxConcurrentCalls', e.target.value)}
            />
            <CheckField
              label={t('form.autoAcceptCalls')}
              checked={values.autoAcceptCalls}
              onChange={(checked) => set('autoAcceptCalls', checked)}
            />
          </div>
        </fieldset>

        <fieldset className="adv-form__section">
          <legend>{t('form.sections.workingHours')}</legend>
          <WorkingHoursEditor
            value={values.workingHours}
            errors={errors}
            onChange={(next) => {
              setValues((current) => ({ ...current, workingHours: next }));
              setErrors((current) =>
                Object.fromEntries(
                  Object.entries(current).filter(([path]) => !path.startsWith('workingHours')),
                ),
              );
            }}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
