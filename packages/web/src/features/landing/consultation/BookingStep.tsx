/**
 * 'Reservar una cita' inside the consultation dialog (docs/product.md#appointments): the offer,
 * shown when the salon takes bookings, and the booking step, whose code loads when the offer shows.
 * Both use the `appointments` texts, which the landing's first load does not carry.
 */
import type { CallSubject } from '@belleza/contract';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSlots } from '@/components/appointment-slots/slots.api';
import { Button, Spinner } from '@/components/ui';
import { loadNamespaces } from '@/lib/i18n';
import type { BookingFlowProps } from '../booking';

type BookingFlowComponent = ComponentType<BookingFlowProps>;
let bookingModule: Promise<{ default: BookingFlowComponent }> | null = null;
/** The step once its code is here: shown again at once, without a loading state. */
let loadedFlow: BookingFlowComponent | null = null;
/** Fetched once; a failed fetch is tried again next time. */
const loadBooking = (): Promise<{ default: BookingFlowComponent }> =>
  (bookingModule ??= Promise.all([import('../booking'), loadNamespaces(['appointments'])])
    .then(([mod]) => {
      loadedFlow = mod.default;
      return { default: mod.default };
    })
    .catch((error: unknown) => {
      bookingModule = null;
      throw error;
    }));

export function BookingOffer({
  subject,
  busy,
  onBook,
}: {
  subject: CallSubject;
  /** every stylist is in a call (rather than nobody online) */
  busy: boolean;
  onBook: () => void;
}) {
  // Its texts come with the booking's, not with the landing's first load; until they are here
  // (and the slots say the salon takes bookings) nothing is offered.
  const { t, ready } = useTranslation('appointments', { useSuspense: false });
  const slots = useSlots({ subject });
  const enabled = slots.data?.enabled === true;
  // Offered, it is likely pressed: the step's code is fetched ahead.
  useEffect(() => {
    if (enabled) loadBooking().catch(() => undefined);
  }, [enabled]);
  if (!enabled || !ready) return null;
  return (
    <div className="consult-booking-offer">
      <p className="consult-booking-offer__text">{busy ? t('offer.busy') : t('offer.closed')}</p>
      <Button variant="secondary" onClick={onBook}>
        {t('offer.cta')}
      </Button>
    </div>
  );
}

/** A failed load of the step's code says so and offers to try again (instead of a blank page). */
class LoadBoundary extends Component<
  { onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed onRetry={() => this.setState({ failed: false }, this.props.onRetry)} />;
  }
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('appointments');
  return (
    <div className="consult-booking-offer" role="alert">
      <p className="consult-booking-offer__text">{t('offer.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('slots.retry')}
      </Button>
    </div>
  );
}

export function BookingStep(props: BookingFlowProps) {
  // Loaded with the offer that led here.
  const { t } = useTranslation('appointments');
  // React keeps a failed lazy load failed: a retry needs a new lazy component.
  const [Flow, setFlow] = useState<BookingFlowComponent>(() => loadedFlow ?? lazy(loadBooking));
  return (
    <LoadBoundary onRetry={() => setFlow(() => lazy(loadBooking))}>
      <Suspense
        fallback={
          <div className="consult-waiting">
            <Spinner label={t('offer.loading')} />
          </div>
        }
      >
        <Flow {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
