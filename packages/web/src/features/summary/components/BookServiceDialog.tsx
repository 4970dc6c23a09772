/**
 * "Reservar" a service of her plan in the salon: the free slots with the service's own duration
 * (her stylist's when she does it, otherwise the salon's other stylists who do it, and the dialog
 * says which), booked with the details she gave for the call. A slot taken meanwhile offers the
 * nearest free ones; once booked, the private link to her booking's page.
 */
import {
  appointmentPath,
  type BookAppointmentResponse,
  type ServiceSlotsResponse,
  type Slot,
} from '@belleza/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alternativesOf,
  AppointmentFacts,
  browserTimeZone,
  SlotAlternatives,
  SlotPicker,
} from '@/components/appointment-slots';
import { Button, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { bookPlanService, serviceSlotsQuery, type SummaryAccess } from '../api/summary';

export type BookServiceDialogProps = {
  access: SummaryAccess;
  serviceId: string;
  serviceName: string;
  clientName: string;
  onClose: () => void;
  /** her zone (tests fix it); the browser's by default */
  timeZone?: string;
};

function Intro({ found, clientName }: { found: ServiceSlotsResponse; clientName: string }) {
  const { t } = useTranslation('summary');
  const minutes = found.service.durationMinutes;
  return (
    <>
      <p>
        {found.stylist === 'same' && found.advisor
          ? t('bookService.same', { name: found.advisor.name, minutes })
          : t('bookService.other', { minutes })}
      </p>
      <p className="summary-book__as">{t('bookService.as', { name: clientName })}</p>
    </>
  );
}

function Booked({ booked }: { booked: BookAppointmentResponse }) {
  const { t } = useTranslation('summary');
  const path = appointmentPath(booked.appointment.appointmentId, booked.key);
  return (
    <div className="summary-book__done">
      <p role="status">
        <strong>{t('bookService.doneTitle')}</strong> {t('bookService.done')}
      </p>
      <AppointmentFacts appointment={booked.appointment} />
      <p>
        <a className="btn btn--primary btn--md" href={path}>
          {t('bookService.open')}
        </a>
      </p>
      <p className="summary-book__link">{`${window.location.origin}${path}`}</p>
      {booked.mail !== 'none' && <p>{t('bookService.emailed')}</p>}
    </div>
  );
}

export function BookServiceDialog({
  access,
  serviceId,
  serviceName,
  clientName,
  onClose,
  timeZone = browserTimeZone(),
}: BookServiceDialogProps) {
  const { t } = useTranslation('summary');
  const slots = useQuery(serviceSlotsQuery(access, serviceId));
  const [slot, setSlot] = useState<Slot | null>(null);
  const [alternatives, setAlternatives] = useState<Slot[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: (startsAt: string) =>
      bookPlanService(access, serviceId, { startsAt, language: currentLanguage(), timeZone }),
    onError: (error) => {
      const offered = alternativesOf(error);
      if (offered) {
        setSlot(null);
        setAlternatives(offered);
        void slots.refetch();
        return;
      }
      setFailure(errorMessage(error));
    },
  });
  const submit = (startsAt: string) => {
    setFailure(null);
    book.mutate(startsAt);
  };
  const busy = book.isPending;
  const found = slots.data;

  return (
    <Modal
      open
      title={t('bookService.title', { name: serviceName })}
      onClose={() => !busy && onClose()}
      closeOnBackdrop={!busy && slot === null}
      footer={
        book.data ? (
          <Button variant="secondary" onClick={onClose}>
            {t('bookService.close')}
          </Button>
        ) : alternatives ? undefined : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('bookService.back')}
            </Button>
            <Button
              disabled={slot === null}
              loading={busy}
              onClick={() => slot && submit(slot.startsAt)}
            >
              {busy ? t('bookService.submitting') : t('bookService.confirm')}
            </Button>
          </>
        )
      }
    >
      <div className="summary-book">
        {book.data ? (
          <Booked booked={book.data} />
        ) : slots.isError ? (
          <p role="alert">{errorMessage(slots.error)}</p>
        ) : !found ? (
          <p role="status">{t('bookService.loading')}</p>
        ) : !found.enabled ? (
          <p>{t('bookService.disabled')}</p>
        ) : (
          <>
            <Intro found={found} clientName={clientName} />
            {alternatives ? (
              <SlotAlternatives
                alternatives={alternatives}
                busyWith={busy ? (book.variables ?? null) : null}
                onPick={(picked) => submit(picked.startsAt)}
                onOther={() => setAlternatives(null)}
                timeZone={timeZone}
              />
            ) : found.slots.length === 0 ? (
              <p>{t('bookService.none')}</p>
            ) : (
              <SlotPicker
                slots={found.slots}
                value={slot?.startsAt ?? null}
                onChange={setSlot}
                timeZone={timeZone}
              />
            )}
          </>
        )}
        {failure && (
          <p className="summary-book__failure" role="alert">
            {t('bookService.failed')}: {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
