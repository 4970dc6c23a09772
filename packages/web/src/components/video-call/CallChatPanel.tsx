/**
 * The chat beside (or, on a phone, over) the video: the messages as plain text and photos, oldest
 * first, in a live log; a box that sends on Enter (Shift+Enter for a new line), a 'Foto' button
 * (camera or gallery), and what became of each of the sender's own messages (sending, not sent
 * with a retry).
 */
import { CHAT_MESSAGE_MAX, type ChatImageKind } from '@belleza/contract';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { ChatPhoto } from './ChatPhoto';
import { PhotoInput } from './PhotoInput';
import type { ChatEntry, useCallChat } from './use-call-chat';

/** The screen's chat (useCallChat): its messages, whether it is joined, sending, retry, close. */
type Props = {
  chat: Pick<
    ReturnType<typeof useCallChat>,
    | 'callId'
    | 'me'
    | 'auth'
    | 'messages'
    | 'joined'
    | 'send'
    | 'sendPhoto'
    | 'removeImage'
    | 'retry'
    | 'closePanel'
  >;
};

const KNOWN_ERRORS = new Set([
  'RATE_LIMITED',
  'CALL_NOT_ACTIVE',
  'LOST',
  'UNSUPPORTED_IMAGE',
  'IMAGE_TOO_LARGE',
]);
/** Refusals that the same message would meet again: no retry offered. */
const FINAL_ERRORS = new Set(['CALL_NOT_ACTIVE', 'UNSUPPORTED_IMAGE', 'IMAGE_TOO_LARGE']);

function timeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatTime(date);
}

export function CallChatPanel({ chat }: Props) {
  const { messages, joined, send: onSend, retry: onRetry, closePanel: onClose } = chat;
  const { t } = useTranslation('video');
  const [draft, setDraft] = useState('');
  /** the photo being deleted, and a refusal to show beside it */
  const [removing, setRemoving] = useState<{ imageId: string; failed: boolean } | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // New messages scroll into view (the log is short-lived and the newest is what matters).
  const last = messages.at(-1)?.id;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [last]);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const senderName = (m: ChatEntry) =>
    m.mine ? t('chat.you') : m.senderName.trim() || t(`chat.sender.${m.senderType}`);

  /**
   * The visitor deletes her own photos and the stills of her video; the stylist (or an admin)
   * the stills, e.g. one taken by mistake (docs/product.md#photos).
   */
  const deletable = (m: ChatEntry) =>
    m.state === 'sent' &&
    m.image !== null &&
    (m.image.kind === 'snapshot' || m.image.kind === 'preview' || (chat.me === 'client' && m.mine));
  /**
   * A drawn copy of a still of her video is still her face: the stylist who took the call sends it
   * as a still too, so the visitor is told and may delete it like the original. (An admin's copy is
   * a photo: the server takes stills only from the call's stylist.)
   */
  const drawnKind = (m: ChatEntry): ChatImageKind =>
    (m.image?.kind === 'snapshot' || m.image?.kind === 'closeup') && chat.me === 'advisor'
      ? 'snapshot'
      : 'photo';
  const remove = (imageId: string) => {
    setRemoving({ imageId, failed: false });
    chat.removeImage(imageId).then(
      () => setRemoving(null),
      () => setRemoving({ imageId, failed: true }),
    );
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.trim()) return;
    onSend(draft);
    setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  return (
    // Escape in the chat closes the chat, not the call (the screen's own Escape listens on window).
    <aside
      className="vc-chat"
      aria-labelledby="vc-chat-title"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <header className="vc-notes__header">
        <h3 id="vc-chat-title">{t('chat.title')}</h3>
        <button type="button" className="vc-button vc-button--small" onClick={onClose}>
          {t('chat.close')}
        </button>
      </header>
      <div
        className="vc-chat__log"
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-labelledby="vc-chat-title"
        tabIndex={0}
      >
        <ol className="vc-chat__list">
          {messages.length === 0 && <li className="vc-chat__empty">{t('chat.empty')}</li>}
          {messages.map((m) => (
            <li
              key={m.id}
              className={`vc-chat__message${m.mine ? ' vc-chat__message--mine' : ''}`}
              data-state={m.state}
            >
              <p className="vc-chat__meta">
                <span className="vc-chat__sender">{senderName(m)}</span>
                {m.state === 'sent' && <time dateTime={m.sentAt}> · {timeOf(m.sentAt)}</time>}
              </p>
              {m.image?.kind === 'snapshot' && (
                <p className="vc-chat__snapshot">
                  {chat.me === 'client'
                    ? t('snapshot.ofYou', { name: senderName(m) })
                    : t('snapshot.taken')}
                </p>
              )}
              {(m.image?.kind === 'closeup' || m.photoKind === 'closeup') && (
                <p className="vc-chat__snapshot">{t('closeup.chatLabel')}</p>
              )}
              {(m.image?.kind === 'preview' || m.photoKind === 'preview') && (
                <p className="vc-chat__snapshot">{t('chat.previewLabel')}</p>
              )}
              {(m.image || m.preview) && (
                <ChatPhoto
                  callId={chat.callId}
                  image={m.image}
                  auth={chat.auth}
                  preview={m.preview}
                  from={senderName(m)}
                  // The stylist (or an admin) draws on any photo and sends the drawn copy.
                  onMarkup={
                    chat.me === 'client'
                      ? undefined
                      : (drawn) => chat.sendPhoto(drawn, drawnKind(m))
                  }
                  // The call's stylist tries a colour on a still of her (not on a preview).
                  onColourPreview={
                    chat.me === 'advisor' && m.image?.kind !== 'preview'
                      ? (preview, caption) => chat.sendPhoto(preview, 'preview', caption)
                      : undefined
                  }
                />
              )}
              {m.image && deletable(m) && (
                <p className="vc-chat__photo-actions">
                  <button
                    type="button"
                    className="vc-button vc-button--small"
                    disabled={removing?.imageId === m.image.id && !removing.failed}
                    onClick={() => m.image && remove(m.image.id)}
                  >
                    {t('snapshot.delete')}
                  </button>
                  {removing?.imageId === m.image.id && removing.failed && (
                    <span role="alert"> {t('snapshot.deleteFailed')}</span>
                  )}
                </p>
              )}
              {m.body && <p className="vc-chat__body">{m.body}</p>}
              {m.state === 'sending' && <p className="vc-chat__state">{t('chat.sending')}</p>}
              {m.state === 'failed' && (
                <p className="vc-chat__state vc-chat__state--failed">
                  {t('chat.notSent')}{' '}
                  {t(
                    `chat.errors.${KNOWN_ERRORS.has(m.errorCode ?? '') ? m.errorCode : 'default'}`,
                  )}{' '}
                  {!FINAL_ERRORS.has(m.errorCode ?? '') && (
                    <button
                      type="button"
                      className="vc-button vc-button--small"
                      onClick={() => onRetry(m.id)}
                    >
                      {t('chat.retry')}
                    </button>
                  )}
                </p>
              )}
            </li>
          ))}
        </ol>
      </div>
      {!joined && (
        <p className="vc-chat__offline" role="status">
          {t('chat.offline')}
        </p>
      )}
      <form className="vc-chat__form" onSubmit={submit}>
        <PhotoInput inputRef={fileRef} onPick={chat.sendPhoto} />
        <button
          type="button"
          className="vc-button"
          aria-label={t('chat.addPhoto')}
          title={t('chat.addPhoto')}
          onClick={() => fileRef.current?.click()}
        >
          {t('chat.photo')}
        </button>
        <textarea
          ref={inputRef}
          className="vc-chat__input"
          aria-label={t('chat.inputLabel')}
          placeholder={t('chat.placeholder')}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX}
          rows={2}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="vc-button vc-button--primary" disabled={!draft.trim()}>
          {t('chat.send')}
        </button>
      </form>
    </aside>
  );
}

/** The header button that opens the chat, with the count of messages not seen yet. */
export function ChatToggle({
  unread,
  onClick,
  focusOnShow,
  expanded,
}: {
  unread: number;
  onClick: () => void;
  /** the chat was just closed by her: focus comes back here */
  focusOnShow: boolean;
  /** whether the chat panel is open (the bar's toggle stays while it is) */
  expanded?: boolean;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  const { t } = useTranslation('video');
  return (
    <button
      ref={ref}
      type="button"
      className="vc-button vc-chat-toggle"
      aria-label={unread > 0 ? t('chat.openUnread', { count: unread }) : t('chat.open')}
      aria-expanded={expanded}
      onClick={onClick}
    >
      {t('chat.open')}
      {unread > 0 && (
        <span className="vc-chat-toggle__badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
