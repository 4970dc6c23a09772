/**
 * The WhatsApp messages of a booking or a call in the admin's details (docs/product.md#whatsapp):
 * each template with its status (queued, sent, delivered, read, failed, skipped after "BAJA") and
 * the times Meta reported. `WhatsappMessagesToggle` shows them on demand, in a table row.
 */
import type { WhatsappMessage, WhatsappMessageStatus } from '@belleza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, type BadgeTone } from '@/components/ui';
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

/** A button that shows (and hides) a booking's messages; they are read only once shown. */
export function WhatsappMessagesToggle({ by }: { by: WhatsappSubject }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="wa-messages-toggle">
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('whatsapp.title')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && <WhatsappMessages by={by} headingLevel={4} />}
      </div>
    </div>
  );
}
