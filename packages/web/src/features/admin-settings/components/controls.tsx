import type { ReactNode } from 'react';
import { Field, TextField } from '@/components/ui';

export type FieldBinding = {
  /** the translated error to show, or null */
  error: string | null;
  onBlur: () => void;
};

type NumberFieldProps = FieldBinding & {
  label: string;
  value: string;
  min: number;
  max: number;
  hint?: ReactNode;
  onChange: (value: string) => void;
};

/**
 * A whole-number input. The form is `noValidate`, so the settings' own range messages show, not the
 * browser's.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  hint,
  error,
  onBlur,
  onChange,
}: NumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={value}
      hint={hint}
      error={error}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

type ToggleProps = {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

export function Toggle({ label, hint, checked, onChange }: ToggleProps) {
  return (
    <label className="settings-toggle">
      <input
        type="checkbox"
        className="settings-toggle__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="settings-toggle__text">
        <span className="settings-toggle__label">{label}</span>
        {hint && <span className="settings-toggle__hint">{hint}</span>}
      </span>
    </label>
  );
}

/** A native select over a fixed list of values (a value not in the list is never sent). */
export function ChoiceField<T extends string>({
  label,
  hint,
  value,
  options,
  labelOf,
  onChange,
}: {
  label: string;
  hint?: string;
  value: T;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <select
          className="select"
          {...control}
          value={value}
          onChange={(event) => {
            const chosen = options.find((o) => o === event.target.value);
            if (chosen) onChange(chosen);
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
