/**
 * What the call buttons promise right now (GET /api/availability): open with the wait (someone free
 * or everyone busy), open with nobody free, or closed until the next opening.
 */
import type { Availability } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { formatOpening, waitText } from '../content/availability-text';

export function AvailabilityNote({
  availability,
  id,
}: {
  availability: Availability | null;
  id?: string;
}) {
  const { t } = useTranslation('landing');
  if (!availability) return null;
  let tone: 'open' | 'closed' = 'closed';
  let text: string;
  if (availability.maintenance) text = t('availability.maintenance');
  else if (availability.open) {
    // Someone is connected: free now, or everyone with clients and a wait to offer.
    tone = 'open';
    const wait = waitText(availability.estimatedWaitTime, t);
    text =
      availability.availableAdvisors > 0
        ? t('availability.open', { wait })
        : t('availability.allBusy', { wait });
  } else if (availability.withinHours) {
    // Inside working hours with nobody free to ring: open, not closed; the dialog offers the rest.
    text = t('availability.nobodyFree');
  } else {
    const when = formatOpening(availability.nextOpening);
    text = when ? t('availability.closedUntil', { when }) : t('availability.closed');
  }
  return (
    <p className={`availability availability--${tone}`} id={id} data-testid="availability">
      <span className="availability__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
