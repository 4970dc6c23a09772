/**
 * The items of her plan on the summary: products and services with their notes, links and
 * prices; a salon service with its duration and, when it can be booked in the salon now,
 * "Reservar"; and what the plan adds up to.
 */
import { formatMoney, planTotals, type CallSummary } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import type { SummaryAccess } from '../api/summary';
import { BookServiceDialog } from './BookServiceDialog';

type Item = CallSummary['recommendations']['items'][number];

export function SummaryPlan({
  items,
  access,
  clientName,
}: {
  items: readonly Item[];
  access: SummaryAccess;
  clientName: string;
}) {
  const { t } = useTranslation('summary');
  const [booking, setBooking] = useState<Item | null>(null);
  const totals = planTotals(items);
  return (
    <>
      <ul className="summary-page__items">
        {items.map((item, i) => (
          <li key={i} className="summary-page__item">
            <p className="summary-page__item-name">
              {item.url ? (
                <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
                  {item.name}
                  <span className="visually-hidden"> {t('newWindow')}</span>
                </a>
              ) : (
                item.name
              )}
              {item.pricePen !== null && (
                <span className="summary-page__price">{formatMoney(item.pricePen, 'PEN')}</span>
              )}
            </p>
            {item.serviceId !== null && item.durationMinutes !== null && (
              <p className="summary-page__item-note">
                {t('plan.inSalon', { minutes: item.durationMinutes })}
              </p>
            )}
            {item.note && <p className="summary-page__item-note">{item.note}</p>}
            {item.bookable && (
              <Button
                size="sm"
                aria-label={t('plan.bookLabel', { name: item.name })}
                onClick={() => setBooking(item)}
              >
                {t('plan.book')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="summary-page__total">
        {t('plan.total', { total: formatMoney(totals.totalPen, 'PEN') })}
        {totals.minutes > 0 && ` · ${t('plan.minutes', { minutes: totals.minutes })}`}
        {totals.unpriced > 0 && ` (${t('plan.unpriced', { count: totals.unpriced })})`}
      </p>
      {booking?.serviceId && (
        <BookServiceDialog
          access={access}
          serviceId={booking.serviceId}
          serviceName={booking.name}
          clientName={clientName}
          onClose={() => setBooking(null)}
        />
      )}
    </>
  );
}
