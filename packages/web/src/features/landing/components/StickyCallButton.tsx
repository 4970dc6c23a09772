import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/**
 * On a phone, once the hero and its call button have scrolled away, the call button stays at the
 * bottom of the screen (islands/sticky.ts shows it). Larger screens keep the header's links instead
 * (CSS). Its words follow the availability: nobody online, it offers the call-back the dialog will
 * offer; before availability is known it invites the call.
 */
export function StickyCallButton() {
  const { t } = useTranslation('landing');
  return (
    <div className="lp-sticky-cta" data-sticky-call hidden>
      <button type="button" className="lp-cta lp-cta--sticky" data-call-button>
        <Icon name="video" size={20} />
        <span data-sticky-label>{t('sticky.open')}</span>
      </button>
    </div>
  );
}
