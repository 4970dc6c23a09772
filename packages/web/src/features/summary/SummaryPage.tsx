/**
 * The visitor's summary of her consultation (docs/product.md#the-visitors-summary), at
 * `/resumen/{callId}#{key}`: who she talked to and when, the stylist's recommendations (her plan,
 * whose salon services she can book here: SummaryPlan), the photos
 * and the chat, the salon's link and a WhatsApp share of this address. She can delete her photos
 * and the conversation here; the whole summary goes by itself when the salon's retention ends. The
 * key stays in the fragment, so it reaches the API only as a header.
 */
import { telUrl, whatsappUrl, type CallSummary, type ChatMessage } from '@belleza/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { LanguageToggle } from '@/components/language-toggle';
import { Button, Modal } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { IntakeDetails } from '@/components/call-intake';
import { ChatPhoto } from '@/components/video-call/photos';
import { isClientError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatDateTime, formatTime, paragraphsOf } from '@/lib/format';
import {
  deleteSummaryChat,
  deleteSummaryPhoto,
  fetchSummaryImage,
  fetchSummaryIntakePhoto,
  summaryKey,
  summaryQuery,
  type SummaryAccess,
} from './api/summary';
import { SummaryPlan } from './components/SummaryPlan';
import '@/styles/public-page.css';
import './summary.css';

type Pending = { kind: 'photo'; imageId: string } | { kind: 'chat' };

export function SummaryPage() {
  const { t } = useTranslation('summary');
  const { callId = '' } = useParams();
  const { pathname, hash } = useLocation();
  const access: SummaryAccess = { callId, key: decodeURIComponent(hash.replace(/^#/, '')) };
  const summary = useQuery({ ...summaryQuery(access), enabled: access.key !== '' });
  // A wrong or expired address is refused (4xx); anything else (no answer, a server failure) may
  // work on a second try.
  const notFound = access.key === '' || (summary.isError && isClientError(summary.error));

  return (
    <main id="main-content" className="public-page summary-page">
      <header className="public-page__header">
        <Link to="/" reloadDocument className="public-page__back">
          {summary.data?.siteName ?? t('back')}
        </Link>
        <LanguageToggle />
      </header>
      {notFound ? (
        <article className="public-page__body summary-page__body" aria-labelledby="summary-title">
          <h1 id="summary-title">{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
          <Link to="/" reloadDocument className="btn btn--primary btn--md">
            {t('notFound.home')}
          </Link>
        </article>
      ) : summary.isError ? (
        <article className="public-page__body summary-page__body" aria-labelledby="summary-title">
          <h1 id="summary-title">{t('loadFailed.title')}</h1>
          <p role="alert">{errorMessage(summary.error)}</p>
          <Button
            variant="secondary"
            loading={summary.isFetching}
            onClick={() => void summary.refetch()}
          >
            {t('loadFailed.retry')}
          </Button>
        </article>
      ) : summary.data ? (
        <SummaryBody
          summary={summary.data}
          access={access}
          address={`${window.location.origin}${pathname}${hash}`}
        />
      ) : (
        <p role="status" className="public-page__body summary-page__body">
          {t('loading')}
        </p>
      )}
    </main>
  );
}

type BodyProps = {
  summary: CallSummary;
  access: SummaryAccess;
  /** this page's own address, key included: what the WhatsApp button shares */
  address: string;
};

function SummaryBody({ summary, access, address }: BodyProps) {
  const { t } = useTranslation('summary');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useMutation({
    mutationFn: (what: Pending) =>
      what.kind === 'chat' ? deleteSummaryChat(access) : deleteSummaryPhoto(access, what.imageId),
    onSuccess: (next, what) => {
      queryClient.setQueryData(summaryKey(access), next);
      setPending(null);
      toast.success(t('deletedTitle'), t(what.kind === 'chat' ? 'chat.deleted' : 'photos.deleted'));
    },
    onError: (error) => toast.error(t('deleteFailed'), errorMessage(error)),
  });

  const { recommendations: rec, advisor } = summary;
  const withImage = summary.messages.filter(
    (m): m is ChatMessage & { image: NonNullable<ChatMessage['image']> } => m.image !== null,
  );
  // The stylist's colour previews have a section of their own, labelled as what they are.
  const previews = withImage.filter((m) => m.image.kind === 'preview');
  const photos = withImage.filter((m) => m.image.kind !== 'preview');
  const shareText = `${t('share.text', { site: summary.siteName })} ${address}`;
  const load = (imageId: string) => fetchSummaryImage(access, imageId);

  return (
    <article className="public-page__body summary-page__body" aria-labelledby="summary-title">
      <h1 id="summary-title">{t('title', { name: summary.clientName })}</h1>
      <p className="summary-page__meta">
        {t('with', { name: advisor.name })}
        {advisor.title ? ` · ${advisor.title}` : ''}
      </p>
      <p className="summary-page__meta">
        {formatDateTime(summary.startedAt ?? summary.endedAt)}
        {summary.durationMinutes !== null &&
          ` · ${t('duration', { count: summary.durationMinutes })}`}
      </p>

      <section aria-labelledby="summary-rec" className="summary-page__section">
        <h2 id="summary-rec">{t('recommendations.title', { name: advisor.name })}</h2>
        {rec.text.trim() === '' && rec.items.length === 0 ? (
          <p className="summary-page__empty">{t('recommendations.none')}</p>
        ) : (
          <>
            {paragraphsOf(rec.text).map((p, i) => (
              <p key={i} className="summary-page__text">
                {p}
              </p>
            ))}
            {rec.items.length > 0 && (
              <SummaryPlan items={rec.items} access={access} clientName={summary.clientName} />
            )}
          </>
        )}
      </section>

      {summary.intake && (
        <div className="summary-page__section">
          <IntakeDetails
            intake={summary.intake}
            loadPhoto={(slot) => fetchSummaryIntakePhoto(access, slot)}
            headingLevel={2}
            audience="visitor"
          />
        </div>
      )}

      <section aria-labelledby="summary-photos" className="summary-page__section">
        <h2 id="summary-photos">{t('photos.title')}</h2>
        {photos.length === 0 ? (
          <p className="summary-page__empty">{t('photos.none')}</p>
        ) : (
          <ul className="summary-page__photos">
            {photos.map((m) => (
              <li key={m.id}>
                <ChatPhoto
                  callId={summary.callId}
                  image={m.image}
                  auth={null}
                  from={m.senderName}
                  load={load}
                />
                {m.image.kind === 'closeup' && (
                  <p className="summary-page__chat-photo">{t('photos.closeup')}</p>
                )}
                {/* Hers to remove: what she sent, and every still of her face (drawn copies too). */}
                {(m.senderType === 'client' || m.image.kind === 'snapshot') && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setPending({ kind: 'photo', imageId: m.image.id })}
                  >
                    {t('photos.delete')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {previews.length > 0 && (
        <section aria-labelledby="summary-previews" className="summary-page__section">
          <h2 id="summary-previews">{t('previews.title')}</h2>
          <p className="summary-page__text">{t('previews.note')}</p>
          <ul className="summary-page__photos">
            {previews.map((m) => (
              <li key={m.id}>
                <figure className="summary-page__preview">
                  <ChatPhoto
                    callId={summary.callId}
                    image={m.image}
                    auth={null}
                    from={m.senderName}
                    load={load}
                  />
                  <figcaption>
                    {m.body ? t('previews.shade', { shade: m.body }) : t('previews.title')}
                  </figcaption>
                </figure>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setPending({ kind: 'photo', imageId: m.image.id })}
                >
                  {t('photos.delete')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="summary-chat" className="summary-page__section">
        <h2 id="summary-chat">{t('chat.title')}</h2>
        {summary.messages.length === 0 ? (
          <p className="summary-page__empty">{t('chat.none')}</p>
        ) : (
          <>
            <ol className="summary-page__chat">
              {summary.messages.map((m) => (
                <li key={m.id}>
                  <p className="summary-page__chat-meta">
                    <strong>{m.senderName}</strong> ·{' '}
                    <time dateTime={m.sentAt}>{formatTime(m.sentAt)}</time>
                  </p>
                  {m.body && <p className="summary-page__chat-body">{m.body}</p>}
                  {m.image && <p className="summary-page__chat-photo">{t('chat.photo')}</p>}
                </li>
              ))}
            </ol>
            <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'chat' })}>
              {t('chat.delete')}
            </Button>
          </>
        )}
      </section>

      <section aria-labelledby="summary-next" className="summary-page__section">
        <h2 id="summary-next">{t('next.title')}</h2>
        <SalonContacts site={summary.siteName} contacts={summary.salonContacts} />
        <div className="summary-page__actions">
          {summary.contactUrl ? (
            <a
              className="btn btn--primary btn--md"
              href={summary.contactUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('next.book')}
              <span className="visually-hidden"> {t('newWindow')}</span>
            </a>
          ) : (
            <Link to="/" reloadDocument className="btn btn--primary btn--md">
              {t('next.home', { site: summary.siteName })}
            </Link>
          )}
          <a
            className="btn btn--secondary btn--md"
            href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('share.whatsapp')}
            <span className="visually-hidden"> {t('newWindow')}</span>
          </a>
        </div>
      </section>

      <p className="summary-page__retention">
        {t('retention', { date: formatDate(summary.expiresAt) })}
      </p>

      <Modal
        open={pending !== null}
        size="sm"
        title={t(pending?.kind === 'chat' ? 'chat.confirmTitle' : 'photos.confirmTitle')}
        onClose={() => setPending(null)}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setPending(null)}
              disabled={remove.isPending}
            >
              {t('keep')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => pending && remove.mutate(pending)}
            >
              {t('confirmDelete')}
            </Button>
          </>
        }
      >
        <p>{t(pending?.kind === 'chat' ? 'chat.confirmText' : 'photos.confirmText')}</p>
      </Modal>
    </article>
  );
}

/** How to reach the salon, as its owner entered it in "Mi salón" (nothing she left out). */
function SalonContacts({
  site,
  contacts,
}: {
  site: string;
  contacts: CallSummary['salonContacts'];
}) {
  const { t } = useTranslation('summary');
  const { phone, whatsapp, email, address } = contacts;
  if (!phone && !whatsapp && !email && !address) return null;
  return (
    <div className="summary-page__contacts">
      <p>{t('contacts.title', { site })}</p>
      <ul>
        {phone && (
          <li>
            {t('contacts.phone')} <a href={telUrl(phone)}>{phone}</a>
          </li>
        )}
        {whatsapp && (
          <li>
            {t('contacts.whatsapp')}{' '}
            <a href={whatsappUrl(whatsapp)} target="_blank" rel="noopener noreferrer">
              {whatsapp}
              <span className="visually-hidden"> {t('newWindow')}</span>
            </a>
          </li>
        )}
        {email && (
          <li>
            {t('contacts.email')} <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
        {address && (
          <li>
            {t('contacts.address')} {address}
          </li>
        )}
      </ul>
    </div>
  );
}
