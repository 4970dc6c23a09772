/**
 * The recommendations for the client with their deadline (docs/product.md#recommendations):
 * editable until 24 h after the call (saying until when), the record she was given after that.
 * Right after a call (AfterCallCard) and in a past consultation (PastCallDialog).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
// Its own modules, not the call screen's barrel: the dashboard shows it without the video code.
import {
  RecommendationsEditor,
  type CallRecommendations,
} from '@/components/video-call/recommendations';
import { formatDateTime } from '@/lib/format';

type Props = {
  recommendations: CallRecommendations;
  clientName: string;
};

export function RecommendationsWithDeadline({ recommendations, clientName }: Props) {
  const { t } = useTranslation('advisor');
  const { editableUntil, status } = recommendations;
  // The server only says 'closed' when a save is refused; a window already over when this opens
  // is read only from the start, so nothing is typed that cannot be kept. (One that closes while
  // she types: the save is refused and the editor says so.)
  const [shownAt] = useState(() => Date.now());
  const closed =
    status === 'closed' || (editableUntil !== null && Date.parse(editableUntil) <= shownAt);
  return (
    <>
      {editableUntil && !closed && (
        <p className="advisor-after-call__until">
          {t('afterCall.until', { time: formatDateTime(editableUntil) })}
        </p>
      )}
      <RecommendationsEditor
        recommendations={closed ? { ...recommendations, status: 'closed' } : recommendations}
        clientName={clientName}
      />
    </>
  );
}
