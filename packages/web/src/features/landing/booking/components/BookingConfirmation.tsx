import {
  APPOINTMENT_JOIN_EARLY_MINUTES,
  appointmentPath,
  type BookAppointmentResponse,
} from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentFacts } from '@/components/appointment-slots';
import { Button, Field } from '@/components/ui';

export type BookingConfirmationProps = {
  booked: BookAppointmentResponse;
  /** the address she gave, '' when none (what became of its e-mail is `booked.mail`) */
  email: string;
  onClose: () => void;
  timeZone: string;
};

/**
 * Booked: when, with whom and about what, and the private manage link (the key only in its
 * fragment) to keep, copy or open; whether the e-mail she gave gets the same, as the server says
 * (an address not confirmed yet gets one e-mail only: docs/product.md#e-mail).
 */
export function BookingConfirmation({
  booked,
  email,
  onClose,
  timeZone,
}: BookingConfirmationProps) {
  const { t } = useTranslation('appointments');
  const { appointment, key } = booked;
  const path = appointmentPath(appointment.appointmentId, key);
  const address = `${window.location.origin}${path}`;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      // No clipboard (an old browser, a refused permission): the link is selected to copy by hand.
      linkRef.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="booking-done">
      <p className="booking-done__title" role="status" ref={titleRef} tabIndex={-1}>
        {t('done.title')}
      </p>
      <AppointmentFacts appointment={appointment} timeZone={timeZone} />
      {email && booked.mail !== 'none' && (
        <p className="booking-done__note">
          {t(booked.mail === 'held' ? 'done.emailHeld' : 'done.emailed', { email })}
        </p>
      )}
      {email && booked.mail === 'sent_with_confirmation' && (
        <p className="booking-done__note">{t('done.confirmHint')}</p>
      )}
      <p className="booking-done__note">
        {t('done.joinHint', { count: APPOINTMENT_JOIN_EARLY_MINUTES })}
      </p>
      <Field label={t('done.linkLabel')} hint={t('done.linkHint')}>
        {(control) => (
          <input
            ref={linkRef}
            className="input"
            readOnly
            value={address}
            onFocus={(e) => e.currentTarget.select()}
            {...control}
          />
        )}
      </Field>
      <div className="booking-done__link-actions">
        <Button variant="secondary" size="sm" onClick={() => void handleCopy()}>
          {t('done.copy')}
        </Button>
        <a className="btn btn--ghost btn--sm" href={path}>
          {t('done.open')}
        </a>
      </div>
      {copied && (
        <p className="booking-done__copied" role="status">
          {copied === 'yes' ? t('done.copied') : t('done.copyFailed')}
        </p>
      )}
      <div className="consult-form__actions">
        <Button onClick={onClose}>{t('done.close')}</Button>
      </div>
    </div>
  );
}
