/**
 * Right after a call (docs/product.md#after-the-call): the recommendations for the client stay open
 * on the dashboard, so the stylist can finish them once the video is gone. The client's summary
 * shows them as saved.
 */
import type { Call } from '@belleza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '@/components/ui';
// Its own module, not the call screen's barrel: the card lives on without the video code.
import { useCallRecommendations } from '@/components/video-call/recommendations';
import { RecommendationsWithDeadline } from './RecommendationsWithDeadline';

export function AfterCallCard({ call, onDone }: { call: Call; onDone: () => void }) {
  const { t } = useTranslation('advisor');
  const recommendations = useCallRecommendations(call.callId);
  const clientName = call.clientInfo.name?.trim() || t('calls.clientFallback');
  const title = t('afterCall.title', { name: clientName });
  // Never disabled while an autosave runs: 'Listo' waits for it (a click is never lost).
  const [finishing, setFinishing] = useState(false);
  const finish = async () => {
    setFinishing(true);
    // Invalid or failed: the editor says why, and the card stays.
    const saved = await recommendations.flush().catch(() => false);
    if (saved) onDone();
    else setFinishing(false);
  };
  return (
    <Card
      className="advisor-after-call"
      title={title}
      aria-label={title}
      actions={
        <Button
          size="sm"
          aria-disabled={finishing || undefined}
          onClick={() => void (finishing ? undefined : finish())}
        >
          {t('afterCall.done')}
        </Button>
      }
    >
      <RecommendationsWithDeadline recommendations={recommendations} clientName={clientName} />
    </Card>
  );
}
