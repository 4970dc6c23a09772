import type { CallDetails, CallMediaStats, CallOffer, ChatMessage } from '@belleza/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallChatTranscript, useCallMessages } from '@/components/call-transcript';
import { Badge, Button, Modal, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatDuration } from '@/lib/format';
import { useCallMediaStats } from '../api/call-media-stats';
import { adminCallsKeys, useCallDetails } from '../api/calls';
import { reasonLabel, statusKey, statusTone, subjectLabel } from '../utils/labels';
import { CallConnection } from './CallConnection';
import { CopyButton } from './CopyButton';
import { DetailsRow as Row } from './DetailsRow';
import { WhatsappMessages } from '@/components/whatsapp-messages';

export type CallDetailsModalProps = { callId: string | null; onClose: () => void };

type TimelineEntry = { at: string; label: string; detail?: ReactNode; key: string };

const outcomeTone: Record<CallOffer['outcome'], 'warning' | 'success' | 'danger' | 'neutral'> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  timeout: 'neutral',
  withdrawn: 'neutral',
};

/** Request, every offer from `call_offers`, acceptance and end, in time order. */
export function timelineOf(call: CallDetails, t: TFunction): TimelineEntry[] {
  const advisorName = call.advisor?.name ?? call.advisorInfo?.name ?? t('admin-calls:details.none');
  const entries: TimelineEntry[] = [
    { key: 'requested', at: call.requestedAt, label: t('admin-calls:details.timelineRequested') },
  ];
  call.offers.forEach((offer, index) => {
    entries.push({
      key: `offer-${index}`,
      at: offer.offeredAt,
      label: t('admin-calls:details.timelineOffered', { advisor: offer.advisorName }),
      detail: (
        <>
          <Badge tone={outcomeTone[offer.outcome]}>
            {t(`admin-calls:offerOutcome.${offer.outcome}`)}
          </Badge>{' '}
          {offer.respondedAt
            ? t('admin-calls:details.respondedAt', { time: formatDateTime(offer.respondedAt) })
            : t('admin-calls:details.expiresAt', { time: formatDateTime(offer.expiresAt) })}
        </>
      ),
    });
  });
  if (call.acceptedAt)
    entries.push({
      key: 'accepted',
      at: call.acceptedAt,
      label: t('admin-calls:details.timelineAccepted', { advisor: advisorName }),
    });
  if (call.endedAt && (call.status === 'completed' || call.status === 'cancelled')) {
    const by = call.endedBy ? t(`admin-calls:endedBy.${call.endedBy}`) : '';
    const reason = reasonLabel(call.reason, t);
    entries.push({
      key: 'ended',
      at: call.endedAt,
      label: t(
        call.status === 'completed'
          ? 'admin-calls:details.timelineCompleted'
          : 'admin-calls:details.timelineCancelled',
      ),
      detail: [by, reason].filter(Boolean).join(' · ') || undefined,
    });
  }
  // Stable sort: equal instants keep the natural order (request before its first offer).
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}

function DetailsBody({
  call,
  mediaStats,
  messages,
}: {
  call: CallDetails;
  mediaStats: UseQueryResult<CallMediaStats[]>;
  messages: UseQueryResult<ChatMessage[]>;
}) {
  const { t } = useTranslation('admin-calls');
  const none = t('details.none');
  const advisor = call.advisor?.name ?? call.advisorInfo?.name;
  return (
    <div className="ac-details">
      <section aria-labelledby="ac-details-client">
        <h3 id="ac-details-client">{t('details.client')}</h3>
        <dl>
          <Row label={t('details.name')}>{call.clientInfo.name || t('anonymousClient')}</Row>
          <Row label={t('details.phone')}>{call.clientInfo.phone || t('table.noPhone')}</Row>
          <Row label={t('details.email')}>{call.clientInfo.email || none}</Row>
          <Row label={t('details.subject')}>{subjectLabel(call.clientInfo.subject, t)}</Row>
          {call.clientInfo.message && (
            <Row label={t('details.message')}>{call.clientInfo.message}</Row>
          )}
          <Row label={t('details.consentAt')}>
            {call.consentAt ? formatDateTime(call.consentAt) : t('details.noConsent')}
          </Row>
        </dl>
      </section>
      <section aria-labelledby="ac-details-call">
        <h3 id="ac-details-call">{t('details.call')}</h3>
        <dl>
          <Row label={t('details.id')}>
            <code>{call.callId}</code> <CopyButton text={call.callId} />
          </Row>
          <Row label={t('details.status')}>
            <Badge tone={statusTone[call.status]} dot>
              {t(statusKey(call.status))}
            </Badge>
          </Row>
          {call.visitorPresence && (call.status === 'pending' || call.status === 'active') && (
            <Row label={t('details.visitorPresence')}>
              <Badge tone={call.visitorPresence === 'here' ? 'success' : 'warning'} dot>
                {t(`details.visitor.${call.visitorPresence}`)}
              </Badge>
            </Row>
          )}
          <Row label={t('details.advisor')}>{advisor ?? t('table.unassigned')}</Row>
          <Row label={t('details.requestedAt')}>{formatDateTime(call.requestedAt)}</Row>
          <Row label={t('details.acceptedAt')}>{formatDateTime(call.acceptedAt) || none}</Row>
          <Row label={t('details.endedAt')}>{formatDateTime(call.endedAt) || none}</Row>
          <Row label={t('details.duration')}>
            {call.duration === null ? none : formatDuration(call.duration)}
          </Row>
          {call.endedBy && <Row label={t('details.endedBy')}>{t(`endedBy.${call.endedBy}`)}</Row>}
          {call.reason && <Row label={t('details.reason')}>{reasonLabel(call.reason, t)}</Row>}
        </dl>
      </section>
      <section aria-labelledby="ac-details-rating">
        <h3 id="ac-details-rating">{t('details.rating')}</h3>
        {call.rating === null ? (
          <p className="ac-muted">{t('details.noRating')}</p>
        ) : (
          <>
            <p>
              <span aria-hidden="true">{'★'.repeat(call.rating)}</span>{' '}
              {t('details.ratingValue', { rating: call.rating })}
            </p>
            {call.ratingComment && (
              <blockquote className="ac-details__quote">{call.ratingComment}</blockquote>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="ac-details-notes">
        <h3 id="ac-details-notes">{t('details.notes')}</h3>
        {call.notes?.trim() ? (
          <p className="ac-details__notes">{call.notes}</p>
        ) : (
          <p className="ac-muted">{t('details.noNotes')}</p>
        )}
      </section>
      <CallChatTranscript
        messages={messages}
        className="ac-details__chat"
        texts={{
          title: t('details.chat'),
          loadError: t('details.chatError'),
          empty: t('details.noChat'),
          sender: {
            client: t('details.chatSender.client'),
            advisor: t('details.chatSender.advisor'),
            admin: t('details.chatSender.admin'),
          },
        }}
      />
      <CallConnection stats={mediaStats} />
      <WhatsappMessages by={{ callId: call.callId }} />
      <section aria-labelledby="ac-details-timeline" className="ac-details__timeline">
        <h3 id="ac-details-timeline">{t('details.timeline')}</h3>
        {call.offers.length === 0 && <p className="ac-muted">{t('details.noOffers')}</p>}
        <ol>
          {timelineOf(call, t).map((entry) => (
            <li key={entry.key}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              <span className="ac-details__event">{entry.label}</span>
              {entry.detail && <span className="ac-details__event-detail">{entry.detail}</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * Client info, the offer timeline, notes, rating and consent time of one call (GET /api/calls/{id}),
 * its chat (GET /api/calls/{id}/messages) and how its participants connected
 * (GET /api/calls/{id}/media-stats).
 */
/** Copies the id (for a support request or the logs); says so for a moment. */
export function CallDetailsModal({ callId, onClose }: CallDetailsModalProps) {
  const { t } = useTranslation('admin-calls');
  const details = useCallDetails(callId);
  // Fetched alongside the details, not after them.
  const mediaStats = useCallMediaStats(callId);
  const messages = useCallMessages(adminCallsKeys.all, callId);
  return (
    <Modal open={callId !== null} title={t('details.title')} size="lg" onClose={onClose}>
      {details.isPending && <Spinner />}
      {details.isError && (
        <div className="admin-error" role="alert">
          <p>
            <strong>{t('details.loadError')}</strong> {errorMessage(details.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void details.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {details.data && (
        <DetailsBody call={details.data} mediaStats={mediaStats} messages={messages} />
      )}
    </Modal>
  );
}
