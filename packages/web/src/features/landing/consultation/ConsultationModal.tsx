/**
 * The consultation dialog opened by the call buttons: the request form when advisors are online,
 * the closed state (next opening + callback request) when not, a maintenance note, and — once a
 * call exists — the waiting view with queue position, live estimate and cancel. Closed, or with
 * every stylist in a call, it also offers to book a consultation for later, a step of this same
 * dialog.
 */
import type { Availability, CallSubject } from '@belleza/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvisorPortrait } from '@/components/advisor-photo/AdvisorPortrait';
import { loadPrejoinCheck, type MediaChoice } from '@/components/video-call/visitor';
import { Button, Modal, Spinner } from '@/components/ui';
import { BookingOffer, BookingStep } from './BookingStep';
import { CallbackForm } from './CallbackForm';
import { RequestForm, type RequestFormProps } from './RequestForm';
import type { SavedCall } from './saved-call';
import { WaitingPhoto } from './WaitingPhoto';
import { acceptsCalls, formatOpening, waitText } from '../content/availability-text';

// The device check pulls in the media code; it loads only when the visitor opens it.
const PrejoinCheck = lazy(() => loadPrejoinCheck().then((m) => ({ default: m.PrejoinCheck })));

/** The rung stylist's portrait edge in CSS pixels (consultation.css `.consult-waiting__portrait`). */
const RINGING_PORTRAIT_PX = 56;

export type ConsultationModalProps = {
  open: boolean;
  subject: CallSubject;
  /** what the form's message starts with */
  message: string;
  availability: Availability | null;
  saved: SavedCall | null;
  busy: 'request' | 'cancel' | 'video' | null;
  onClose: () => void;
  onSubmit: RequestFormProps['onSubmit'];
  onCancelCall: () => Promise<void>;
  /** why the accepted call's video did not open (shown with a retry), or null */
  videoError?: string | null;
  onRetryVideo?: () => void;
  /** The camera/microphone the visitor checked while waiting (used when the video opens). */
  media: MediaChoice | null;
  onMediaChosen: (choice: MediaChoice) => void;
};

type View = 'waiting' | 'connecting' | 'maintenance' | 'closed' | 'form';

function viewOf(saved: SavedCall | null, availability: Availability | null): View {
  if (saved?.status === 'pending') return 'waiting';
  if (saved) return 'connecting';
  if (availability?.maintenance) return 'maintenance';
  // Unknown availability (still loading or failed): let the visitor ask; the server decides.
  if (availability && !availability.open) return 'closed';
  return 'form';
}

export function ConsultationModal(props: ConsultationModalProps) {
  const { open, subject, message, availability, saved, busy, onClose, onSubmit, onCancelCall } =
    props;
  const { media, onMediaChosen, videoError = null, onRetryVideo } = props;
  const { t } = useTranslation('consultation');
  const view = viewOf(saved, availability);
  // The booking step replaces the closed or request view until she goes back or closes.
  const [booking, setBooking] = useState(false);
  const bookingShown = booking && (view === 'closed' || view === 'form');
  if (!open && booking) setBooking(false);
  const allBusy =
    availability !== null && acceptsCalls(availability) && availability.availableAdvisors === 0;
  // Inside working hours nobody is free to ring: she is not told to come back another day.
  const inHours = availability?.withinHours === true;
  const title = bookingShown
    ? // Loaded with the offer that opened the step.
      t('appointments:offer.title')
    : view === 'waiting' || view === 'connecting'
      ? t('waiting.title')
      : view === 'closed'
        ? t(inHours ? 'closed.titleInHours' : 'closed.title')
        : view === 'maintenance'
          ? t('maintenance.title')
          : t('modal.title');

  // Typed in and about to be thrown away (Escape, X, 'Cancelar'): ask first.
  const formDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    formDirty.current = dirty;
  }, []);
  const close = () => {
    if (
      (view === 'form' || bookingShown) &&
      formDirty.current &&
      !window.confirm(t('form.discardConfirm'))
    )
      return;
    formDirty.current = false;
    onClose();
  };
  const leaveBooking = () => {
    formDirty.current = false;
    setBooking(false);
  };

  return (
    <Modal
      open={open}
      title={title}
      onClose={close}
      closeOnBackdrop={view !== 'form' && !bookingShown}
    >
      {bookingShown && (
        <BookingStep
          subject={subject}
          onBack={leaveBooking}
          onClose={close}
          onDirtyChange={onDirtyChange}
        />
      )}
      {view === 'form' && !bookingShown && allBusy && (
        <BookingOffer subject={subject} busy onBook={() => setBooking(true)} />
      )}
      {view === 'form' && !bookingShown && (
        <RequestForm
          key={`${subject}|${message}`}
          subject={subject}
          initialMessage={message}
          busy={busy === 'request'}
          onSubmit={onSubmit}
          onCancel={close}
          onDirtyChange={onDirtyChange}
          retentionDays={availability?.retentionDays}
        />
      )}
      {view === 'waiting' && saved && (
        <WaitingView
          saved={saved}
          cancelling={busy === 'cancel'}
          onCancel={onCancelCall}
          onHide={onClose}
          media={media}
          onMediaChosen={onMediaChosen}
        />
      )}
      {view === 'connecting' &&
        (videoError && busy !== 'video' ? (
          <div className="consult-waiting">
            <p className="consult-waiting__heading" role="alert">
              {t('waiting.videoFailed', { reason: videoError })}
            </p>
            <Button onClick={onRetryVideo}>{t('waiting.videoRetry')}</Button>
          </div>
        ) : (
          <div className="consult-waiting" role="status">
            <Spinner decorative />
            <p className="consult-waiting__heading">{t('waiting.connecting')}</p>
          </div>
        ))}
      {view === 'maintenance' && <p className="consult-note">{t('maintenance.message')}</p>}
      {view === 'closed' && !bookingShown && (
        <div className="consult-closed">
          {inHours ? (
            <p className="consult-note">{t('closed.messageInHours')}</p>
          ) : (
            <>
              <p className="consult-note">{t('closed.message')}</p>
              <p className="consult-closed__next">
                {formatOpening(availability?.nextOpening)
                  ? t('closed.nextOpening', { when: formatOpening(availability?.nextOpening) })
                  : t('closed.noNextOpening')}
              </p>
            </>
          )}
          <BookingOffer subject={subject} busy={false} onBook={() => setBooking(true)} />
          <CallbackForm key={message} onClose={onClose} initialMessage={message} />
        </div>
      )}
    </Modal>
  );
}

function WaitingView({
  saved,
  cancelling,
  onCancel,
  onHide,
  media,
  onMediaChosen,
}: {
  saved: SavedCall;
  cancelling: boolean;
  onCancel: () => Promise<void>;
  onHide: () => void;
  media: MediaChoice | null;
  onMediaChosen: (choice: MediaChoice) => void;
}) {
  const { t } = useTranslation('consultation');
  const { t: tLanding } = useTranslation('landing');
  const [checking, setChecking] = useState(false);
  // Just sent (or reopened): the focus moves to what is new, the waiting state.
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="consult-waiting">
      <Spinner decorative />
      <p className="consult-waiting__heading" role="status" ref={headingRef} tabIndex={-1}>
        {t('waiting.heading')}
      </p>
      {/* Who is being rung for her, once someone is: a person, not a queue. */}
      {/* She booked with someone who did not answer: the salon rings another stylist for her. */}
      {saved.bookedWith && saved.ringing?.name !== saved.bookedWith && (
        <p className="consult-waiting__booked" data-testid="booked-stylist-missed">
          {t('waiting.bookedMissed', { name: saved.bookedWith })}
        </p>
      )}
      {saved.ringing?.name && (
        <p className="consult-waiting__ringing">
          {/* Her photo when the landing shows her (the server says), her initials otherwise. */}
          <AdvisorPortrait
            advisorId={saved.ringing.portrait?.advisorId ?? ''}
            name={saved.ringing.name}
            photo={saved.ringing.portrait?.photo ?? null}
            px={RINGING_PORTRAIT_PX}
            className="consult-waiting__portrait"
            loading="eager"
          />
          <span data-testid="ringing-stylist">
            {saved.returningWith === saved.ringing.name
              ? t('waiting.ringingReturning', { name: saved.ringing.name })
              : saved.ringing.title
                ? t('waiting.ringingWithTitle', {
                    name: saved.ringing.name,
                    title: saved.ringing.title,
                  })
                : t('waiting.ringing', { name: saved.ringing.name })}
          </span>
        </p>
      )}
      <dl className="consult-waiting__facts" aria-live="polite">
        <div>
          <dt>{t('waiting.positionLabel')}</dt>
          <dd data-testid="queue-position">
            {saved.queuePosition
              ? t('waiting.position', { position: saved.queuePosition })
              : t('waiting.offered')}
          </dd>
        </div>
        <div>
          <dt>{t('waiting.estimateLabel')}</dt>
          <dd data-testid="estimated-wait">{waitText(saved.estimatedWaitTime, tLanding)}</dd>
        </div>
      </dl>
      <p className="consult-note">{t('waiting.hint')}</p>
      {/* Permission problems are the main reason a video call never starts: the visitor can
          settle them while waiting, before the advisor is on the line. */}
      {checking ? (
        <Suspense fallback={<Spinner decorative />}>
          <PrejoinCheck
            joinLabel={t('waiting.devicesConfirm')}
            onCancel={() => setChecking(false)}
            onJoin={(choice) => {
              onMediaChosen(choice);
              setChecking(false);
            }}
          />
        </Suspense>
      ) : media ? (
        <p className="consult-note" role="status">
          {media.audioOnly ? t('waiting.devicesAudioOnly') : t('waiting.devicesReady')}
        </p>
      ) : (
        // The one thing worth doing while she waits: the primary action.
        <Button variant="primary" onClick={() => setChecking(true)}>
          {t('waiting.checkDevices')}
        </Button>
      )}
      <WaitingPhoto saved={saved} />
      <div className="consult-form__actions">
        <Button variant="ghost" onClick={onHide}>
          {t('waiting.hide')}
        </Button>
        <Button variant="secondary" loading={cancelling} onClick={() => void onCancel()}>
          {cancelling ? t('waiting.cancelling') : t('waiting.cancel')}
        </Button>
      </div>
    </div>
  );
}
