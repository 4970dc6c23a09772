/**
 * The WhatsApp messages of a booking or a call in the admin's details (docs/product.md#whatsapp):
 * each template with its status (queued, sent, delivered, read, failed, skipped after "BAJA") and
 * the times Meta reported. `WhatsappMessagesToggle` shows them on demand, in a table row.
 */
import type { WhatsappMessage, WhatsappMessageStatus } from '@belleza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useWhatsappMessages, type WhatsappSubject } from './whatsapp-messages.api';

const statusTone: Record<WhatsappMessageStatus, BadgeTone> = {
  queued: 'neutral',
  sent: 'info',
  delivered: 'primary',
  read: 'success',
  failed: 'danger',
  skipped: 'warning',
};

const TIMES = ['sentAt', 'deliveredAt', 'readAt', 'failedAt'] as const;

function MessageItem({ message }: { message: WhatsappMessage }) {
  const { t } = useTranslation('common');
  return (
    <li className="wa-messages__item">
      <span className="wa-messages__template">{t(`whatsapp.templates.${message.template}`)}</span>{' '}
      <Badge tone={statusTone[message.status]} dot>
        {t(`whatsapp.status.${message.status}`)}
      </Badge>{' '}
      <span className="wa-messages__to">{t('whatsapp.to', { phone: message.phoneHint })}</span>
      <ul className="wa-messages__times">
        {TIMES.filter((k) => message[k] !== null).map((k) => (
          <li key={k}>
            <time dateTime={message[k] ?? ''}>
              {t(`whatsapp.times.${k}`, { time: formatDateTime(message[k]) })}
            </time>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function WhatsappMessages({
  by,
  headingLevel = 3,
}: {
  by: WhatsappSubject;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('common');
  const query = useWhatsappMessages(by);
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const data = query.data;
  return (
    <section className="wa-messages" aria-labelledby={headingId}>
      <Heading id={headingId}>{t('whatsapp.title')}</Heading>
      {data && !data.configured && data.messages.length === 0 && (
        <p className="ac-muted">{t('whatsapp.notConfigured')}</p>
      )}
      {data && data.configured && data.messages.length === 0 && (
        <p className="ac-muted">{t('whatsapp.none')}</p>
      )}
      {data && data.messages.length > 0 && (
        <ul className="wa-messages__list">
          {data.messages.map((m) => (
            <MessageItem key={m.messageId} message={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A disclosure that shows (and hides) a booking's messages: a native `<details>`, so the row's own
 * buttons stay its actions; they are read only once it is opened.
 */
export function WhatsappMessagesToggle({ by }: { by: WhatsappSubject }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <details
      className="wa-messages-toggle"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('whatsapp.title')}</summary>
      {open && <WhatsappMessages by={by} headingLevel={4} />}
    </details>
  );
}
