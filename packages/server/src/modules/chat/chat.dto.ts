/** The chat's rows as the contract's DTOs: a message (with the photo it shows) and a photo. */
import type { ChatImage, ChatImageKind, ChatMessage } from '@belleza/contract';
import type { CallImagesTable } from '../../db/schema.js';
import type { ChatImageMeta, ChatMessageRow } from './chat.repository.js';

/**
 * A photo's kind as the chat shows it. An intake photo is never shown by a message (a message may
 * not name one, chat-messages.service.ts): were one named, it would read as a photo she sent.
 */
const chatKind = (kind: CallImagesTable['kind']): ChatImageKind =>
  kind === 'intake' ? 'photo' : kind;

export function toMessageDto(row: ChatMessageRow): ChatMessage {
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
            kind: chatKind(image_kind),
            width: image_width,
            height: image_height,
            contentType: 'image/jpeg',
            bytes: image_size_bytes,
          }
        : null,
    sentAt: row.created_at,
  };
}

export function toImageDto(row: ChatImageMeta): ChatImage {
  return {
    id: row.id,
    callId: row.call_id,
    kind: chatKind(row.kind),
    width: row.width,
    height: row.height,
    contentType: row.content_type,
    bytes: row.size_bytes,
  };
}
