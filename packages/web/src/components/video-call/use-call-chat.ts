/**
 * The call's chat (issue 15 §1) over the page's own socket: joins the call's chat whenever the
 * socket is (again) ready for the call, merges the history it answers with what arrives live, and
 * sends with an id of its own, so a message whose answer was lost is sent again on the next join
 * and still shows once. Nothing here renders HTML: bodies are plain text. It also hears the chat
 * room's snapshot requests and failures (Daily, issue 15 §3) and hands them to the screen.
 */
import {
  chatHistorySchema,
  chatMessageSchema,
  type ChatDeleted,
  type ChatImageKind,
  type ChatMessage,
  type ChatSenderType,
  type SnapshotFailed,
  type SnapshotRequest,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import type { AppSocket } from '@/lib/socket';
import { photoRefusal } from './PhotoInput';
import { deleteChatImage, uploadChatImage, type ChatAuth } from './video-call.api';

/** An answer not back after this long counts as lost: the message waits for the next join. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;

export type ChatSocket = Pick<AppSocket, 'emit' | 'on' | 'off' | 'connected'>;

/**
 * The page's socket and a number that changes each time it is ready for this call (connected,
 * and for a visitor, after `client:connect` answered): each change joins the chat again.
 */
export type ChatLink = {
  socket: ChatSocket;
  generation: number;
  /** how its photos are asked for: the visitor's call key, or the signed-in session (null) */
  auth: ChatAuth;
};

export type ChatEntry = ChatMessage & {
  mine: boolean;
  /**
   * sending: waiting for the server or the connection; failed: refused (with the server's code)
   * or unanswered (LOST, sent again on the next join)
   */
  state: 'sent' | 'sending' | 'failed';
  errorCode?: string;
  /** a photo of hers still to upload (dropped once the server has it) */
  photo?: Blob;
  /** what that photo is: one from her device, or the stylist's still of the visitor's video */
  photoKind?: ChatImageKind;
  /** her photo shown from her own device (an object URL), so it does not come back to load */
  preview?: string;
};

type Ack = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };

/**
 * Snapshots on Daily (issue 15 §3), as the chat room hears them; the screen acts on them (read
 * when they arrive, so the handlers may change between renders).
 */
export type SnapshotEvents = {
  /** the visitor's screen: the stylist asks her device for a still of her camera */
  onRequested?: (request: SnapshotRequest) => void;
  /** the stylist's screen: the visitor's device took none, and why */
  onFailed?: (failure: SnapshotFailed) => void;
  /** the stylist's screen: a still the visitor's own device took arrived in the chat */
  onVisitorSnapshot?: (message: ChatMessage) => void;
};

/** A snapshot of the visitor's video she has not answered yet, and who took (or asked for) it. */
export type PendingSnapshot = { message: ChatMessage; takenBy: string };

/** A v4 UUID also on plain-HTTP pages, where `crypto.randomUUID` does not exist. */
export function newMessageId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The error code of a message whose answer never came (connection lost or server too slow). */
export const LOST = 'LOST';

const awaitsDelivery = (e: ChatEntry) =>
  e.state === 'sending' || (e.state === 'failed' && e.errorCode === LOST);

const byTime = (a: ChatEntry, b: ChatEntry) =>
  a.sentAt === b.sentAt ? a.id.localeCompare(b.id) : a.sentAt.localeCompare(b.sentAt);

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
  const [entries, setEntries] = useState<Map<string, ChatEntry>>(() => new Map());
  const [unread, setUnread] = useState(0);
  const [joined, setJoined] = useState(false);
  const [open, setOpen] = useState(false);
  /** the panel was closed by the person: its 'Chat' button takes the focus back */
  const [closed, setClosed] = useState(false);
  /** the latest snapshot of the visitor's video, until she answers it (issue 15 §3) */
  const [snapshot, setSnapshot] = useState<PendingSnapshot | null>(null);
  /** her own device's stills on their way (Daily): message id → the stylist who asked */
  const ownSnapshots = useRef(new Map<string, string>());
  const eventsRef = useRef(snapshotEvents);
  useEffect(() => {
    eventsRef.current = snapshotEvents;
  });
  const openRef = useRef(false);
  const joinedRef = useRef<ChatLink | null>(null);
  // The messages as the callbacks see them; every change goes through `commit`.
  const entriesRef = useRef(entries);

  const commit = useCallback((change: (next: Map<string, ChatEntry>) => void) => {
    const next = new Map(entriesRef.current);
    change(next);
    entriesRef.current = next;
    setEntries(next);
  }, []);

  const upsert = useCallback(
    (entry: ChatEntry) => commit((next) => void next.set(entry.id, entry)),
    [commit],
  );

  const openPanel = useCallback(() => {
    openRef.current = true;
    setOpen(true);
    setUnread(0);
  }, []);
  const closePanel = useCallback(() => {
    openRef.current = false;
    setOpen(false);
    setClosed(true);
  }, []);

  const fromServer = useCallback(
    (m: ChatMessage): ChatEntry => {
      const preview = entriesRef.current.get(m.id)?.preview;
      return { ...m, mine: m.senderType === me, state: 'sent', ...(preview ? { preview } : {}) };
    },
    [me],
  );

  /** Her own device's still is stored: she is told, as when the stylist takes one herself. */
  const noticeOwnSnapshot = useCallback((m: ChatMessage) => {
    const takenBy = ownSnapshots.current.get(m.id);
    if (takenBy === undefined || m.image?.kind !== 'snapshot') return;
    ownSnapshots.current.delete(m.id);
    setSnapshot({ message: m, takenBy });
  }, []);

  // Her photos' object URLs are let go with the screen.
  useEffect(
    () => () => {
      for (const entry of entriesRef.current.values())
        if (entry.preview) URL.revokeObjectURL(entry.preview);
    },
    [],
  );

  /**
   * Sends one entry on the joined socket (while disconnected it stays 'sending' for the next
   * join), its photo first when it has one; an answer not back in time marks it LOST (sent again
   * on the next join), and a late success still counts.
   */
  const deliver = useCallback(
    async (entry: ChatEntry) => {
      const current = joinedRef.current;
      if (!current?.socket.connected) return;
      const { errorCode: _previous, ...rest } = entry;
      let sending: ChatEntry = { ...rest, state: 'sending' };
      if (entry.state !== 'sending') upsert(sending);
      if (sending.photo && !sending.image) {
        try {
          const { callId: _call, ...image } = await uploadChatImage(
            callId,
            sending.photo,
            current.auth,
            sending.photoKind,
          );
          const { photo: _sent, photoKind: _kind, ...uploaded } = sending;
          sending = { ...uploaded, image };
          upsert(sending);
        } catch (error) {
          const code = isApiError(error) ? error.code : 'UNKNOWN_ERROR';
          upsert({
            ...sending,
            state: 'failed',
            errorCode: code === 'NETWORK_ERROR' ? LOST : code,
          });
          return;
        }
      }
      const message = sending;
      let lost = false;
      const timer = setTimeout(() => {
        lost = true;
        upsert({ ...message, state: 'failed', errorCode: LOST });
      }, CHAT_ACK_TIMEOUT_MS);
      current.socket.emit(
        'chat:send',
        {
          callId,
          id: message.id,
          body: message.body,
          ...(message.image ? { imageId: message.image.id } : {}),
        },
        (res: Ack) => {
          clearTimeout(timer);
          if (res.ok) {
            const parsed = chatMessageSchema.safeParse(res.data);
            if (parsed.success) {
              upsert(fromServer(parsed.data));
              noticeOwnSnapshot(parsed.data);
            }
          } else if (!lost) {
            upsert({ ...message, state: 'failed', errorCode: res.error.code });
          }
        },
      );
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

  const socket = link?.socket;
  const generation = link?.generation;
  const clientKey = link?.auth?.clientKey;
  useEffect(() => {
    if (!socket || generation === undefined) return;
    let live = true;
    const onMessage = (m: ChatMessage) => {
      if (m.callId !== callId || !live) return;
      const known = entriesRef.current.has(m.id);
      upsert(fromServer(m));
      if (!known && m.senderType !== me && !openRef.current) setUnread((n) => n + 1);
      if (known || m.image?.kind !== 'snapshot') return;
      // She is told at once that the stylist took a still of her video, chat open or not.
      if (me === 'client' && m.senderType !== 'client')
        setSnapshot({ message: m, takenBy: m.senderName });
      // The stylist hears that the still her request asked for has come.
      if (me !== 'client' && m.senderType === 'client') eventsRef.current.onVisitorSnapshot?.(m);
    };
    const onDeleted = (d: ChatDeleted) => {
      if (d.callId !== callId || !live) return;
      forget(d);
    };
    const onSnapshotRequested = (r: SnapshotRequest) => {
      if (r.callId === callId && live && me === 'client') eventsRef.current.onRequested?.(r);
    };
    const onSnapshotFailed = (f: SnapshotFailed) => {
      if (f.callId === callId && live && me !== 'client') eventsRef.current.onFailed?.(f);
    };
    socket.on('chat:message', onMessage);
    socket.on('chat:deleted', onDeleted);
    socket.on('chat:snapshot-requested', onSnapshotRequested);
    socket.on('chat:snapshot-failed', onSnapshotFailed);
    socket.emit('chat:join', { callId }, (res: Ack) => {
      if (!live || !res.ok) return;
      const parsed = chatHistorySchema.safeParse(res.data);
      if (!parsed.success) return;
      joinedRef.current = { socket, generation, auth: clientKey ? { clientKey } : null };
      setJoined(true);
      const { messages } = parsed.data;
      const before = entriesRef.current;
      const missed = messages.filter((m) => !before.has(m.id) && m.senderType !== me).length;
      if (missed > 0 && !openRef.current) setUnread((n) => n + missed);
      commit((next) => {
        for (const m of messages) next.set(m.id, fromServer(m));
      });
      // Her still stored by a send whose answer was lost: she is told now.
      for (const m of messages) noticeOwnSnapshot(m);
      // What went out without an answer: sent again, in order (the same id is stored once).
      const stored = new Set(messages.map((m) => m.id));
      for (const entry of [...before.values()].sort(byTime))
        if (!stored.has(entry.id) && awaitsDelivery(entry)) void deliver(entry);
    });
    return () => {
      live = false;
      socket.off('chat:message', onMessage);
      socket.off('chat:deleted', onDeleted);
      socket.off('chat:snapshot-requested', onSnapshotRequested);
      socket.off('chat:snapshot-failed', onSnapshotFailed);
      joinedRef.current = null;
      setJoined(false);
    };
  }, [
    socket,
    generation,
    clientKey,
    callId,
    me,
    fromServer,
    upsert,
    commit,
    deliver,
    forget,
    noticeOwnSnapshot,
  ]);

  const send = useCallback(
    (text: string) => {
      const body = text.trim();
      if (!body) return;
      const entry: ChatEntry = {
        id: newMessageId(),
        callId,
        senderType: me,
        senderName: '',
        body,
        image: null,
        sentAt: new Date().toISOString(),
        mine: true,
        state: 'sending',
      };
      upsert(entry);
      void deliver(entry);
    },
    [callId, me, upsert, deliver],
  );

  /** Shows a photo at once from the device (under its message id), then uploads and sends it. */
  const queuePhoto = useCallback(
    (id: string, photo: Blob, kind: ChatImageKind) => {
      const entry: ChatEntry = {
        id,
        callId,
        senderType: me,
        senderName: '',
        body: '',
        image: null,
        sentAt: new Date().toISOString(),
        mine: true,
        state: 'sending',
        photo,
        photoKind: kind,
        preview: URL.createObjectURL(photo),
      };
      const refusal = photoRefusal(photo);
      if (refusal) {
        upsert({ ...entry, state: 'failed', errorCode: refusal });
        return;
      }
      upsert(entry);
      void deliver(entry);
    },
    [callId, me, upsert, deliver],
  );

  /**
   * A photo from the camera or the gallery (or drawn on, or a still of the visitor's video): shown
   * at once from the device, then uploaded.
   */
  const sendPhoto = useCallback(
    (photo: Blob, kind: ChatImageKind = 'photo') => queuePhoto(newMessageId(), photo, kind),
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
    [deliver],
  );

  return {
    callId,
    /** who this screen is in the chat */
    me,
    /** how this screen asks for the chat's photos */
    auth: link?.auth ?? null,
    messages: [...entries.values()].sort(byTime),
    unread,
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
    open,
    /** closed by the person (not just never opened): its button takes the focus back */
    closed,
    openPanel,
    closePanel,
  };
}
