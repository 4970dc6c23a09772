/**
 * Booking a video consultation for later (docs/product.md#booking), as a step of the consultation
 * dialog: the subject, a stylist or anyone, a day and a time among the free slots; then her
 * details; then the confirmation with the manage link. A slot taken meanwhile offers the nearest
 * free ones at once.
 */
import {
  callSubjects,
  type BookAppointmentResponse,
  type CallSubject,
  type Slot,
} from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alternativesOf,
  AppointmentWhen,
  browserTimeZone,
  FreeSlotPicker,
  SlotAlternatives,
  useSlots,
} from '@/components/appointment-slots';
import { Button, Field } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { useBookAppointment } from '../api/book-appointment';
import {
  emptyBookingDetails,
  hasTyped,
  validateBooking,
  type BookingDetails,
  type BookingErrors,
} from '../utils/booking-form';
import { BookingConfirmation } from './BookingConfirmation';
import { BookingDetailsForm } from './BookingDetailsForm';
import { StylistChoice } from './StylistChoice';
import '../booking.css';

export type BookingFlowProps = {
  /** the subject of the call button she pressed */
  subject: CallSubject;
  /** back to what the consultation dialog showed before */
  onBack: () => void;
  onClose: () => void;
  /** told whenever there is something she would lose by closing, or no longer */
  onDirtyChange?: (dirty: boolean) => void;
  /** her zone (tests fix it); the browser's by default */
  timeZone?: string;
};

type Step =
  | { kind: 'when' }
  | { kind: 'details' }
  | { kind: 'taken'; alternatives: Slot[] }
  | { kind: 'done'; booked: BookAppointmentResponse; email: string };

export function BookingFlow({
  subject: initialSubject,
  onBack,
  onClose,
  onDirtyChange,
  timeZone = browserTimeZone(),
}: BookingFlowProps) {
  const { t } = useTranslation('appointments');
  const [subject, setSubject] = useState<CallSubject>(initialSubject);
  const [advisorId, setAdvisorId] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [details, setDetails] = useState<BookingDetails>(emptyBookingDetails);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [refusals, setRefusals] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'when' });
  const [slotMissing, setSlotMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [booking, setBooking] = useState<string | null>(null);
  // The stylists she may choose come with every answer; the unfiltered one keeps them listed
  // while another stylist's slots load.
  const choosable = useSlots({ subject });
  const book = useBookAppointment();

  const dirty = step.kind !== 'done' && (hasTyped(details) || slot !== null);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  // Each step starts with its heading (the button pressed to get there is gone), so the focus
  // and a screen reader follow the steps.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [step.kind]);
  const go = setStep;

  const setDetail = <K extends keyof BookingDetails>(key: K, value: BookingDetails[K]) => {
    setDetails((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function submit(chosen: Slot) {
    const result = validateBooking(
      details,
      { subject, advisorId, startsAt: chosen.startsAt },
      currentLanguage(),
      timeZone,
    );
    if (!result.ok) {
      setErrors(result.errors);
      setRefusals((n) => n + 1);
      if (step.kind !== 'details') go({ kind: 'details' });
      return;
    }
    setErrors({});
    setFailure(null);
    setBooking(chosen.startsAt);
    book.mutate(result.body, {
      onSuccess: (booked) => go({ kind: 'done', booked, email: details.email.trim() }),
      onError: (error) => {
        const alternatives = alternativesOf(error);
        if (alternatives) {
          setSlot(null);
          go({ kind: 'taken', alternatives });
        } else setFailure(errorMessage(error));
      },
      onSettled: () => setBooking(null),
    });
  }

  const advisors = choosable.data?.advisors ?? [];
  const chosenAdvisor = advisors.find((a) => a.advisorId === advisorId) ?? null;
  const bookable = choosable.data?.enabled !== false;

  switch (step.kind) {
    case 'when':
      return (
        <div className="booking">
          <h3 className="consult-form__heading" ref={headingRef} tabIndex={-1}>
            {t('book.whenTitle')}
          </h3>
          <p className="consult-form__intro">{t('book.intro')}</p>
          <div className="booking__filters">
            <Field label={t('book.subject')}>
              {(control) => (
                <select
                  className="input"
                  {...control}
                  value={subject}
                  onChange={(e) => {
                    const next = callSubjects.find((s) => s === e.target.value);
                    if (!next) return;
                    setSubject(next);
                    setSlot(null);
                  }}
                >
                  {callSubjects.map((s) => (
                    <option key={s} value={s}>
                      {t(`subjects.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {advisors.length > 0 && (
            <StylistChoice
              advisors={advisors}
              value={advisorId}
              onChange={(next) => {
                setAdvisorId(next);
                setSlot(null);
              }}
            />
          )}
          <FreeSlotPicker
            filter={{ subject, advisorId }}
            value={slot?.startsAt ?? null}
            onChange={(next) => {
              setSlot(next);
              setSlotMissing(false);
            }}
            timeZone={timeZone}
          />
          {slotMissing && (
            <p className="field__error" role="alert">
              {t('book.pickSlot')}
            </p>
          )}
          <div className="consult-form__actions">
            <Button variant="ghost" onClick={onBack}>
              {t('book.back')}
            </Button>
            {bookable && (
              <Button
                onClick={() => {
                  if (slot) go({ kind: 'details' });
                  else setSlotMissing(true);
                }}
              >
                {t('book.next')}
              </Button>
            )}
          </div>
        </div>
      );
    case 'details':
      if (!slot) return null;
      return (
        <div className="booking">
          <h3 className="consult-form__heading" ref={headingRef} tabIndex={-1}>
            {t('book.detailsTitle')}
          </h3>
          <div className="booking__summary">
            <AppointmentWhen startsAt={slot.startsAt} timeZone={timeZone} />
            <span>
              {chosenAdvisor ? t('book.with', { name: chosenAdvisor.name }) : t('book.withAny')}
            </span>
            <Button variant="ghost" size="sm" onClick={() => go({ kind: 'when' })}>
              {t('book.change')}
            </Button>
          </div>
          <BookingDetailsForm
            values={details}
            errors={errors}
            refusals={refusals}
            busy={book.isPending}
            failure={failure}
            onChange={setDetail}
            onSubmit={() => submit(slot)}
            onBack={() => go({ kind: 'when' })}
          />
        </div>
      );
    case 'taken':
      return (
        <div className="booking">
          {/* It moves the focus to what happened itself. */}
          <SlotAlternatives
            alternatives={step.alternatives}
            busyWith={booking}
            onPick={submit}
            onOther={() => go({ kind: 'when' })}
            timeZone={timeZone}
          />
          {failure && (
            <p className="booking-failure" role="alert">
              {failure}
            </p>
          )}
        </div>
      );
    case 'done':
      return (
        <BookingConfirmation
          booked={step.booked}
          email={step.email}
          onClose={onClose}
          timeZone={timeZone}
        />
      );
  }
}
