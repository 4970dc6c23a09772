/**
 * Chat in the call: plain text between the visitor, the advisor who took the call and admins,
 * kept with the call and delivered to its chat room (`chat:{id}`) after it is stored.
 *
 * Who reads is the calls module's answer (`chatParticipant`: the call key, the advisor who took the
 * call, an admin). Who writes: the visitor while the call is pending or active (she may write while
 * she waits), the call's advisor and admins while it is active. The sender makes the id: the same
 * id again answers the stored message and delivers nothing; the same id from another sender or with
 * another text is CHAT_ID_IN_USE. Each sender sends at most CHAT_RATE_MAX messages per call every
 * CHAT_RATE_WINDOW_S seconds (counted in Redis when configured, so across instances).
 *
 * Photos: whoever may write may add one (at most CHAT_IMAGE_RATE_MAX per sender and call every
 * CHAT_IMAGE_RATE_WINDOW_S seconds); it is re-encoded (chat.photo-encoder.ts), stored with the
 * call, read back with the call's read access only, and shown by the message that names it
 * (`imageId`: a photo of this call that its sender uploaded).
 *
 * Snapshots: a still of the visitor's video, uploaded as a photo of kind `snapshot` while the call
 * is active, by the advisor who took the call (built-in video: her page draws the remote video) or
 * by the visitor herself (Daily: Daily's frame is another origin, so the advisor asks —
 * requestSnapshot, heard by the chat room as `chat:snapshot-requested` — and the visitor's device
 * takes the still of her own camera, or says why it could not: reportSnapshotFailure,
 * `chat:snapshot-failed`). Never by an admin watching. The visitor may delete it, and the photos
 * she sent, at any time (during the call, after it, from her summary); the call's advisor and
 * admins may delete any photo of the call. The messages that showed it go with it (one with text
 * keeps the text); during the call the chat room hears `chat:deleted`.
 *
 * For the visitor's summary (modules/summary, which checks her summary key itself, and where she
 * may read and delete her call's chat after it): transcript(callId), imageFile(callId, imageId),
 * deleteVisitorImage, deleteChat and the retention purge, purgeEndedBefore(cutoff).
 *
 * Product rules: docs/product.md#chat, #photos, #snapshots, #close-up-photos and #retention.
 *
 * Close-ups: the call's stylist asks the visitor's phone for a full-resolution still
 * (requestCloseup, heard by the call's own sockets only as `closeup:requested`); her screen tells
 * how it goes (reportCloseup, `closeup:state` to the chat room) and uploads it as kind `closeup`.
 *
 * Intake photos (docs/product.md#hair-intake) go through the same pipeline, never into the chat.
 *
 * This file is the service's face: it composes chat-messages.service.ts, chat-images.service.ts,
 * chat-intake-photos.service.ts, chat-snapshots.service.ts, chat-closeups.service.ts and
 * chat-retention.service.ts into one object; chat.rules.ts holds
 * who may write when.
 */
import { createChatCloseups } from './chat-closeups.service.js';
import { createChatImages } from './chat-images.service.js';
import { createChatIntakePhotos } from './chat-intake-photos.service.js';
import { createChatMessages } from './chat-messages.service.js';
import { createChatRetention } from './chat-retention.service.js';
import { createChatSnapshots } from './chat-snapshots.service.js';
import type { ChatServiceDeps } from './chat.types.js';

export type { ChatImageFile, ChatServiceDeps } from './chat.types.js';

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatServiceDeps) {
  return {
    ...createChatMessages(deps),
    ...createChatImages(deps),
    ...createChatIntakePhotos(deps),
    ...createChatSnapshots(deps),
    ...createChatCloseups(deps),
    ...createChatRetention(deps),
  };
}
