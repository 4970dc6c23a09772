/**
 * The consultation form (docs/product.md#request-form): name, phone, message required; email
 * optional; consent; "remember me" (docs/product.md#returning-clients); for a hair topic, the folded hair intake (docs/product.md#hair-intake).
 */
import {
  callSubjects,
  DEFAULT_RETENTION_DAYS,
  PRIVACY_PATH,
  RETURNING_CLIENT_DAYS,
  type CallRequestBody,
  type CallSubject,
} from '@belleza/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, Field } from '@/components/ui';
import { currentLanguage } from '@/lib/i18n';
import { ContactFields } from './ContactFields';
import { emptyIntake, intakeBodyOf, IntakeFields, type IntakeValues } from './IntakeFields';
import type { IntakePhotos } from './use-call-request';
import {
  validateRequestForm,
  type FieldErrors,
  type RequestField,
  type RequestFormValues,
} from './form-validation';
import { WhatsappOptIn } from './WhatsappOptIn';

/** The topic the hair intake belongs to (docs/product.md#hair-intake). */
const HAIR_SUBJECT: CallSubject = 'hair_care';

export type RequestFormProps = {
  subject: CallSubject;
  /** the message she starts from (empty unless a plan's button opened the form) */
  initialMessage?: string;
  busy: boolean;
  /**
   * `subject`: the topic she chose, as the contract names it (the body carries its label);
   * `photos`: her hair intake's photos, sent once the call exists
   */
  onSubmit: (
    body: CallRequestBody,
    subject: CallSubject,
    photos?: IntakePhotos,
  ) => Promise<boolean>;
  onCancel: () => void;
  /** Told whenever the form goes from empty to typed in, or back (closing asks first then). */
  onDirtyChange?: (dirty: boolean) => void;
  /** days the chat, photos and summary are kept (`system.retentionDays`), once availability is read */
  retentionDays?: number | undefined;
};

export function RequestForm({
  subject,
  initialMessage = '',
  busy,
  onSubmit,
  onCancel,
  onDirtyChange,
  retentionDays = DEFAULT_RETENTION_DAYS,
}: RequestFormProps) {
  const { t } = useTranslation('consultation');
  const [values, setValues] = useState<RequestFormValues>({
    name: '',
    phone: '',
    email: '',
    subject,
    message: initialMessage,
    consent: false,
  });
  const [intake, setIntake] = useState<IntakeValues>(emptyIntake);
  // "Remember me": unticked unless she ticks it; unticked forgets what was kept of her.
  const [remember, setRemember] = useState(false);
  // WhatsApp too: unticked unless she ticks it (the box shows only where WhatsApp is configured).
  const [whatsapp, setWhatsapp] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<RequestField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submit puts the focus on the first field that needs fixing.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // Typed in by her: a message she was given to start from is not hers to lose yet.
  const dirty =
    [values.name, values.phone, values.email, intake.allergies].some((v) => v.trim() !== '') ||
    intake.chemicalHistory.length > 0 ||
    Object.keys(intake.photos).length > 0 ||
    values.message.trim() !== initialMessage.trim();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (field: RequestField) => {
    const key = errors[field];
    return key ? t(`validation.${key}`) : null;
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The subject label goes to the advisor in Spanish, the product's language.
    const label = t(`subjects.${values.subject}`, { lng: 'es' });
    const result = validateRequestForm(values, label, currentLanguage());
    if (!result.ok) {
      setErrors(result.errors);
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    // The intake belongs to a hair topic: another topic sends none, whatever was typed in it.
    const hair = values.subject === HAIR_SUBJECT;
    const intakeBody = hair ? intakeBodyOf(intake) : undefined;
    // Unticked sends nothing: the server then forgets whatever it kept of her.
    const asked = remember ? { ...result.body, remember: true } : result.body;
    const body = whatsapp ? { ...asked, whatsapp: true } : asked;
    void onSubmit(
      intakeBody ? { ...body, intake: intakeBody } : body,
      values.subject,
      intakeBody ? intake.photos : undefined,
    );
  };

  return (
    <form ref={formRef} className="consult-form" noValidate onSubmit={handleSubmit}>
      <p className="consult-form__intro">{t('form.intro')}</p>
      <ContactFields
        values={values}
        errorOf={errorOf}
        onChange={(field, value) => set(field, value)}
      />
      <Field label={t('form.subject')}>
        {(control) => (
          <select
            className="input"
            {...control}
            value={values.subject}
            onChange={(e) => set('subject', e.target.value as CallSubject)}
          >
            {callSubjects.map((s) => (
              <option key={s} value={s}>
                {t(`subjects.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.subject === HAIR_SUBJECT && <IntakeFields values={intake} onChange={setIntake} />}
      <Field label={t('form.message')} error={errorOf('message')} required>
        {(control) => (
          <textarea
            className="input consult-form__textarea"
            name="message"
            rows={3}
            maxLength={2000}
            placeholder={t('form.messagePlaceholder')}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            {...control}
          />
        )}
      </Field>
      <ConsentCheckbox
        checked={values.consent}
        error={errorOf('consent')}
        textKey="form.consent"
        onChange={(checked) => set('consent', checked)}
      />
      <RememberCheckbox checked={remember} onChange={setRemember} />
      <WhatsappOptIn checked={whatsapp} onChange={setWhatsapp} />
      {/* What is kept and for how long, before she sends anything. */}
      <p className="consult-form__retention">{t('form.retention', { count: retentionDays })}</p>
      <div className="consult-form__actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Her optional consent to be remembered next time, with what is kept (never ticked for her). */
function RememberCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('consultation');
  const hintId = `${useId()}-hint`;
  return (
    <div className="consult-consent consult-remember">
      <label className="consult-consent__label">
        <input
          type="checkbox"
          name="remember"
          checked={checked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('form.remember')}</span>
      </label>
      <p className="consult-remember__hint" id={hintId}>
        {t('form.rememberHint', { days: RETURNING_CLIENT_DAYS })}
      </p>
    </div>
  );
}

/**
 * The consent checkbox; `textKey`'s `<privacy>` part links to the privacy page, in a new tab so
 * that what she typed stays.
 */
export function ConsentCheckbox({
  checked,
  error,
  textKey,
  onChange,
}: {
  checked: boolean;
  error: string | null;
  textKey: 'form.consent' | 'callback.consent';
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('consultation');
  const errorId = `${useId()}-error`;
  return (
    <div className={`consult-consent${error ? ' consult-consent--invalid' : ''}`}>
      <label className="consult-consent__label">
        <input
          type="checkbox"
          name="consent"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          <Trans
            t={t}
            i18nKey={textKey}
            components={{
              // Trans puts the link text inside.
              privacy: <a href={PRIVACY_PATH} target="_blank" rel="noopener" />,
            }}
          />
        </span>
      </label>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
