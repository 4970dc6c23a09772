/**
 * Chat in the call (issue 15 §1): plain text between the visitor, the call's advisor and admins,
 * over the app's own Socket.IO rooms (both video providers). The sender makes each message's id
 * (a UUID), so a resend after a lost acknowledgement or a reconnect stores and shows it once.
 */
import { z } from 'zod';
import { idSchema, isoDateTime } from './common.js';

/** Characters in one message (after trimming). */
export const CHAT_MESSAGE_MAX = 1000;
/** Messages one sender may send per call in CHAT_RATE_WINDOW_S seconds. */
export const CHAT_RATE_MAX = 20;
export const CHAT_RATE_WINDOW_S = 10;

export const chatSenderTypeSchema = z.enum(['client', 'advisor', 'admin']);
export type ChatSenderType = z.infer<typeof chatSenderTypeSchema>;

export const chatMessageSchema = z.object({
  /** the sender's own id for it (a UUID): unique within the call */
  id: z.uuid(),
  callId: idSchema,
  senderType: chatSenderTypeSchema,
  senderName: z.string(),
  body: z.string(),
  /** when the server stored it */
  sentAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/calls/{callId}/messages and the `chat:send` event (with callId). */
export const chatSendBodySchema = z.object({
  id: z.uuid(),
  body: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(CHAT_MESSAGE_MAX)
    // PostgreSQL cannot store U+0000 in text, and no keyboard types it: refused on both databases.
    .refine((body) => !body.includes('\u0000'), 'validation.invalidCharacters'),
});
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

export const chatSendPayload = chatSendBodySchema.extend({ callId: idSchema });
export const chatJoinPayload = z.object({ callId: idSchema });

/** The call's messages, oldest first (GET /api/calls/{callId}/messages, `chat:join`'s answer). */
export const chatHistorySchema = z.object({
  callId: idSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;
