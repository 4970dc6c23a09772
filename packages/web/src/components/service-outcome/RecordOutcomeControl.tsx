/**
 * 'Registrar resultado' on a service booking whose time has come (docs/product.md#service-outcomes):
 * done with the final price (the booked price to start with), or not done (she did not come, or it
 * was cancelled in the salon). An admin corrects one already recorded. The server decides who may;
 * this only offers it where it would be accepted.
 */
import {
  finalPriceSchema,
  formatMoney,
  type ServiceOutcomeKind,
  type StaffAppointment,
} from '@belleza/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { siteCurrency } from '@/lib/language';
import { canRecordOutcome, useRecordOutcome } from './service-outcome.api';

export type RecordOutcomeControlProps = {
  appointment: StaffAppointment;
  now: number;
  isAdmin: boolean;
  onRecorded: (appointment: StaffAppointment) => void;
};

const KINDS: readonly ServiceOutcomeKind[] = ['attended', 'no_show', 'cancelled'];

/** What was recorded, in a line: 'Realizado · S/ 120.00', 'No vino'… */
export function OutcomeText({ appointment }: { appointment: StaffAppointment }) {
  const { t } = useTranslation('service-outcome');
  const { outcome, status } = appointment;
  if (!outcome) return null;
  const kind = status === 'attended' ? 'attended' : status === 'no_show' ? 'no_show' : 'cancelled';
  const price =
    outcome.finalPrice === null ? '' : ` · ${formatMoney(outcome.finalPrice, siteCurrency())}`;
  return (
    <span className="service-outcome__text">
      {t(`kinds.${kind}`)}
      {price}
    </span>
  );
}

export function RecordOutcomeControl({
  appointment,
  now,
  isAdmin,
  onRecorded,
}: RecordOutcomeControlProps) {
  const { t } = useTranslation('service-outcome');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ServiceOutcomeKind>('attended');
  const booked = appointment.outcome?.finalPrice ?? appointment.service?.price ?? null;
  const [price, setPrice] = useState(booked === null ? '' : booked.toFixed(2));
  const [invalid, setInvalid] = useState(false);
  const record = useRecordOutcome();

  if (!canRecordOutcome(appointment, now, isAdmin))
    return <OutcomeText appointment={appointment} />;
  const correcting = appointment.outcome !== null;
  const label = correcting ? t('correct') : t('record');

  if (!open) {
    return (
      <span className="service-outcome">
        <OutcomeText appointment={appointment} />
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setOpen(true)}
          aria-label={t('recordFor', { action: label, name: appointment.clientName })}
        >
          {label}
        </Button>
      </span>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    let body;
    if (kind === 'attended') {
      const parsed = finalPriceSchema.safeParse(Number(price.replace(',', '.')));
      if (price.trim() === '' || !parsed.success) {
        setInvalid(true);
        return;
      }
      body = { outcome: 'attended' as const, finalPrice: parsed.data };
    } else {
      body = { outcome: kind };
    }
    setInvalid(false);
    record.mutate(
      { appointmentId: appointment.appointmentId, body },
      {
        onSuccess: (after) => {
          setOpen(false);
          onRecorded(after);
        },
      },
    );
  };

  return (
    <form
      className="service-outcome__form"
      onSubmit={handleSubmit}
      aria-label={t('formOf', { name: appointment.clientName })}
      noValidate
    >
      <fieldset className="service-outcome__kinds">
        <legend>{t('question', { service: appointment.service?.name ?? '' })}</legend>
        {KINDS.map((k) => (
          <label key={k} className="service-outcome__kind">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
            />
            {t(`kinds.${k}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'attended' && (
        <TextField
          label={t('finalPrice', { currency: siteCurrency() })}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={invalid ? t('priceInvalid') : null}
          required
        />
      )}
      {record.isError && (
        <p className="service-outcome__error" role="alert">
          {errorMessage(record.error)}
        </p>
      )}
      <div className="service-outcome__buttons">
        <Button type="submit" size="sm" disabled={record.isPending}>
          {t('save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('close')}
        </Button>
      </div>
    </form>
  );
}
