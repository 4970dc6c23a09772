import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type TextFieldProps } from './Field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A labelled password input with a 'Mostrar' / 'Ocultar' button inside its edge, so a long
 * password on a phone need not be typed blind. The button says what a press does next ('Mostrar
 * contraseña' / 'Ocultar contraseña' to a screen reader, its visible word part of that name) and
 * is never a submit.
 */
export function PasswordField({
  label,
  error,
  hint,
  required,
  className,
  disabled,
  ...input
}: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <div className="password-field">
          <input
            className="input"
            {...input}
            {...control}
            disabled={disabled}
            type={shown ? 'text' : 'password'}
          />
          <button
            type="button"
            className="password-field__toggle"
            aria-controls={control.id}
            disabled={disabled}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? t('password.hide') : t('password.show')}{' '}
            <span className="visually-hidden">{t('password.what')}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
