import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components/ui';
import { ContactFields } from '../../consultation/ContactFields';
import { ConsentCheckbox } from '../../consultation/RequestForm';
import { WhatsappOptIn } from '../../consultation/WhatsappOptIn';
import type { BookingDetails, BookingErrors, BookingField } from '../utils/booking-form';

export type BookingDetailsFormProps = {
  values: BookingDetails;
  errors: BookingErrors;
  /** how many submits were refused so far: each one moves the focus to the first bad field */
  refusals: number;
  busy: boolean;
  /** a refusal that is not about one field (the salon stopped taking bookings, the network) */
  failure: string | null;
  onChange: <K extends keyof BookingDetails>(key: K, value: BookingDetails[K]) => void;
  onSubmit: () => void;
  onBack: () => void;
};

/** Her name, phone, optional e-mail and message, and consent: the request form's fields. */
export function BookingDetailsForm({
  values,
  errors,
  refusals,
  busy,
  failure,
  onChange,
  onSubmit,
  onBack,
}: BookingDetailsFormProps) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation('consultation');
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submit puts the focus on the first field that needs fixing.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const errorOf = (field: BookingField) => {
    const key = errors[field];
    return key ? tc(`validation.${key}`) : null;
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form ref={formRef} className="consult-form" noValidate onSubmit={handleSubmit}>
      <ContactFields
        values={values}
        errorOf={errorOf}
        onChange={(field, value) => onChange(field, value)}
        emailHint={t('book.emailHint')}
      />
      <Field label={t('book.message')} error={errorOf('message')}>
        {(control) => (
          <textarea
            className="input consult-form__textarea"
            name="message"
            rows={2}
            maxLength={2000}
            placeholder={tc('form.messagePlaceholder')}
            value={values.message}
            onChange={(e) => onChange('message', e.target.value)}
            {...control}
          />
        )}
      </Field>
      <ConsentCheckbox
        checked={values.consent}
        error={errorOf('consent')}
        textKey="form.consent"
        onChange={(checked) => onChange('consent', checked)}
      />
      <WhatsappOptIn
        checked={values.whatsapp ?? false}
        onChange={(checked) => onChange('whatsapp', checked)}
      />
      {failure && (
        <p className="booking-failure" role="alert">
          {failure}
        </p>
      )}
      <div className="consult-form__actions">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {t('book.back')}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? t('book.submitting') : t('book.submit')}
        </Button>
      </div>
    </form>
  );
}
