/** What the call buttons promise right now (GET /api/availability): open with the wait, or closed. */
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
    tone = 'open';
    text = t('availability.open', { wait: waitText(availability.estimatedWaitTime, t) });
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
