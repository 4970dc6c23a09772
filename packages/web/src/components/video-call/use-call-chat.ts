/**
 * The call's chat (docs/product.md#chat) over the page's own socket: joins the call's chat whenever
 * the socket is (again) ready for the call, merges the history it answers with what arrives live,
 * and sends with an id of its own, so a message whose answer was lost is sent again on the next
 * join and still shows once. Nothing here renders HTML: bodies are plain text. It also hears the
 * chat room's snapshot requests and failures (Daily, docs/product.md#snapshots) and hands them to
 * the screen.
 */
import type { ChatDeleted, ChatImageKind, ChatMessage, ChatSenderType } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deliverEntry } from './chat-delivery';
import {
  awaitsDelivery,
  byTime,
  newMessageId,
  type ChatEntry,
  type ChatLink,
  type PendingSnapshot,
  type SnapshotEvents,
} from './chat-entry';
import { photoRefusal } from './PhotoInput';
import { useChatLog } from './use-chat-log';
import { useChatPanel } from './use-chat-panel';
import { useChatRoom } from './use-chat-room';
import { deleteChatImage } from './video-call.api';

export {
  CHAT_ACK_TIMEOUT_MS,
  newMessageId,
  type ChatEntry,
  type ChatLink,
  type ChatSocket,
  type PendingSnapshot,
  type SnapshotEvents,
} from './chat-entry';

/**
 * A call screen's chat: the messages, whether the panel is open (the count of unseen messages
 * runs while it is closed), sending and retrying.
 */
export function useCallChat(
  link: ChatLink | null,
  callId: string,
  me: ChatSenderType,
  snapshotEvents: SnapshotEvents = {},
) {
  const panel = useChatPanel();
  const { entries, entriesRef, commit, upsert, fromServer } = useChatLog(me);
  /** the latest snapshot of the visitor's video, until she answers it */
  const [snapshot, setSnapshot] = useState<PendingSnapshot | null>(null);
  /** her own device's stills on their way (Daily): message id → the stylist who asked */
  const ownSnapshots = useRef(new Map<string, string>());
  const eventsRef = useRef(snapshotEvents);
  useEffect(() => {
    eventsRef.current = snapshotEvents;
  });
  /** the link the chat is joined on, null while it is not (sending then waits for the join) */
  const joinedRef = useRef<ChatLink | null>(null);

  /** Her own device's still is stored: she is told, as when the stylist takes one herself. */
  const noticeOwnSnapshot = useCallback((m: ChatMessage) => {
    const takenBy = ownSnapshots.current.get(m.id);
    if (takenBy === undefined || m.image?.kind !== 'snapshot') return;
    ownSnapshots.current.delete(m.id);
    setSnapshot({ message: m, takenBy });
  }, []);

  /**
   * Sends one entry on the joined socket (while disconnected it stays 'sending' for the next
   * join), its photo first when it has one.
   */
  const deliver = useCallback(
    async (entry: ChatEntry) => {
      const current = joinedRef.current;
      if (!current?.socket.connected) return;
      await deliverEntry(entry, current, {
        callId,
        upsert,
        onStored: (m) => {
          upsert(fromServer(m));
          noticeOwnSnapshot(m);
        },
      });
    },
    [callId, fromServer, upsert, noticeOwnSnapshot],
  );

  /**
   * A deleted photo leaves the log: the messages that were only the photo go (`messageIds`), one
   * that also had text keeps its text (and the notice goes too).
   */
  const forget = useCallback(
    ({ messageIds, imageId }: Pick<ChatDeleted, 'messageIds' | 'imageId'>) => {
      const gone = new Set(messageIds);
      commit((next) => {
        for (const [id, entry] of next) {
          if (!gone.has(id) && entry.image?.id !== imageId) continue;
          if (entry.preview) URL.revokeObjectURL(entry.preview);
          const { preview: _preview, ...rest } = entry;
          if (gone.has(id) || !entry.body) next.delete(id);
          else next.set(id, { ...rest, image: null });
        }
      });
      setSnapshot((s) =>
        s && (gone.has(s.message.id) || s.message.image?.id === imageId) ? null : s,
      );
    },
    [commit],
  );

  const joined = useChatRoom(link, callId, {
    onJoined: (current, messages) => {
      joinedRef.current = current;
      const before = entriesRef.current;
      panel.arrived(messages.filter((m) => !before.has(m.id) && m.senderType !== me).length);
      commit((next) => {
        for (const m of messages) next.set(m.id, fromServer(m));
      });
      // Her still stored by a send whose answer was lost: she is told now.
      for (const m of messages) noticeOwnSnapshot(m);
      // What went out without an answer: sent again, in order (the same id is stored once).
      const stored = new Set(messages.map((m) => m.id));
      for (const entry of [...before.values()].sort(byTime))
        if (!stored.has(entry.id) && awaitsDelivery(entry)) void deliver(entry);
    },
    onLeft: () => {
      joinedRef.current = null;
    },
    onMessage: (m) => {
      const known = entriesRef.current.has(m.id);
      upsert(fromServer(m));
      if (!known && m.senderType !== me) panel.arrived(1);
      if (known || m.image?.kind !== 'snapshot') return;
      // She is told at once that the stylist took a still of her video, chat open or not.
      if (me === 'client' && m.senderType !== 'client')
        setSnapshot({ message: m, takenBy: m.senderName });
      // The stylist hears that the still her request asked for has come.
      if (me !== 'client' && m.senderType === 'client') eventsRef.current.onVisitorSnapshot?.(m);
    },
    onDeleted: forget,
    onSnapshotRequested: (r) => {
      if (me === 'client') eventsRef.current.onRequested?.(r);
    },
    onSnapshotFailed: (f) => {
      if (me !== 'client') eventsRef.current.onFailed?.(f);
    },
  });

  /** One of her own messages as it starts out: shown at once, on its way to the server. */
  const ownEntry = useCallback(
    (id: string, fields: Pick<ChatEntry, 'body'> & Partial<ChatEntry>): ChatEntry => ({
      id,
      callId,
      senderType: me,
      senderName: '',
      image: null,
      sentAt: new Date().toISOString(),
      mine: true,
      state: 'sending',
      ...fields,
    }),
    [callId, me],
  );

  const send = useCallback(
    (text: string) => {
      const body = text.trim();
      if (!body) return;
      const entry = ownEntry(newMessageId(), { body });
      upsert(entry);
      void deliver(entry);
    },
    [ownEntry, upsert, deliver],
  );

  /** Shows a photo at once from the device (under its message id), then uploads and sends it. */
  const queuePhoto = useCallback(
    (id: string, photo: Blob, kind: ChatImageKind, body = '') => {
      const entry = ownEntry(id, {
        body,
        photo,
        photoKind: kind,
        preview: URL.createObjectURL(photo),
      });
      const refusal = photoRefusal(photo);
      if (refusal) {
        upsert({ ...entry, state: 'failed', errorCode: refusal });
        return;
      }
      upsert(entry);
      void deliver(entry);
    },
    [ownEntry, upsert, deliver],
  );

  /**
   * A photo from the camera or the gallery (or drawn on, a still of the visitor's video, or a
   * colour preview with its shade as the text): shown at once from the device, then uploaded.
   */
  const sendPhoto = useCallback(
    (photo: Blob, kind: ChatImageKind = 'photo', body = '') =>
      queuePhoto(newMessageId(), photo, kind, body),
    [queuePhoto],
  );

  /**
   * The visitor's screen (Daily): the still her own device took because `takenBy` asked. Sent as
   * a snapshot; once the server has it she is told, exactly as when the stylist takes one.
   */
  const sendSnapshot = useCallback(
    (photo: Blob, takenBy: string) => {
      const id = newMessageId();
      // Known before the send starts: the notice follows the server's answer.
      ownSnapshots.current.set(id, takenBy);
      queuePhoto(id, photo, 'snapshot');
    },
    [queuePhoto],
  );

  const dismissSnapshot = useCallback(() => setSnapshot(null), []);

  /** Deletes a photo for everyone (hers, or a snapshot of her); the log follows the answer. */
  const removeImage = useCallback(
    async (imageId: string): Promise<void> => {
      const deleted = await deleteChatImage(callId, imageId, link?.auth ?? null);
      forget(deleted);
    },
    [callId, link?.auth, forget],
  );

  const retry = useCallback(
    (id: string) => {
      const entry = entriesRef.current.get(id);
      if (entry?.state === 'failed') void deliver(entry);
    },
    [entriesRef, deliver],
  );

  return {
    callId,
    /** who this screen is in the chat */
    me,
    /** how this screen asks for the chat's photos */
    auth: link?.auth ?? null,
    messages: [...entries.values()].sort(byTime),
    unread: panel.unread,
    /** joined the call's chat on a live connection (sending goes out at once) */
    joined,
    send,
    sendPhoto,
    sendSnapshot,
    removeImage,
    /** the snapshot of her video she has not answered yet (the visitor's screen only) */
    snapshot,
    dismissSnapshot,
    retry,
    open: panel.open,
    /** closed by the person (not just never opened): its button takes the focus back */
    closed: panel.closed,
    openPanel: panel.openPanel,
    closePanel: panel.closePanel,
  };
}
