/**
 * The chat service's photos: whoever may write may add one (at most CHAT_IMAGE_RATE_MAX per
 * sender and call every CHAT_IMAGE_RATE_WINDOW_S seconds, CHAT_IMAGES_PER_ADDRESS per client
 * address, and CHAT_IMAGE_WAITING_MAX in all while the visitor waits for an answer); it is
 * re-encoded (chat.photo-encoder.ts), stored with the call, read back with the call's read access
 * only, and deleted by the visitor (hers and the snapshots of her video) or by the call's staff
 * (any). Part of the chat service: chat.service.ts composes it.
 */
import {
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  CHAT_IMAGE_MAX_EDGE,
  CHAT_IMAGE_WAITING_MAX,
  CLOSEUP_IMAGE_MAX_EDGE,
  type ChatDeleted,
  type ChatImage,
  type ChatImageKind,
  type ChatSenderType,
} from '@belleza/contract';
import { forbidden } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import {
  CHAT_IMAGES_PER_ADDRESS,
  WAITING_PHOTOS_MEMORY_S,
  createAllowance,
  createLimiter,
} from '../../lib/limits.js';
import type { CallActor, ChatParticipant } from '../calls/calls.types.js';
import { toImageDto } from './chat.dto.js';
import { reencodePhoto } from './chat.photo-encoder.js';
import {
  deleteImageAndItsMessages,
  findImage,
  findImageMeta,
  insertImage,
  type ChatImageMeta,
  type ChatImageRow,
} from './chat.repository.js';
import {
  imageNotFound,
  requireActive,
  requireWriter,
  senderKey,
  waitingPhotoLimit,
  waitsForAnswer,
} from './chat.rules.js';
import type { ChatImageFile, ChatServiceDeps } from './chat.types.js';

/**
 * Who may delete a photo of the call: the visitor the photos she sent and every snapshot of her
 * video and every colour preview of her (pictures of her she did not choose to send, so hers to remove); the call's advisor and admins any photo.
 */
function mayDelete(by: ChatSenderType, image: ChatImageMeta): boolean {
  return (
    by !== 'client' ||
    image.uploader_type === 'client' ||
    image.kind === 'snapshot' ||
    image.kind === 'preview'
  );
}

/**
 * THE photo pipeline of a call: the upload re-encoded (413 IMAGE_TOO_LARGE, 415 UNSUPPORTED_IMAGE,
 * no metadata kept) and stored with the call and its kind. The chat's photos and the intake's.
 */
export async function storeCallPhoto(
  deps: Pick<ChatServiceDeps, 'db' | 'clock'>,
  callId: string,
  sender: ChatParticipant,
  kind: ChatImageRow['kind'],
  upload: Buffer,
): Promise<ChatImageMeta> {
  // A close-up is kept at the resolution her phone took it (docs/product.md#close-up-photos).
  const photo = await reencodePhoto(
    upload,
    kind === 'closeup' ? CLOSEUP_IMAGE_MAX_EDGE : CHAT_IMAGE_MAX_EDGE,
  );
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
    created_at: deps.clock.now().toISOString(),
  };
  await insertImage(deps.db, row);
  const { data: _bytes, ...meta } = row;
  return meta;
}

export function createChatImages(deps: ChatServiceDeps) {
  const { db, notifier, calls } = deps;
  const imagesPerSender = createLimiter(
    'chat-image',
    { points: CHAT_IMAGE_RATE_MAX, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );
  const imagesPerAddress = createLimiter(
    'chat-image-address',
    CHAT_IMAGES_PER_ADDRESS,
    deps.limitStore,
  );
  // Per call: taken before the photo is decoded, given back when it is refused.
  const waitingPhotos = createAllowance(
    'chat-image-waiting',
    { points: CHAT_IMAGE_WAITING_MAX, duration: WAITING_PHOTOS_MEMORY_S },
    deps.limitStore,
  );

  /** A photo's bytes; an id of another call, or an unknown one, is 404. */
  async function imageFile(callId: string, imageId: string): Promise<ChatImageFile> {
    const image = await findImage(db, callId, imageId);
    if (!image) throw imageNotFound();
    return { data: image.data, contentType: image.content_type };
  }

  const storePhoto = async (
    callId: string,
    sender: ChatParticipant,
    kind: ChatImageKind,
    upload: Buffer,
  ): Promise<ChatImage> => toImageDto(await storeCallPhoto(deps, callId, sender, kind, upload));

  /**
   * Who may add a photo: exactly who may write now. A snapshot: the advisor who took the call or
   * the visitor (her own camera, sent by her device), while the call is active; an admin watching
   * never (403 whatever the call's state). A close-up: the visitor alone, while active.
   */
  async function imageUploader(
    actor: CallActor,
    callId: string,
    kind: ChatImageKind,
  ): Promise<ChatParticipant> {
    const sender = await calls.chatParticipant(actor, callId);
    // A colour preview is the call's stylist's work on a still of the visitor, in the call.
    if (kind === 'preview') {
      if (sender.type !== 'advisor')
        throw forbidden("Only the call's advisor adds a colour preview of the visitor");
      requireActive(sender);
      return sender;
    }
    // A close-up is taken by her own phone when the stylist asked, in the call.
    if (kind === 'closeup') {
      if (sender.type !== 'client')
        throw forbidden('Only the visitor sends a close-up, from her own camera');
      requireActive(sender);
      return sender;
    }
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
     * Before the upload's body is read: whether the actor may add a photo to the call now (so
     * nobody else makes the server take in megabytes), and, while the visitor waits, whether her
     * allowance is spent (409 WAITING_PHOTO_LIMIT).
     */
    async checkImageUpload(
      actor: CallActor,
      callId: string,
      kind: ChatImageKind = 'photo',
    ): Promise<void> {
      const sender = await imageUploader(actor, callId, kind);
      if (waitsForAnswer(sender) && (await waitingPhotos.exhausted(callId)))
        throw waitingPhotoLimit();
    },

    /**
     * POST /api/calls/{id}/images: the photo re-encoded (413 IMAGE_TOO_LARGE, 415
     * UNSUPPORTED_IMAGE) and stored with the call and its kind; a message shows it by its id.
     * Counted, before it is decoded, per sender and call and per client address `from` (429), and
     * while the visitor waits against her allowance (409 WAITING_PHOTO_LIMIT). Nothing is stored
     * when it is refused.
     */
    async uploadImage(
      actor: CallActor,
      callId: string,
      upload: Buffer,
      kind: ChatImageKind,
      from: string,
    ): Promise<ChatImage> {
      const sender = await imageUploader(actor, callId, kind);
      await imagesPerSender.consume(senderKey(callId, sender));
      await imagesPerAddress.consume(from);
      const waiting = waitsForAnswer(sender);
      if (waiting && !(await waitingPhotos.reserve(callId))) throw waitingPhotoLimit();
      try {
        return await storePhoto(callId, sender, kind, upload);
      } catch (err) {
        // Refused or not stored: it does not count against her allowance.
        if (waiting) await waitingPhotos.release(callId);
        throw err;
      }
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

    /** For the visitor's summary, which checked her summary key itself. */
    imageFile,

    /**
     * Deletes, for the visitor, a photo she sent or a snapshot of her video (403 for the advisor's
     * or an admin's photos, 404 for another call's), as the call's own route does. Announced to
     * nobody: the summary opens only once the call is over.
     */
    deleteVisitorImage: (callId: string, imageId: string): Promise<ChatDeleted> =>
      removeImage(callId, imageId, 'client'),
  };
}
