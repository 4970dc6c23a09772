import type { ChatMessage } from '@belleza/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@/components/ui';
import { ChatPhoto } from '@/components/video-call/ChatPhoto';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';

/** The call's chat in the details: who, when, what (text and photos). */
export function CallChatTranscript({ messages }: { messages: UseQueryResult<ChatMessage[]> }) {
  const { t } = useTranslation('admin-calls');
  return (
    <section aria-labelledby="ac-details-chat" className="ac-details__chat">
      <h3 id="ac-details-chat">{t('details.chat')}</h3>
      {messages.isPending && <Spinner />}
      {messages.isError && (
        <div className="ac-error" role="alert">
          <p>
            <strong>{t('details.chatError')}</strong> {errorMessage(messages.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void messages.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {messages.data?.length === 0 && <p className="ac-muted">{t('details.noChat')}</p>}
      {messages.data && messages.data.length > 0 && (
        <ol className="ac-details__chat-log" tabIndex={0} aria-labelledby="ac-details-chat">
          {messages.data.map((m) => {
            const role = t(`details.chatSender.${m.senderType}`);
            const from = m.senderName || role;
            return (
              <li key={m.id}>
                <span className="ac-details__chat-meta">
                  <strong>{from}</strong>{' '}
                  <span className="ac-muted">
                    ({role}) · <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
                  </span>
                </span>
                {m.image && <ChatPhoto callId={m.callId} image={m.image} auth={null} from={from} />}
                {m.body && <span className="ac-details__chat-body">{m.body}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
