/**
 * "Clienta que vuelve" (docs/product.md#returning-clients): shown in the ringing popup and on the
 * call screen when the visitor asked to be remembered and came before. Her last consultation's
 * date and stylist, what she was recommended, and the stylist's own private notes of it. Without
 * her browser's token the request may come from someone typing her number: the stylist is told.
 */
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { useReturningClient } from '../api/returning-client';
import './returning-client.css';

export function ReturningClientPanel({ callId }: { callId: string }) {
  const { t } = useTranslation('advisor');
  const { data: returning } = useReturningClient(callId);
  if (!returning) return null;
  const { lastCall } = returning;
  const when = formatDate(lastCall.endedAt);
  const recommendations = lastCall.recommendations;
  const hasRecommendations =
    recommendations !== null &&
    (recommendations.text.trim() !== '' || recommendations.items.length > 0);
  return (
    <section className="returning-client" aria-label={t('returning.badge')}>
      <p className="returning-client__badge">{t('returning.badge')}</p>
      <p className="returning-client__last">
        {lastCall.ownCall || !lastCall.advisorName
          ? t('returning.lastWithYou', { date: when })
          : t('returning.lastWith', { date: when, name: lastCall.advisorName })}
      </p>
      {!returning.sameBrowser && (
        <p className="returning-client__unconfirmed">{t('returning.unconfirmed')}</p>
      )}
      {hasRecommendations ? (
        <div className="returning-client__recommendations">
          <p className="returning-client__label">{t('returning.recommendations')}</p>
          {recommendations.text.trim() !== '' && <p>{recommendations.text}</p>}
          {recommendations.items.length > 0 && (
            <ul>
              {recommendations.items.map((item, i) => (
                <li key={i}>
                  {item.name}
                  {item.note ? ` — ${item.note}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <p className="returning-client__none">{t('returning.noRecommendations')}</p>
      )}
      {lastCall.notes && (
        <div className="returning-client__notes">
          <p className="returning-client__label">{t('returning.notes')}</p>
          <p>{lastCall.notes}</p>
        </div>
      )}
    </section>
  );
}
