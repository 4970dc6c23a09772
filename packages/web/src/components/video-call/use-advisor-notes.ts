/**
 * What the advisor writes during the call, in her side column: her private notes
 * (docs/product.md#notes) and the recommendations the client will read
 * (docs/product.md#recommendations), both saved as they are typed; `flush` saves both at once
 * before the screen closes or the call ends.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallNotes } from './use-call-notes';
import { useCallRecommendations } from './use-call-recommendations';
import { useVideoToasts } from './use-video-toasts';
import { fetchCallNotes, saveCallNotes } from './video-call.api';

export function useAdvisorNotes(callId: string, standby: boolean) {
  const { t } = useTranslation('video');
  const toast = useVideoToasts();
  const saveNotes = useCallback((notes: string) => saveCallNotes(callId, notes), [callId]);
  const loadNotes = useCallback(() => fetchCallNotes(callId), [callId]);
  // A ringing call has no notes on the server yet.
  const notes = useCallNotes(callId, saveNotes, standby ? undefined : loadNotes);
  const recommendations = useCallRecommendations(callId, !standby);

  const flush = async () => {
    try {
      await notes.flush();
    } catch {
      toast.error(t('notes.title'), t('notes.saveFailed'));
    }
    // The recommendations say so in their panel; the dashboard's after-call card retries.
    await recommendations.flush().catch(() => undefined);
  };

  return { notes, recommendations, flush };
}
