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
 */
import {
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_S,
  type ChatHistory,
  type ChatMessage,
  type ChatSendBody,
} from '@belleza/contract';
import type { Deps } from '../../container.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { createLimiter } from '../../lib/limits.js';
import type { CallActor, CallsService, ChatParticipant } from '../calls/calls.service.js';
import {
  findMessage,
  insertMessage,
  listMessages,
  type ChatMessageRow,
} from './chat.repository.js';

export type ChatServiceDeps = Pick<Deps, 'db' | 'clock' | 'notifier' | 'limitStore'> & {
  /** whether the call exists and who the actor is in it: the calls module's answer */
  calls: Pick<CallsService, 'chatParticipant'>;
};

export type ChatService = ReturnType<typeof createChatService>;

/** What a send did: stored the message now (`created`), or found it stored by an earlier send. */
export type ChatSendResult = { message: ChatMessage; created: boolean };

function toDto(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    callId: row.call_id,
    senderType: row.sender_type,
    senderName: row.sender_name,
    body: row.body,
    sentAt: row.created_at,
  };
}

/** The visitor may write while she waits; the staff once the call is theirs to talk in. */
function mayWrite(sender: ChatParticipant): boolean {
  return (
    sender.callStatus === 'active' || (sender.type === 'client' && sender.callStatus === 'pending')
  );
}

const idInUse = () =>
  conflict('CHAT_ID_IN_USE', 'This message id is already used in this call by another message');

export function createChatService(deps: ChatServiceDeps) {
  const { db, clock, notifier, calls } = deps;
  const perSender = createLimiter(
    'chat-send',
    { points: CHAT_RATE_MAX, duration: CHAT_RATE_WINDOW_S },
    deps.limitStore,
  );

  /** A stored message answers a resend from its sender with the same text; anything else clashes. */
  function replay(stored: ChatMessageRow, sender: ChatParticipant, body: string): ChatSendResult {
    const sameSender = stored.sender_type === sender.type && stored.sender_id === sender.id;
    if (!sameSender || stored.body !== body) throw idInUse();
    return { message: toDto(stored), created: false };
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
      if (stored) return replay(stored, sender, input.body);
      if (!mayWrite(sender)) {
        throw new AppError(
          'CALL_NOT_ACTIVE',
          409,
          sender.callStatus === 'pending'
            ? 'This call has not started yet: messages open when it is answered'
            : 'This call has ended: it takes no more messages',
        );
      }
      await perSender.consume(`${callId}|${sender.type}:${sender.id}`);
      const row: ChatMessageRow = {
        call_id: callId,
        id: input.id,
        sender_type: sender.type,
        sender_id: sender.id,
        sender_name: sender.name,
        body: input.body,
        created_at: clock.now().toISOString(),
      };
      if (!(await insertMessage(db, row))) {
        // Another send of the same id stored it first: this one is its resend, or a clash.
        const first = await findMessage(db, callId, input.id);
        if (!first) throw new Error(`call_messages: ${callId}/${input.id} conflicted but is gone`);
        return replay(first, sender, input.body);
      }
      const message = toDto(row);
      notifier.toChat(callId, 'chat:message', message, opts.exceptSocketId);
      return { message, created: true };
    },
  };
}
