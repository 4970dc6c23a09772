/**
 * 'Mis citas' (docs/product.md#mis-citas): her booked consultations from today on, soonest first,
 * with when (Lima time), the client's name, subject, phone and message, a countdown to the next one
 * that moves with the clock, and 'Cancelar cita' (confirmed; the server e-mails the visitor). Kept
 * live by the dashboard's socket (`appointment:changed`).
 */
import type { StaffAppointment } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Modal, Spinner, toast } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatTime } from '@/lib/format';
import { useCancelAppointment, useMyAppointments } from '../api/appointments';
import { countdownTo, dayWordOf, isExpected, type Countdown } from '../utils/appointments';
import { subjectLabel } from '../utils/call-display';

/** The countdown counts whole minutes: reading the clock this often keeps it on time. */
export const APPOINTMENTS_TICK_MS = 15_000;

type T = ReturnType<typeof useTranslation>['t'];

function countdownText(countdown: Countdown, t: T): string {
  switch (countdown.kind) {
    case 'now':
      return t('appointments.countdown.now');
    case 'minutes':
      return t('appointments.countdown.minutes', { minutes: countdown.minutes });
    case 'hours':
      return countdown.minutes === 0
        ? t('appointments.countdown.hours', { hours: countdown.hours })
        : t('appointments.countdown.hoursMinutes', countdown);
    case 'days':
      return t('appointments.countdown.days', { count: countdown.days });
  }
}

function whenText(startsAt: string, now: number, t: T): string {
  const time = formatTime(startsAt);
  switch (dayWordOf(startsAt, now)) {
    case 'today':
      return t('appointments.today', { time });
    case 'tomorrow':
      return t('appointments.tomorrow', { time });
    case null:
      return t('appointments.onDate', { date: formatDate(startsAt), time });
  }
}

export function AppointmentsPanel({ advisorId }: { advisorId: string }) {
  const { t } = useTranslation(['advisor', 'common']);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), APPOINTMENTS_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const list = useMyAppointments(advisorId);
  const cancel = useCancelAppointment(advisorId);
  const [confirming, setConfirming] = useState<StaffAppointment | null>(null);
  const appointments = (list.data ?? []).filter((a) => isExpected(a, now));

  const handleCancel = (appointment: StaffAppointment) => {
    cancel.mutate(appointment.appointmentId, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(
          t('appointments.cancelledTitle'),
          t('appointments.cancelled', { name: appointment.clientName }),
        );
      },
      onError: (error) => {
        setConfirming(null);
        toast.error(t('appointments.cancelFailed'), errorMessage(error));
      },
    });
  };

  const title = t('appointments.title');
  return (
    <Card className="advisor-appointments" title={title} aria-label={title}>
      {list.isPending ? (
        <Spinner label={t('appointments.loading')} />
      ) : list.isError && !list.data ? (
        <div className="advisor-past-calls__error" role="alert">
          <p>
            <strong>{t('appointments.loadFailed')}</strong> {errorMessage(list.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : appointments.length === 0 ? (
        <div className="advisor-calls__empty">
          <p>{t('appointments.empty')}</p>
          <p className="advisor-muted">{t('appointments.emptyHint')}</p>
        </div>
      ) : (
        <ul className="advisor-appointments__list">
          {appointments.map((appointment, index) => (
            <li key={appointment.appointmentId}>
              <AppointmentRow
                appointment={appointment}
                now={now}
                next={index === 0}
                onCancel={() => setConfirming(appointment)}
              />
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={confirming !== null}
        size="sm"
        title={t('appointments.confirmTitle')}
        onClose={() => {
          if (!cancel.isPending) setConfirming(null);
        }}
        closeOnBackdrop={!cancel.isPending}
        footer={
          <>
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => setConfirming(null)}
            >
              {t('appointments.confirmBack')}
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => confirming && handleCancel(confirming)}
            >
              {t('appointments.confirm')}
            </Button>
          </>
        }
      >
        {confirming && (
          <>
            <p>
              {t('appointments.confirmMessage', {
                name: confirming.clientName,
                when: whenText(confirming.startsAt, now, t),
              })}
            </p>
            <p className="advisor-muted">{t('appointments.confirmNotice')}</p>
          </>
        )}
      </Modal>
    </Card>
  );
}

type RowProps = {
  appointment: StaffAppointment;
  now: number;
  /** the soonest: it shows the countdown */
  next: boolean;
  onCancel: () => void;
};

function AppointmentRow({ appointment, now, next, onCancel }: RowProps) {
  const { t } = useTranslation('advisor');
  const { clientName, clientPhone, message, startsAt } = appointment;
  // Once it started she is entering or missed: the server refuses a cancel then.
  const started = Date.parse(startsAt) <= now;
  return (
    <article
      className={`advisor-appointment${next ? ' advisor-appointment--next' : ''}`}
      aria-label={t('appointments.itemLabel', { name: clientName })}
    >
      <div className="advisor-appointment__when">
        <time dateTime={startsAt}>{whenText(startsAt, now, t)}</time>
        {next && (
          <Badge tone={started ? 'success' : 'primary'} role="timer">
            {countdownText(countdownTo(startsAt, now), t)}
          </Badge>
        )}
      </div>
      <div className="advisor-appointment__info">
        <p className="advisor-appointment__name">{clientName}</p>
        {appointment.service ? (
          <p>
            <Badge tone="info">{t('appointments.inSalon')}</Badge>{' '}
            {t('appointments.serviceDetail', {
              name: appointment.service.name,
              minutes: appointment.service.durationMinutes,
            })}
          </p>
        ) : (
          <p>
            <Badge tone="neutral">{t('appointments.video')}</Badge>{' '}
            {subjectLabel(appointment.subject, t('calls.subjectFallback'), t)}
          </p>
        )}
        <p>
          <span className="advisor-muted">{t('appointments.phone')} </span>
          <a href={`tel:${clientPhone.replace(/[^\d+]/g, '')}`}>{clientPhone}</a>
        </p>
        {message && <p className="advisor-appointment__message">{message}</p>}
        {appointment.bookedBy && (
          <p className="advisor-muted">
            {t('appointments.bookedBy', { name: appointment.bookedBy.name })}
          </p>
        )}
      </div>
      {!started && (
        <div className="advisor-appointment__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('appointments.cancelOf', { name: clientName })}
            onClick={onCancel}
          >
            {t('appointments.cancel')}
          </Button>
        </div>
      )}
    </article>
  );
}
