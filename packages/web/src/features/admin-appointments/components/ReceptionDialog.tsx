import {
  appointmentPath,
  type Advisor,
  type AppointmentKind,
  type DeskBookingResponse,
  type Language,
} from '@belleza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, LoadFailed, Modal, Spinner, TextField, toast } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatTime, limaDayOf } from '@/lib/format';
import { useBookAtDesk, useDeskServices, useDeskSlots } from '../api/desk';
import { ADMIN_TOAST_MS } from '../utils/toasts';
import type { NewAtDesk } from './WeekView';

export type ReceptionDialogProps = {
  /** the whole team (the dialog offers those who may take what is booked) */
  advisors: readonly Advisor[];
  /** chosen in the week view: the stylist and the time to start from */
  prefill: NewAtDesk | null;
  now: number;
  onClose: () => void;
};

type Errors = Partial<
  Record<'service' | 'advisor' | 'slot' | 'name' | 'phone' | 'consent', string>
>;

/**
 * 'Nueva cita' at the reception, for a client who phones or walks in: a video consultation or a
 * service of the catalogue, the stylist (for a service, only those who do it), a free slot of
 * hers on a day, the client's name, phone and optional e-mail, and her consent given by word of
 * mouth (ticked by the staff). Booked, it says what became of her confirmation e-mail and offers
 * her manage link to pass on.
 */
export function ReceptionDialog({ advisors, prefill, now, onClose }: ReceptionDialogProps) {
  const { t } = useTranslation('admin-appointments');
  const services = useDeskServices();
  const book = useBookAtDesk();
  const [kind, setKind] = useState<AppointmentKind>('consultation');
  const [serviceId, setServiceId] = useState('');
  const [advisorId, setAdvisorId] = useState(prefill?.advisorId ?? '');
  const [day, setDay] = useState(limaDayOf(prefill?.at ?? now));
  const [startsAt, setStartsAt] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>('es');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<DeskBookingResponse | null>(null);

  const service = (services.data ?? []).find((s) => s.serviceId === serviceId);
  const candidates = advisors.filter((a) =>
    kind === 'service'
      ? (service?.stylistIds.includes(a.advisorId) ?? false)
      : !a.profile.isAdmin || a.profile.showOnLanding,
  );
  const stylist = candidates.find((a) => a.advisorId === advisorId);
  const ready = stylist && (kind === 'consultation' || service);
  const slots = useDeskSlots(
    ready ? { advisorId: stylist.advisorId, serviceId: service?.serviceId ?? null, day } : null,
  );
  const free = slots.data?.slots ?? [];
  // The time chosen, or the first free one from the time the week view was clicked at.
  const wanted = prefill && limaDayOf(prefill.at) === day ? prefill.at : null;
  const slot = free.some((s) => s.startsAt === startsAt)
    ? startsAt
    : wanted !== null && startsAt === ''
      ? (free.find((s) => Date.parse(s.startsAt) >= wanted)?.startsAt ?? '')
      : '';
  const busy = book.isPending;
  const formId = 'aa-reception-form';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (kind === 'service' && !service) next.service = t('desk.errors.service');
    if (!stylist) next.advisor = t('desk.errors.advisor');
    if (!slot) next.slot = t('desk.errors.slot');
    if (!name.trim()) next.name = t('desk.errors.name');
    if (!phone.trim()) next.phone = t('desk.errors.phone');
    if (!consent) next.consent = t('desk.errors.consent');
    setErrors(next);
    setRefusal(null);
    if (Object.keys(next).length > 0 || !stylist) return;
    book.mutate(
      {
        kind,
        serviceId: kind === 'service' ? serviceId : null,
        advisorId: stylist.advisorId,
        startsAt: slot,
        name: name.trim(),
        phone: phone.trim(),
        email: email.trim(),
        language,
        verbalConsent: true,
      },
      {
        onSuccess: (done) => {
          setBooked(done);
          toast.success(
            t('toasts.successTitle'),
            t('desk.booked', { name: done.appointment.clientName }),
            {
              duration: ADMIN_TOAST_MS,
            },
          );
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'SLOT_UNAVAILABLE') {
            setStartsAt('');
            void slots.refetch();
            setRefusal(t('desk.slotTaken'));
          } else setRefusal(errorMessage(error));
        },
      },
    );
  };

  if (booked) return <ReceptionDone booked={booked} onClose={onClose} />;

  return (
    <Modal
      open
      size="md"
      title={t('desk.title')}
      onClose={busy ? () => undefined : onClose}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('actions.back')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('desk.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className="aa-dialog aa-reception" onSubmit={submit} noValidate>
        <fieldset className="aa-reception__kind">
          <legend>{t('desk.kind')}</legend>
          {(['consultation', 'service'] as const).map((k) => (
            <label key={k} className="aa-reception__radio">
              <input
                type="radio"
                name="aa-reception-kind"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setStartsAt('');
                }}
              />{' '}
              {t(`kind.${k}`)}
            </label>
          ))}
        </fieldset>

        {kind === 'service' &&
          (services.isPending ? (
            <Spinner label={t('desk.servicesLoading')} />
          ) : services.isError ? (
            <LoadFailed
              what={t('desk.servicesError')}
              error={services.error}
              retrying={services.isFetching}
              onRetry={() => void services.refetch()}
            />
          ) : (
            <Field label={t('desk.service')} error={errors.service} required>
              {(control) => (
                <select
                  {...control}
                  className="select"
                  value={serviceId}
                  onChange={(e) => {
                    setServiceId(e.target.value);
                    setStartsAt('');
                  }}
                >
                  <option value="">{t('desk.chooseService')}</option>
                  {(services.data ?? []).map((s) => (
                    <option key={s.serviceId} value={s.serviceId}>
                      {t('serviceDetail', { name: s.name, minutes: s.durationMinutes })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}

        <Field
          label={t('desk.advisor')}
          error={errors.advisor}
          hint={kind === 'service' ? t('desk.advisorHint') : undefined}
          required
        >
          {(control) => (
            <select
              {...control}
              className="select"
              value={stylist?.advisorId ?? ''}
              onChange={(e) => {
                setAdvisorId(e.target.value);
                setStartsAt('');
              }}
            >
              <option value="">{t('desk.chooseAdvisor')}</option>
              {candidates.map((a) => (
                <option key={a.advisorId} value={a.advisorId}>
                  {a.name}
                </option>
              ))}
            </select>
          )}
        </Field>

        <div className="aa-reception__when">
          <TextField
            label={t('desk.day')}
            type="date"
            value={day}
            min={limaDayOf(now)}
            onChange={(e) => {
              if (e.target.value) setDay(e.target.value);
              setStartsAt('');
            }}
          />
          <Field label={t('desk.time')} error={errors.slot} required>
            {(control) => (
              <select
                {...control}
                className="select"
                value={slot}
                disabled={!ready || slots.isPending}
                onChange={(e) => setStartsAt(e.target.value)}
              >
                <option value="">
                  {!ready
                    ? t('desk.chooseFirst')
                    : slots.isPending
                      ? t('desk.slotsLoading')
                      : free.length === 0
                        ? t('desk.noSlots')
                        : t('desk.chooseTime')}
                </option>
                {free.map((s) => (
                  <option key={s.startsAt} value={s.startsAt}>
                    {formatTime(s.startsAt)}–{formatTime(s.endsAt)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {slots.isError && (
          <p className="aa-muted" role="alert">
            {errorMessage(slots.error)}
          </p>
        )}

        <TextField
          label={t('desk.name')}
          value={name}
          autoComplete="off"
          error={errors.name}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('desk.phone')}
          type="tel"
          value={phone}
          autoComplete="off"
          error={errors.phone}
          required
          onChange={(e) => setPhone(e.target.value)}
        />
        <TextField
          label={t('desk.email')}
          type="email"
          value={email}
          autoComplete="off"
          hint={t('desk.emailHint')}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field label={t('desk.language')}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={language}
              onChange={(e) => setLanguage(e.target.value === 'en' ? 'en' : 'es')}
            >
              <option value="es">{t('desk.languages.es')}</option>
              <option value="en">{t('desk.languages.en')}</option>
            </select>
          )}
        </Field>
        <div className={['field', errors.consent && 'field--invalid'].filter(Boolean).join(' ')}>
          <label className="aa-reception__consent">
            <input
              type="checkbox"
              checked={consent}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? 'aa-reception-consent-error' : undefined}
              onChange={(e) => setConsent(e.target.checked)}
            />{' '}
            {t('desk.consent')}
          </label>
          {errors.consent && (
            <p className="field__error" id="aa-reception-consent-error" role="alert">
              {errors.consent}
            </p>
          )}
        </div>
        {refusal && (
          <p className="admin-error" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** Booked: what became of her confirmation e-mail, and her manage link to pass on. */
function ReceptionDone({ booked, onClose }: { booked: DeskBookingResponse; onClose: () => void }) {
  const { t } = useTranslation('admin-appointments');
  const a = booked.appointment;
  const link = `${window.location.origin}${appointmentPath(a.appointmentId, booked.key)}`;
  return (
    <Modal
      open
      size="md"
      title={t('desk.doneTitle')}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('desk.close')}</Button>}
    >
      <div className="aa-dialog">
        <p className="aa-dialog__message">
          {t('desk.doneMessage', {
            name: a.clientName,
            when: formatDateTime(a.startsAt),
            advisor: a.advisor.name,
            what: a.service ? a.service.name : t('kind.consultation'),
          })}
        </p>
        <p>{t(`desk.mail.${booked.mail}`, { email: a.clientEmail })}</p>
        <TextField
          label={t('desk.link')}
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
        />
      </div>
    </Modal>
  );
}
