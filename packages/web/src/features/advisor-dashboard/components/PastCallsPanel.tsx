/**
 * 'Mis consultas recientes' (docs/product.md#past-consultations): her last finished calls, newest
 * first, each opening its details (notes, recommendations, the chat). Kept fresh by the dashboard's
 * socket, which invalidates the list when one of her calls ends.
 */
import type { Call } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatDuration } from '@/lib/format';
import { PAST_CALLS_MAX, PAST_CALLS_PAGE, usePastCalls } from '../api/past-calls';
import { pastCallTone } from '../utils/past-calls';
import { PastCallDialog } from './PastCallDialog';

export function PastCallsPanel({ advisorId }: { advisorId: string }) {
  const { t } = useTranslation('advisor');
  const [limit, setLimit] = useState(PAST_CALLS_PAGE);
  const [openCall, setOpenCall] = useState<Call | null>(null);
  const history = usePastCalls(advisorId, limit);
  const calls = history.data ?? [];
  const mayHaveMore = calls.length >= limit && limit < PAST_CALLS_MAX;

  const title = t('pastCalls.title');
  return (
    <Card className="advisor-past-calls" title={title} aria-label={title}>
      {history.isPending ? (
        <Spinner label={t('pastCalls.loading')} />
      ) : history.isError && !history.data ? (
        <div className="advisor-past-calls__error" role="alert">
          <p>
            <strong>{t('pastCalls.loadFailed')}</strong> {errorMessage(history.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void history.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : calls.length === 0 ? (
        <div className="advisor-calls__empty">
          <p>{t('pastCalls.empty')}</p>
          <p className="advisor-muted">{t('pastCalls.emptyHint')}</p>
        </div>
      ) : (
        <>
          <ul className="advisor-past-calls__list">
            {calls.map((call) => (
              <li key={call.callId}>
                <PastCallRow call={call} onOpen={() => setOpenCall(call)} />
              </li>
            ))}
          </ul>
          {mayHaveMore && (
            <Button
              variant="secondary"
              size="sm"
              loading={history.isPlaceholderData}
              onClick={() => setLimit((n) => Math.min(n + PAST_CALLS_PAGE, PAST_CALLS_MAX))}
            >
              {t('pastCalls.more')}
            </Button>
          )}
        </>
      )}
      {openCall && (
        <PastCallDialog
          key={openCall.callId}
          advisorId={advisorId}
          call={openCall}
          onClose={() => setOpenCall(null)}
        />
      )}
    </Card>
  );
}

function PastCallRow({ call, onOpen }: { call: Call; onOpen: () => void }) {
  const { t } = useTranslation('advisor');
  const name = call.clientInfo.name.trim() || t('calls.clientFallback');
  const when = call.startedAt ?? call.requestedAt;
  return (
    <button type="button" className="advisor-past-call" onClick={onOpen}>
      <span className="advisor-past-call__name">{name}</span>
      <span className="advisor-past-call__facts">
        <time dateTime={when}>{formatDateTime(when)}</time>
        {call.duration !== null && <span>{formatDuration(call.duration)}</span>}
        <Badge tone={pastCallTone[call.status]}>{t(`pastCalls.status.${call.status}`)}</Badge>
        {call.rating !== null && (
          <span>
            <span aria-hidden="true">{'★'.repeat(call.rating)}</span>{' '}
            {t('pastCalls.ratingValue', { rating: call.rating })}
          </span>
        )}
      </span>
    </button>
  );
}
