import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui';

export type ContactValues = { name: string; phone: string; email: string };

export type ContactFieldsProps = {
  values: ContactValues;
  /** the translated error of a field, or null */
  errorOf: (field: keyof ContactValues) => string | null;
  onChange: (field: keyof ContactValues, value: string) => void;
  /** said under the optional e-mail (what she gets if she leaves one) */
  emailHint?: string;
};

/**
 * Her name, phone and optional e-mail: the same fields, labels and limits wherever she leaves
 * them (the consultation request and a booking).
 */
export function ContactFields({ values, errorOf, onChange, emailHint }: ContactFieldsProps) {
  const { t } = useTranslation('consultation');
  return (
    <>
      <TextField
        label={t('form.name')}
        name="name"
        autoComplete="name"
        required
        maxLength={120}
        value={values.name}
        error={errorOf('name')}
        onChange={(e) => onChange('name', e.target.value)}
      />
      <TextField
        label={t('form.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        maxLength={40}
        value={values.phone}
        error={errorOf('phone')}
        onChange={(e) => onChange('phone', e.target.value)}
      />
      <TextField
        label={t('form.email')}
        name="email"
        type="email"
        autoComplete="email"
        {...(emailHint ? { hint: emailHint } : {})}
        value={values.email}
        error={errorOf('email')}
        onChange={(e) => onChange('email', e.target.value)}
      />
    </>
  );
}
