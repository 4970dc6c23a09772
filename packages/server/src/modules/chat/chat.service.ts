/**
 * Chat in the call (issue 15 §1): plain text between the visitor, the advisor who took the call
 * and admins, kept with the call and delivered to its chat room (`chat:{id}`) after it is stored.
 *
 * Who reads is the calls module's answer (`chatParticipant`: the call key, the advisor who took the
 * call, an admin). Who writes: the visitor while the call is pending or active (she may write while
 * she waits), the call's advisor and admins while it is active. The sender makes the id: the same
 * id again answers the stored message and delivers nothing; the same id from another sender or with
 * another text is CHAT_ID_IN_USE. Each sender sends at most CHAT_RATE_MAX messages per call every
 * CHAT_RATE_WINDOW_S seconds (counted in Redis when configured, so across instances).
 *
 * Photos (issue 15 §2): whoever may write may add one (at most CHAT_IMAGE_RATE_MAX per sender and
 * call every CHAT_IMAGE_RATE_WINDOW_S seconds); it is re-encoded (chat.photo-encoder.ts), stored
 * with the call, read back with the call's read access only, and shown by the message that names
 * it (`imageId`: a photo of this call that its sender uploaded).
 *
 * Snapshots (issue 15 §3): a still of the visitor's video, uploaded as a photo of kind `snapshot`
 * while the call is active, by the advisor who took the call (built-in video: her page draws the
 * remote video) or by the visitor herself (Daily: Daily's frame is another origin, so the advisor
 * asks — requestSnapshot, heard by the chat room as `chat:snapshot-requested` — and the visitor's
 * device takes the still of her own camera, or says why it could not: reportSnapshotFailure,
 * `chat:snapshot-failed`). Never by an admin watching. The visitor may delete it, and the
 * photos she sent, at any time (during the call, after it, from her summary); the call's advisor
 * and admins may delete any photo of the call. The messages that showed it go with it (one with
 * text keeps the text); during the call the chat room hears `chat:deleted`.
 *
 * For the visitor's summary (issue 15 §5–6, modules/summary, which checks her summary key itself):
 * transcript(callId), imageFile(callId, imageId), deleteVisitorImage, deleteChat and the retention
 * purge, purgeEndedBefore(cutoff).
 */
import {
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_S,
  type ChatDeleted,
  type ChatHistory,
  type ChatImage,
  type ChatImageKind,
  type ChatMessage,
  type ChatSendBody,
  type ChatSenderType,
  type SnapshotFailed,
  type SnapshotFailureBody,
  type SnapshotRequest,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { createLimiter } from '../../lib/limits.js';
import type { CallActor, CallsService, ChatParticipant } from '../calls/calls.service.js';
import { reencodePhoto } from './chat.photo-encoder.js';
import {
  deleteChatOfCall,
  deleteImageAndItsMessages,
  findImage,
  findImageMeta,
  findMessage,
  insertImage,
  insertMessage,
  listMessages,
  purgeImagesOfCallsEndedBefore,
  purgeMessagesOfCallsEndedBefore,
  type ChatImageMeta,
  type ChatImageRow,
  type ChatMessageRow,
} from './chat.repository.js';

export type ChatServiceDeps = Pick<Deps, 'db' | 'clock' | 'notifier' | 'limitStore'> & {
  /** whether the call exists and who the actor is in it: the calls module's answer */
  calls: Pick<CallsService, 'chatParticipant'>;
};

export type ChatService = ReturnType<typeof createChatService>;

/** What a send did: stored the message now (`created`), or found it stored by an earlier send. */
export type ChatSendResult = { message: ChatMessage; created: boolean };

/** A photo's bytes and how to serve them (GET /api/calls/{id}/images/{imageId}). */
export type ChatImageFile = { data: Buffer; contentType: ChatImage['contentType'] };

function toDto(row: ChatMessageRow): ChatMessage {
  const { image_id, image_kind, image_width, image_height, image_size_bytes } = row;
  return {
    id: row.id,
    callId: row.call_id,
    senderType: row.sender_type,
    senderName: row.sender_name,
    body: row.body,
    image:
      image_id !== null &&
      image_kind !== null &&
      image_width !== null &&
      image_height !== null &&
      image_size_bytes !== null
        ? {
            id: image_id,
            kind: image_kind,
            width: image_width,
            height: image_height,
            contentType: 'image/jpeg',
            bytes: image_size_bytes,
          }
        : null,
    sentAt: row.created_at,
  };
}

function toImageDto(row: ChatImageMeta): ChatImage {
  return {
    id: row.id,
    callId: row.call_id,
    kind: row.kind,
    width: row.width,
    height: row.height,
    contentType: row.content_type,
    bytes: row.size_bytes,
  };
}

/** The visitor may write while she waits; the staff once the call is theirs to talk in. */
function mayWrite(sender: ChatParticipant): boolean {
  return (
    sender.callStatus === 'active' || (sender.type === 'client' && sender.callStatus === 'pending')
  );
}

function requireWriter(sender: ChatParticipant): void {
  if (mayWrite(sender)) return;
  throw new AppError(
    'CALL_NOT_ACTIVE',
    409,
    sender.callStatus === 'pending'
      ? 'This call has not started yet: messages open when it is answered'
      : 'This call has ended: it takes no more messages',
  );
}

/** Snapshots are of the call itself: only while it is active (not while she waits, nor after). */
function requireActive(sender: ChatParticipant): void {
  if (sender.callStatus === 'active') return;
  throw new AppError(
    'CALL_NOT_ACTIVE',
    409,
    sender.callStatus === 'pending'
      ? 'This call has not started yet: no snapshots before it is answered'
      : 'This call has ended: no more snapshots',
  );
}

/**
 * Who may delete a photo of the call: the visitor the photos she sent and every snapshot of her
 * video (pictures of her she did not choose to send, so hers to remove); the call's advisor and admins any photo.
 */
function mayDelete(by: ChatSenderType, image: ChatImageMeta): boolean {
  return by !== 'client' || image.uploader_type === 'client' || image.kind === 'snapshot';
}

const idInUse = () =>
  conflict('CHAT_ID_IN_USE', 'This message id is already used in this call by another message');
const imageNotFound = () => notFound('IMAGE_NOT_FOUND', 'Photo');
/** Rows the retention purge deletes per statement (photos), or calls whose messages it deletes. */
const PURGE_BATCH = 200;
/** The sender's own key for the per-sender limits. */
const senderKey = (callId: string, sender: ChatParticipant) =>
  `${callId}|${sender.type}:${sender.id}`;

export function createChatService(deps: ChatServiceDeps) {
  const { db, clock, notifier, calls } = deps;
  const perSender = createLimiter(
    'chat-send',
    { points: CHAT_RATE_MAX, duration: CHAT_RATE_WINDOW_S },
    deps.limitStore,
  );
  const imagesPerSender = createLimiter(
    'chat-image',
    { points: CHAT_IMAGE_RATE_MAX, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );
  // Each request makes the visitor's device upload a photo: the same numbers as photos.
  const snapshotRequestsPerSender = createLimiter(
    'chat-snapshot-request',
    { points: CHAT_IMAGE_RATE_MAX, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );

  /**
   * A stored message answers a resend from its sender with the same text and photo; anything
   * else clashes.
   */
  function replay(
    stored: ChatMessageRow,
    sender: ChatParticipant,
    input: ChatSendBody,
  ): ChatSendResult {
    const sameSender = stored.sender_type === sender.type && stored.sender_id === sender.id;
    const sameImage = stored.image_id === (input.imageId ?? null);
    if (!sameSender || stored.body !== input.body || !sameImage) throw idInUse();
    return { message: toDto(stored), created: false };
  }

  /** The photo a message shows: one of this call, added by this sender. */
  async function ownImage(
    callId: string,
    sender: ChatParticipant,
    imageId: string,
  ): Promise<ChatImageMeta> {
    const image = await findImageMeta(db, callId, imageId);
    if (!image) throw imageNotFound();
    if (image.uploader_type !== sender.type || image.uploader_id !== sender.id)
      throw forbidden('This photo was added by someone else');
    return image;
  }

  /** A photo's bytes; an id of another call, or an unknown one, is 404. */
  async function imageFile(callId: string, imageId: string): Promise<ChatImageFile> {
    const image = await findImage(db, callId, imageId);
    if (!image) throw imageNotFound();
    return { data: image.data, contentType: image.content_type };
  }

  /**
   * Who may add a photo: exactly who may write now. A snapshot: the advisor who took the call or
   * the visitor (her own camera, sent by her device), while the call is active; an admin watching
   * never (403 whatever the call's state).
   */
  async function imageUploader(
    actor: CallActor,
    callId: string,
    kind: ChatImageKind,
  ): Promise<ChatParticipant> {
    const sender = await calls.chatParticipant(actor, callId);
    if (kind === 'snapshot') {
      if (sender.type === 'admin')
        throw forbidden("Only the call's advisor or the visitor adds snapshots of her video");
      requireActive(sender);
      return sender;
    }
    requireWriter(sender);
    return sender;
  }

  /**
   * THE deletion of a photo (the call's route and the visitor's summary both come here): 404 for
   * an unknown one or another call's, 403 when `by` may not delete it; the photo and the messages
   * that were only the photo go, a message with text keeps it without the photo.
   */
  async function removeImage(
    callId: string,
    imageId: string,
    by: ChatSenderType,
  ): Promise<ChatDeleted> {
    const image = await findImageMeta(db, callId, imageId);
    if (!image) throw imageNotFound();
    if (!mayDelete(by, image))
      throw forbidden('The visitor deletes the photos she sent and the snapshots of her video');
    const messageIds = await db
      .transaction()
      .execute((trx) => deleteImageAndItsMessages(trx, callId, imageId));
    // Deleted meanwhile by another request: that one announced it.
    if (messageIds === null) throw imageNotFound();
    return { callId, messageIds, imageId };
  }

  return {
    /**
     * GET /api/calls/{id}/messages and `chat:join`: the call's messages, oldest first.
     * `subscribe` (joining the room) runs after the access check and before the read, so a message
     * sent meanwhile is in the history, delivered, or both (the page keeps one per id).
     */
    async history(
      actor: CallActor,
      callId: string,
      subscribe?: () => void | Promise<void>,
    ): Promise<ChatHistory> {
      await calls.chatParticipant(actor, callId);
      if (subscribe) await subscribe();
      const rows = await listMessages(db, callId);
      return { callId, messages: rows.map(toDto) };
    },

    /**
     * POST /api/calls/{id}/messages and `chat:send`: stores the message, then delivers it to the
     * chat room (but `exceptSocketId`, the sending socket, which gets it in its ack).
     */
    async send(
      actor: CallActor,
      callId: string,
      input: ChatSendBody,
      opts: { exceptSocketId?: string } = {},
    ): Promise<ChatSendResult> {
      const sender = await calls.chatParticipant(actor, callId);
      // A resend is answered before the status and the rate: it is not a new message.
      const stored = await findMessage(db, callId, input.id);
      if (stored) return replay(stored, sender, input);
      requireWriter(sender);
      const image = input.imageId ? await ownImage(callId, sender, input.imageId) : null;
      await perSender.consume(senderKey(callId, sender));
      const row = {
        call_id: callId,
        id: input.id,
        sender_type: sender.type,
        sender_id: sender.id,
        sender_name: sender.name,
        body: input.body,
        image_id: image?.id ?? null,
        created_at: clock.now().toISOString(),
      };
      if (!(await insertMessage(db, row))) {
        // Another send of the same id stored it first: this one is its resend, or a clash.
        const first = await findMessage(db, callId, input.id);
        if (!first) throw new Error(`call_messages: ${callId}/${input.id} conflicted but is gone`);
        return replay(first, sender, input);
      }
      const message = toDto({
        ...row,
        image_kind: image?.kind ?? null,
        image_width: image?.width ?? null,
        image_height: image?.height ?? null,
        image_size_bytes: image?.size_bytes ?? null,
      });
      notifier.toChat(callId, 'chat:message', message, opts.exceptSocketId);
      return { message, created: true };
    },

    /**
     * Before the upload's body is read: whether the actor may add a photo to the call now (so
     * nobody else makes the server take in megabytes).
     */
    async checkImageUpload(
      actor: CallActor,
      callId: string,
      kind: ChatImageKind = 'photo',
    ): Promise<void> {
      await imageUploader(actor, callId, kind);
    },

    /**
     * POST /api/calls/{id}/images: the photo re-encoded (413 IMAGE_TOO_LARGE, 415
     * UNSUPPORTED_IMAGE) and stored with the call and its kind; a message shows it by its id.
     * Nothing is stored when it is refused.
     */
    async uploadImage(
      actor: CallActor,
      callId: string,
      upload: Buffer,
      kind: ChatImageKind = 'photo',
    ): Promise<ChatImage> {
      const sender = await imageUploader(actor, callId, kind);
      await imagesPerSender.consume(senderKey(callId, sender));
      const photo = await reencodePhoto(upload);
      const row: ChatImageRow = {
        id: newId('img'),
        call_id: callId,
        uploader_type: sender.type,
        uploader_id: sender.id,
        kind,
        content_type: 'image/jpeg',
        width: photo.width,
        height: photo.height,
        size_bytes: photo.data.length,
        data: photo.data,
        created_at: clock.now().toISOString(),
      };
      await insertImage(db, row);
      return toImageDto(row);
    },

    /** GET /api/calls/{id}/images/{imageId}: with the chat's read access; another call's is 404. */
    async image(actor: CallActor, callId: string, imageId: string): Promise<ChatImageFile> {
      await calls.chatParticipant(actor, callId);
      return imageFile(callId, imageId);
    },

    /**
     * DELETE /api/calls/{id}/images/{imageId}: with the chat's read access (the visitor her photos
     * and the snapshots, the call's advisor and admins any), in any state of the call; then the
     * chat room hears `chat:deleted` (every socket, the deleter's included).
     */
    async deleteImage(actor: CallActor, callId: string, imageId: string): Promise<ChatDeleted> {
      const deleter = await calls.chatParticipant(actor, callId);
      const deleted = await removeImage(callId, imageId, deleter.type);
      notifier.toChat(callId, 'chat:deleted', deleted);
      return deleted;
    },

    /**
     * POST /api/calls/{id}/snapshot-requests (Daily): the advisor who took the call asks the
     * visitor's device for a still of her camera, while the call is active (403 for anyone else,
     * 409 CALL_NOT_ACTIVE, 429 over the limit). The chat room hears `chat:snapshot-requested`;
     * the still comes back as her upload of kind `snapshot`. Nothing is stored.
     */
    async requestSnapshot(actor: CallActor, callId: string): Promise<SnapshotRequest> {
      const sender = await calls.chatParticipant(actor, callId);
      if (sender.type !== 'advisor')
        throw forbidden("Only the call's advisor asks for a snapshot of the visitor's video");
      requireActive(sender);
      await snapshotRequestsPerSender.consume(senderKey(callId, sender));
      const request: SnapshotRequest = {
        callId,
        requestId: newId('snap'),
        requestedBy: sender.name,
      };
      notifier.toChat(callId, 'chat:snapshot-requested', request);
      return request;
    },

    /**
     * POST /api/calls/{id}/snapshot-failures: the visitor's device says it took no still (her
     * camera is off, or capturing failed), so the advisor is told at once (`chat:snapshot-failed`
     * to the chat room). Only the visitor, while the call is active; requests are not kept (an
     * unknown id only reaches a screen that ignores it).
     */
    async reportSnapshotFailure(
      actor: CallActor,
      callId: string,
      { requestId, reason }: SnapshotFailureBody,
    ): Promise<SnapshotFailed> {
      const sender = await calls.chatParticipant(actor, callId);
      if (sender.type !== 'client')
        throw forbidden('Only the visitor answers a request for a snapshot of her video');
      requireActive(sender);
      await snapshotRequestsPerSender.consume(senderKey(callId, sender));
      const failed: SnapshotFailed = { callId, requestId, reason };
      notifier.toChat(callId, 'chat:snapshot-failed', failed);
      return failed;
    },

    // -------------------------------------------------------- for the visitor's summary

    /** The call's messages, oldest first, for a caller that checked the reader itself. */
    async transcript(callId: string): Promise<ChatMessage[]> {
      return (await listMessages(db, callId)).map(toDto);
    },

    imageFile,

    /**
     * Deletes, for the visitor, a photo she sent or a snapshot of her video (403 for the advisor's
     * or an admin's photos, 404 for another call's), as the call's own route does. Announced to
     * nobody: the summary opens only once the call is over.
     */
    deleteVisitorImage: (callId: string, imageId: string): Promise<ChatDeleted> =>
      removeImage(callId, imageId, 'client'),

    /** Deletes the call's whole chat: every message and every photo. */
    async deleteChat(callId: string): Promise<{ messages: number; images: number }> {
      return db.transaction().execute((trx) => deleteChatOfCall(trx, callId));
    },

    /** Retention: the messages and photos of calls that ended before `cutoff`, in batches. */
    async purgeEndedBefore(cutoff: string): Promise<{ messages: number; images: number }> {
      let images = 0;
      for (;;) {
        const n = await purgeImagesOfCallsEndedBefore(db, cutoff, PURGE_BATCH);
        images += n;
        if (n < PURGE_BATCH) break;
      }
      let messages = 0;
      for (;;) {
        const n = await purgeMessagesOfCallsEndedBefore(db, cutoff, PURGE_BATCH);
        messages += n;
        if (n === 0) break;
      }
      return { messages, images };
    },
  };
}
