import type { Availability } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { acceptsCalls } from '../content/availability-text';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { Icon } from './Icon';

/**
 * On a phone, once the hero and its call button have scrolled away, the call button stays at the
 * bottom of the screen. Larger screens keep the header's links instead (CSS). Its words follow the
 * availability: nobody online, it offers the call-back the dialog will offer.
 */
export function StickyCallButton({
  availability,
  onRequestCall,
}: {
  availability: Availability | null;
  onRequestCall: () => void;
}) {
  const { t } = useTranslation('landing');
  const shown = useScrolledPast('inicio');
  if (!shown) return null;
  // Before availability is known it invites the call; the dialog it opens says what is possible.
  const open = availability ? acceptsCalls(availability) : true;
  return (
    <div className="lp-sticky-cta">
      <button
        type="button"
        className="lp-cta lp-cta--sticky"
        data-call-button
        onClick={onRequestCall}
      >
        <Icon name="video" size={20} />
        {open ? t('sticky.open') : t('sticky.closed')}
      </button>
    </div>
  );
}
