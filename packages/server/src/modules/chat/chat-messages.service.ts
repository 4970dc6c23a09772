/**
 * The chat service's messages: the history (with the room joined before the read), sending (the
 * sender's id makes a resend harmless; CHAT_RATE_MAX per sender and call every
 * CHAT_RATE_WINDOW_S seconds) and the transcript for the visitor's summary.
 * Part of the chat service: chat.service.ts composes it.
 */
import {
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_S,
  type ChatHistory,
  type ChatMessage,
  type ChatSendBody,
} from '@belleza/contract';
import { conflict, forbidden } from '../../lib/app-error.js';
import { createLimiter } from '../../lib/limits.js';
import type { CallActor, ChatParticipant } from '../calls/calls.types.js';
import { toMessageDto } from './chat.dto.js';
import {
  findImageMeta,
  findMessage,
  insertMessage,
  listMessages,
  type ChatImageMeta,
  type ChatMessageRow,
} from './chat.repository.js';
import { imageNotFound, requireWriter, senderKey } from './chat.rules.js';
import type { ChatSendResult, ChatServiceDeps } from './chat.types.js';

const idInUse = () =>
  conflict('CHAT_ID_IN_USE', 'This message id is already used in this call by another message');

export function createChatMessages(deps: ChatServiceDeps) {
  const { db, clock, notifier, calls } = deps;
  const perSender = createLimiter(
    'chat-send',
    { points: CHAT_RATE_MAX, duration: CHAT_RATE_WINDOW_S },
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
    return { message: toMessageDto(stored), created: false };
  }

  /** The photo a message shows: one of this call, added by this sender. */
  async function ownImage(
    callId: string,
    sender: ChatParticipant,
    imageId: string,
  ): Promise<ChatImageMeta> {
    const image = await findImageMeta(db, callId, imageId);
    // An intake photo stays in the intake: only its stylist and admins read it there.
    if (!image || image.kind === 'intake') throw imageNotFound();
    if (image.uploader_type !== sender.type || image.uploader_id !== sender.id)
      throw forbidden('This photo was added by someone else');
    return image;
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
      return { callId, messages: rows.map(toMessageDto) };
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
      const message = toMessageDto({
        ...row,
        image_kind: image?.kind ?? null,
        image_width: image?.width ?? null,
        image_height: image?.height ?? null,
        image_size_bytes: image?.size_bytes ?? null,
      });
      notifier.toChat(callId, 'chat:message', message, opts.exceptSocketId);
      return { message, created: true };
    },

    /** The call's messages, oldest first, for a caller that checked the reader itself. */
    async transcript(callId: string): Promise<ChatMessage[]> {
      return (await listMessages(db, callId)).map(toMessageDto);
    },
  };
}
