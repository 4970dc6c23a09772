/**
 * One of her past consultations: when and how long, how it ended and the client's rating, her
 * private notes (read only), the recommendations (editable while the 24 h window is open) and the
 * chat with its photos. Closing first saves a pending change to the recommendations; one that
 * cannot be saved keeps the dialog open, saying why.
 */
import type { Call } from '@belleza/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CallChatTranscript, useCallMessages } from '@/components/call-transcript';
import { Badge, Button, Modal, Spinner } from '@/components/ui';
// Its own module, not the call screen's barrel: the dialog lives without the video code.
import { useCallRecommendations } from '@/components/video-call/recommendations';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatDuration } from '@/lib/format';
import { pastCallsKeys, usePastCallDetails } from '../api/past-calls';
import { subjectLabel } from '../utils/call-display';
import { hadConsultation, pastCallTone } from '../utils/past-calls';
import { RecommendationsWithDeadline } from './RecommendationsWithDeadline';

type Props = { advisorId: string; call: Call; onClose: () => void };

export function PastCallDialog({ advisorId, call, onClose }: Props) {
  const { t } = useTranslation('advisor');
  const details = usePastCallDetails(advisorId, call.callId);
  const messages = useCallMessages(pastCallsKeys.all(advisorId), call.callId);
  const consulted = hadConsultation(call);
  const recommendations = useCallRecommendations(call.callId, consulted);
  const closing = useRef(false);
  const id = useId();
  const name = call.clientInfo.name.trim() || t('calls.clientFallback');
  const when = call.startedAt ?? call.requestedAt;
  const notes = details.data?.notes?.trim();

  const handleClose = async () => {
    if (closing.current) return;
    closing.current = true;
    // Invalid or failed: the editor says why and the dialog stays (a close again retries).
    const saved = await recommendations.flush().catch(() => false);
    closing.current = false;
    if (saved) onClose();
  };

  return (
    <Modal
      open
      size="lg"
      title={t('pastCalls.dialog.title', { name })}
      onClose={() => void handleClose()}
    >
      <div className="advisor-past-call-details">
        <dl className="advisor-past-call-details__facts">
          <div>
            <dt>{t('pastCalls.dialog.when')}</dt>
            <dd>
              <time dateTime={when}>{formatDateTime(when)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('pastCalls.dialog.duration')}</dt>
            <dd>
              {call.duration === null ? t('pastCalls.dialog.none') : formatDuration(call.duration)}
            </dd>
          </div>
          <div>
            <dt>{t('pastCalls.dialog.status')}</dt>
            <dd>
              <Badge tone={pastCallTone[call.status]}>{t(`pastCalls.status.${call.status}`)}</Badge>
            </dd>
          </div>
          <div>
            <dt>{t('pastCalls.dialog.subject')}</dt>
            <dd>{subjectLabel(call.clientInfo.subject, t('calls.subjectFallback'), t)}</dd>
          </div>
          <div>
            <dt>{t('pastCalls.dialog.rating')}</dt>
            <dd>
              {call.rating === null ? (
                t('pastCalls.dialog.noRating')
              ) : (
                <>
                  <span aria-hidden="true">{'★'.repeat(call.rating)}</span>{' '}
                  {t('pastCalls.ratingValue', { rating: call.rating })}
                </>
              )}
            </dd>
          </div>
        </dl>
        {call.ratingComment && (
          <blockquote className="advisor-past-call-details__quote">{call.ratingComment}</blockquote>
        )}

        <section aria-labelledby={`${id}-notes`}>
          <h3 id={`${id}-notes`}>{t('pastCalls.dialog.notes')}</h3>
          {details.isPending && <Spinner />}
          {details.isError && (
            <div className="advisor-past-calls__error" role="alert">
              <p>
                <strong>{t('pastCalls.dialog.notesFailed')}</strong> {errorMessage(details.error)}
              </p>
              <Button size="sm" variant="secondary" onClick={() => void details.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </div>
          )}
          {details.data &&
            (notes ? (
              <p className="advisor-past-call-details__notes">{notes}</p>
            ) : (
              <p className="advisor-muted">{t('pastCalls.dialog.noNotes')}</p>
            ))}
        </section>

        {consulted && (
          // advisor-after-call: the editor's light-card look, as right after the call.
          <section aria-labelledby={`${id}-recommendations`} className="advisor-after-call">
            <h3 id={`${id}-recommendations`}>{t('afterCall.title', { name })}</h3>
            <RecommendationsWithDeadline recommendations={recommendations} clientName={name} />
          </section>
        )}

        <CallChatTranscript
          messages={messages}
          texts={{
            title: t('pastCalls.chat.title'),
            loadError: t('pastCalls.chat.loadFailed'),
            empty: t('pastCalls.chat.empty'),
            sender: {
              client: t('pastCalls.chat.sender.client'),
              advisor: t('pastCalls.chat.sender.advisor'),
              admin: t('pastCalls.chat.sender.admin'),
            },
          }}
        />
      </div>
    </Modal>
  );
}
