/**
 * A booking's own page (docs/product.md#manage-page), at `/cita/{appointmentId}#{key}`: when (Lima
 * time and hers), with whom, about what and how it stands; until it starts she can move it to
 * another free slot of the same stylist or cancel it, and from a few minutes before she can enter.
 * The key stays in the fragment, so it reaches the API only as a header.
 */
import { APPOINTMENT_JOIN_EARLY_MINUTES, type Appointment } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { AppointmentFacts, appointmentJoinHref } from '@/components/appointment-slots';
import { LanguageToggle } from '@/components/language-toggle';
import { Badge, Button, type BadgeTone } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { isApiError, isClientError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import type { AppointmentAccess } from './api/appointment-access';
import { useCancelAppointment } from './api/cancel-appointment';
import { useAppointment } from './api/get-appointment';
import { CancelDialog } from './components/CancelDialog';
import { RescheduleDialog } from './components/RescheduleDialog';
import { useNow } from './hooks/use-now';
import { boundariesOf, canChange, phaseOf, type AppointmentPhase } from './utils/appointment-phase';
import '@/styles/public-page.css';
import './appointment.css';

/** The key from the address's fragment; '' when missing or not decodable. */
function keyOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

export function AppointmentPage() {
  const { t } = useTranslation('appointments');
  const { appointmentId = '' } = useParams();
  const { hash } = useLocation();
  const access: AppointmentAccess = { appointmentId, key: keyOf(hash) };
  const appointment = useAppointment(access);
  // A wrong or missing key and an unknown id get the same answer (the server says 404 for both).
  const notFound = access.key === '' || (appointment.isError && isClientError(appointment.error));

  return (
    <main id="main-content" className="public-page appointment-page">
      <header className="public-page__header">
        <Link to="/" reloadDocument className="public-page__back">
          {t('page.back')}
        </Link>
        <LanguageToggle />
      </header>
      <article
        className="public-page__body appointment-page__body"
        aria-labelledby="appointment-title"
      >
        {notFound ? (
          <>
            <h1 id="appointment-title">{t('page.notFound.title')}</h1>
            <p>{t('page.notFound.text')}</p>
            <Link to="/" reloadDocument className="btn btn--primary btn--md">
              {t('page.notFound.home')}
            </Link>
          </>
        ) : appointment.isError ? (
          <>
            <h1 id="appointment-title">{t('page.loadFailed')}</h1>
            <p role="alert">{errorMessage(appointment.error)}</p>
            <Button
              variant="secondary"
              loading={appointment.isFetching}
              onClick={() => void appointment.refetch()}
            >
              {t('page.retry')}
            </Button>
          </>
        ) : appointment.data ? (
          <AppointmentDetails
            appointment={appointment.data}
            access={access}
            onStale={() => void appointment.refetch()}
          />
        ) : (
          <p role="status">{t('page.loading')}</p>
        )}
      </article>
    </main>
  );
}

const badgeTone: Record<AppointmentPhase, BadgeTone> = {
  upcoming: 'success',
  joinable: 'primary',
  over: 'neutral',
  cancelled: 'danger',
  attended: 'info',
  no_show: 'warning',
};

function AppointmentDetails({
  appointment,
  access,
  onStale,
}: {
  appointment: Appointment;
  access: AppointmentAccess;
  /** the server refused a change because the booking moved on: read it again */
  onStale: () => void;
}) {
  const { t } = useTranslation('appointments');
  const now = useNow(boundariesOf(appointment));
  // A service in the salon: no video call to enter, so no entry window either.
  const inSalon = appointment.kind === 'service';
  const reached = phaseOf(appointment, now);
  const phase = inSalon && reached === 'joinable' ? 'upcoming' : reached;
  const changeable = canChange(appointment, now);
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const cancel = useCancelAppointment(access);
  const { advisor } = appointment;

  const handleCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(t('cancel.doneTitle'), t('cancel.done')),
      onError: (error) => {
        toast.error(t('cancel.failed'), errorMessage(error));
        if (isApiError(error) && error.code === 'APPOINTMENT_CLOSED') onStale();
      },
      onSettled: () => setDialog(null),
    });

  return (
    <>
      <h1 id="appointment-title">{t('page.title', { name: appointment.clientName })}</h1>
      <AppointmentFacts
        appointment={appointment}
        status={<Badge tone={badgeTone[phase]}>{t(`page.status.${phase}`)}</Badge>}
      />

      {inSalon && phase === 'upcoming' && (
        <p className="appointment-page__note">{t('page.inSalonNote')}</p>
      )}
      {phase === 'joinable' && (
        <section className="appointment-page__join" aria-labelledby="appointment-join">
          <h2 id="appointment-join">{t('page.joinTitle')}</h2>
          <p>{t('page.joinNow', { name: advisor.name })}</p>
          <a
            className="btn btn--primary btn--lg"
            href={appointmentJoinHref(appointment.appointmentId, access.key)}
          >
            {t('page.join')}
          </a>
        </section>
      )}
      {phase === 'upcoming' && !inSalon && (
        <p className="appointment-page__note">
          {t('page.joinHint', { count: APPOINTMENT_JOIN_EARLY_MINUTES })}
        </p>
      )}
      {phase === 'cancelled' && (
        <p className="appointment-page__note">
          {t('page.cancelledNote')}{' '}
          <Link to="/" reloadDocument>
            {t('page.bookAgain')}
          </Link>
        </p>
      )}
      {(phase === 'over' || phase === 'attended' || phase === 'no_show') && (
        <p className="appointment-page__note">{t('page.pastNote')}</p>
      )}

      {changeable && (
        <div className="appointment-page__actions">
          <Button variant="secondary" onClick={() => setDialog('reschedule')}>
            {t('page.reschedule')}
          </Button>
          <Button variant="ghost" onClick={() => setDialog('cancel')}>
            {t('page.cancel')}
          </Button>
        </div>
      )}

      <CancelDialog
        open={dialog === 'cancel'}
        busy={cancel.isPending}
        onKeep={() => setDialog(null)}
        onConfirm={handleCancel}
      />
      {dialog === 'reschedule' && (
        <RescheduleDialog
          appointment={appointment}
          access={access}
          onClose={() => setDialog(null)}
          onClosedMeanwhile={() => {
            setDialog(null);
            onStale();
          }}
        />
      )}
    </>
  );
}
