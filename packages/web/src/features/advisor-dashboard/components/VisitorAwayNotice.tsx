/**
 * On the advisor's call screen while the visitor's page has lost its connection (a closed tab, a
 * phone out of coverage): says so, when the call ends by itself unless she comes back, and how to
 * reach her meanwhile (her phone, and WhatsApp with the same number).
 */
import type { Call } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';

export type VisitorAwayNoticeProps = {
  call: Call;
  /** when the call ends by itself unless she is back (ISO) */
  endsAt: string;
};

/** wa.me wants the number in international form, digits only. */
const whatsappUrl = (phone: string): string | null => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
};

export function VisitorAwayNotice({ call, endsAt }: VisitorAwayNoticeProps) {
  const { t } = useTranslation('advisor');
  const phone = call.clientInfo.phone?.trim() ?? '';
  const whatsapp = phone ? whatsappUrl(phone) : null;
  return (
    <div className="advisor-visitor-away" role="alert">
      <p>
        <strong>{t('visitorAway.title')}</strong>{' '}
        {t('visitorAway.body', { time: formatTime(endsAt) })}
      </p>
      {phone && (
        <p className="advisor-visitor-away__reach">
          <a href={`tel:${phone}`}>{phone}</a>
          {whatsapp && (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              {t('visitorAway.whatsapp')}
            </a>
          )}
        </p>
      )}
    </div>
  );
}
