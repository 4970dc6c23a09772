/**
 * Nobody online: instead of a dead end, the visitor leaves a callback request (name, phone,
 * preferred time) that reaches the admins as a lead.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, TextField } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { requestCallback } from './consultation.api';
import {
  validateCallbackForm,
  type CallbackField,
  type CallbackFormValues,
  type FieldErrors,
} from './form-validation';
import { ConsentCheckbox } from './RequestForm';

export function CallbackForm({
  onClose,
  initialMessage = '',
}: {
  onClose: () => void;
  /** what the message starts with (a plan's button names the plan) */
  initialMessage?: string;
}) {
  const { t } = useTranslation('consultation');
  const [values, setValues] = useState<CallbackFormValues>({
    name: '',
    phone: '',
    preferredTime: '',
    message: initialMessage,
    consent: false,
  });
  const [errors, setErrors] = useState<FieldErrors<CallbackField>>({});
  const mutation = useMutation({
    mutationFn: requestCallback,
    onSuccess: () => toast.success(t('callback.doneTitle'), t('callback.doneMessage')),
    onError: (error) => toast.error(t('callback.errorTitle'), errorMessage(error)),
  });

  const set = <K extends keyof CallbackFormValues>(key: K, value: CallbackFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (field: CallbackField) => {
    const key = errors[field];
    return key ? t(`validation.${key}`) : null;
  };

  if (mutation.isSuccess) {
    return (
      <div className="consult-done" role="status">
        <p className="consult-done__title">{t('callback.doneTitle')}</p>
        <p>{t('callback.doneMessage')}</p>
        <Button onClick={onClose}>{t('callback.close')}</Button>
      </div>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCallbackForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.body);
  };

  return (
    <form className="consult-form" noValidate onSubmit={handleSubmit}>
      <h3 className="consult-form__heading">{t('callback.title')}</h3>
      <p className="consult-form__intro">{t('callback.intro')}</p>
      <TextField
        label={t('form.name')}
        name="name"
        autoComplete="name"
        required
        value={values.name}
        error={errorOf('name')}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextField
        label={t('form.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        value={values.phone}
        error={errorOf('phone')}
        onChange={(e) => set('phone', e.target.value)}
      />
      <TextField
        label={t('callback.preferredTime')}
        name="preferredTime"
        placeholder={t('callback.preferredTimePlaceholder')}
        maxLength={120}
        value={values.preferredTime}
        error={errorOf('preferredTime')}
        onChange={(e) => set('preferredTime', e.target.value)}
      />
      <Field label={t('callback.message')} error={errorOf('message')}>
        {(control) => (
          <textarea
            className="input consult-form__textarea"
            name="message"
            rows={2}
            maxLength={2000}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            {...control}
          />
        )}
      </Field>
      <ConsentCheckbox
        checked={values.consent}
        error={errorOf('consent')}
        textKey="callback.consent"
        onChange={(checked) => set('consent', checked)}
      />
      <div className="consult-form__actions">
        <Button variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {mutation.isPending ? t('form.submitting') : t('callback.submit')}
        </Button>
      </div>
    </form>
  );
}
