/**
 * A finished call's chat as a record: who wrote, when, what (text and photos, which open full
 * size). Shown in the admin's call details and in the stylist's past consultations; each passes
 * its own wording (an admin reads "cliente"/"asesor", the stylist reads about her clienta).
 */
import type { ChatMessage, ChatSenderType } from '@belleza/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@/components/ui';
import { ChatPhoto } from '@/components/video-call/photos';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import './call-transcript.css';

export type CallTranscriptTexts = {
  title: string;
  loadError: string;
  empty: string;
  /** the sender's role, shown after the name */
  sender: Record<ChatSenderType, string>;
};

export type CallChatTranscriptProps = {
  messages: UseQueryResult<ChatMessage[]>;
  texts: CallTranscriptTexts;
  /** the section's place in the screen's layout */
  className?: string | undefined;
};

export function CallChatTranscript({ messages, texts, className }: CallChatTranscriptProps) {
  const { t } = useTranslation('common');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={['call-transcript', className].filter(Boolean).join(' ')}
    >
      <h3 id={headingId}>{texts.title}</h3>
      {messages.isPending && <Spinner />}
      {messages.isError && (
        <div className="call-transcript__error" role="alert">
          <p>
            <strong>{texts.loadError}</strong> {errorMessage(messages.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void messages.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {messages.data?.length === 0 && <p className="call-transcript__muted">{texts.empty}</p>}
      {messages.data && messages.data.length > 0 && (
        // Focusable: a long log scrolls on its own, also from the keyboard.
        <ol className="call-transcript__log" tabIndex={0} aria-labelledby={headingId}>
          {messages.data.map((m) => {
            const role = texts.sender[m.senderType];
            const from = m.senderName || role;
            return (
              <li key={m.id}>
                <span className="call-transcript__meta">
                  <strong>{from}</strong>{' '}
                  <span className="call-transcript__muted">
                    ({role}) · <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
                  </span>
                </span>
                {m.image && <ChatPhoto callId={m.callId} image={m.image} auth={null} from={from} />}
                {m.body && <span className="call-transcript__body">{m.body}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
