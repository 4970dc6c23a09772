import { z } from 'zod';
import { advisorPhotoSchema, advisorStatusSchema } from './advisors.js';
import type { StaffAppointment } from './appointments.js';
import { callSchema, callStatusSchema, clientInfoSchema } from './calls.js';
import type {
  chatHistorySchema,
  chatJoinPayload,
  chatDeletedSchema,
  chatMessageSchema,
  chatSendPayload,
  snapshotFailedSchema,
  snapshotRequestSchema,
} from './chat.js';
import { idSchema, languageSchema } from './common.js';
import type {
  rtcClosedSchema,
  rtcJoinSchema,
  rtcIceSchema,
  rtcIceServersSchema,
  rtcJoinedSchema,
  rtcLeaveSchema,
  rtcPeerLeftSchema,
  rtcPeerSchema,
  rtcPeerStatsSchema,
  rtcSignalFromSchema,
  rtcSignalSchema,
  rtcSpeakSchema,
  rtcPeerSpeaksSchema,
  rtcStatsSchema,
} from './video.js';

/**
 * Socket client options (docs/product.md#realtime-events): websocket first, 5 reconnection
 * attempts.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnectionAttempts: 5,
  reconnectionDelay: 500,
  timeout: 5000,
} as const;
export const HEARTBEAT_INTERVAL_MS = 5000;
/** An advisor whose sockets have all been gone this long receives no offers. */
export const PRESENCE_GRACE_MS = 15_000;

// ---- client → server payloads
export const advisorConnectPayload = z.object({
  advisorId: idSchema,
  token: z.string().min(1).max(500),
});
export const advisorStatusPayload = z.object({ advisorId: idSchema, status: advisorStatusSchema });
export const callAcceptPayload = z.object({ callId: idSchema, advisorId: idSchema });
export const callEndPayload = z.object({
  callId: idSchema,
  endedBy: z.enum(['client', 'advisor', 'admin']).optional(),
});
export const callNotesPayload = z.object({
  callId: idSchema,
  notes: z.string().max(20000),
  clientInfo: clientInfoSchema.partial().optional(),
});
export const clientConnectPayload = z.object({
  callId: idSchema,
  clientId: z.string().max(100).optional(),
  clientKey: z.string().min(1).max(200),
});
/** A request over the socket: `{clientInfo}` plus the consent and language HTTP requires. */
export const callRequestPayload = z.object({
  clientInfo: clientInfoSchema.partial(),
  consent: z.literal(true, { error: 'validation.consent' }),
  language: languageSchema.optional(),
});
export const callStatusPayload = z.object({
  callId: idSchema,
  status: callStatusSchema,
  additionalData: z.record(z.string(), z.unknown()).optional(),
});
export const callTypingPayload = z.object({
  callId: idSchema,
  isTyping: z.boolean(),
  userType: z.enum(['client', 'advisor', 'admin']),
});

// ---- server → client payloads
export const callStatusUpdatedPayload = z.object({
  callId: idSchema,
  status: callStatusSchema,
  call: callSchema,
});
export const callNotesUpdatedPayload = z.object({
  callId: idSchema,
  notes: z.string(),
  clientInfo: clientInfoSchema.partial().optional(),
});
export const advisorConnectedPayload = z.object({
  advisorId: idSchema,
  status: advisorStatusSchema,
});
export const advisorStatusUpdatedPayload = z.object({
  advisorId: idSchema,
  status: advisorStatusSchema,
  /** e.g. 'missed_offers' when the system set the advisor offline */
  reason: z.string().nullable(),
});
/**
 * The stylist being rung for a visitor: her name and title, and her portrait only when her photo is
 * public (the landing shows her): the same photo the landing's team shows.
 */
export const ringingStylistSchema = z.object({
  name: z.string(),
  title: z.string(),
  portrait: z.object({ advisorId: idSchema, photo: advisorPhotoSchema }).nullable().optional(),
});
export type RingingStylist = z.infer<typeof ringingStylistSchema>;
export const callQueueUpdatedPayload = z.object({
  callId: idSchema,
  queuePosition: z.number().int().positive().nullable(),
  estimatedWaitTime: z.number().int().nonnegative(),
  /** Who is being rung for the visitor now; null while queued. */
  ringing: ringingStylistSchema.nullable(),
});
export type CallQueueUpdated = z.infer<typeof callQueueUpdatedPayload>;
export const callOfferWithdrawnPayload = z.object({
  callId: idSchema,
  /** `unavailable`: the advisor went offline/busy or lost their connection while it rang */
  reason: z.enum(['timeout', 'taken', 'cancelled', 'declined', 'unavailable']),
});
export const socketErrorPayload = z.object({ code: z.string(), message: z.string() });
/** Minutes left before the system ends a call at `system.maxCallDuration`. */
export const CALL_END_WARNINGS_MINUTES = [5, 1] as const;
/** To the call's visitor, its advisor and the admins, once per threshold. */
export const callEndingSoonPayload = z.object({
  callId: z.string(),
  minutesLeft: z.number().int().positive(),
  endsAt: z.string(),
});

/**
 * To the call's advisor and the admins: its visitor's page lost its last connection (`present`
 * false: since when, and when the call ends by itself unless she comes back) or came back.
 */
export const callVisitorPresencePayload = z.object({
  callId: z.string(),
  present: z.boolean(),
  awaySince: z.string().nullable(),
  endsAt: z.string().nullable(),
});

type Ack<T> = (
  response: { ok: true; data: T } | { ok: false; error: { code: string; message: string } },
) => void;

export type ServerToClientEvents = {
  'call:new': (call: z.infer<typeof callSchema>) => void;
  'call:new:urgent': (call: z.infer<typeof callSchema>) => void;
  'call:status:updated': (p: z.infer<typeof callStatusUpdatedPayload>) => void;
  'call:accepted': (call: z.infer<typeof callSchema>) => void;
  /** To the advisor only: the server accepted this call for her (autoAcceptCalls); ring and open it. */
  'call:auto-accepted': (call: z.infer<typeof callSchema>) => void;
  'call:ended': (call: z.infer<typeof callSchema>) => void;
  'call:ending-soon': (p: z.infer<typeof callEndingSoonPayload>) => void;
  'call:visitor:presence': (p: z.infer<typeof callVisitorPresencePayload>) => void;
  'call:notes:updated': (p: z.infer<typeof callNotesUpdatedPayload>) => void;
  'call:queue:updated': (p: z.infer<typeof callQueueUpdatedPayload>) => void;
  'call:offer:withdrawn': (p: z.infer<typeof callOfferWithdrawnPayload>) => void;
  'call:typing': (p: z.infer<typeof callTypingPayload>) => void;
  /** To the call's chat room (`chat:join`), except the socket that sent it (its ack carries it). */
  'chat:message': (p: z.infer<typeof chatMessageSchema>) => void;
  /** To the call's chat room: a photo (and the messages that showed it) was deleted. */
  'chat:deleted': (p: z.infer<typeof chatDeletedSchema>) => void;
  /**
   * To the call's chat room: its advisor asks the visitor's device for a still of her camera
   * (Daily; POST /api/calls/{id}/snapshot-requests). Only the visitor's screen acts on it.
   */
  'chat:snapshot-requested': (p: z.infer<typeof snapshotRequestSchema>) => void;
  /** To the call's chat room: the visitor's device could not take the still asked for. */
  'chat:snapshot-failed': (p: z.infer<typeof snapshotFailedSchema>) => void;
  'calls:pending': (calls: z.infer<typeof callSchema>[]) => void;
  'advisor:connected': (p: z.infer<typeof advisorConnectedPayload>) => void;
  'advisor:status:updated': (p: z.infer<typeof advisorStatusUpdatedPayload>) => void;
  'client:connected': (p: { callId: string; clientId: string }) => void;
  'rtc:peer-joined': (p: z.infer<typeof rtcPeerSchema>) => void;
  'rtc:peer-left': (p: z.infer<typeof rtcPeerLeftSchema>) => void;
  'rtc:signal': (p: z.infer<typeof rtcSignalFromSchema>) => void;
  'rtc:closed': (p: z.infer<typeof rtcClosedSchema>) => void;
  'rtc:peer-stats': (p: z.infer<typeof rtcPeerStatsSchema>) => void;
  /** A silent supervisor of the call chose to speak: she is a participant from now on. */
  'rtc:peer-speaks': (p: z.infer<typeof rtcPeerSpeaksSchema>) => void;
  /** A booking of the advisor was made, moved, reassigned or closed (to her and the admins). */
  'appointment:changed': (p: StaffAppointment) => void;
  error: (p: z.infer<typeof socketErrorPayload>) => void;
  pong: () => void;
};

export type ClientToServerEvents = {
  'advisor:connect': (p: z.infer<typeof advisorConnectPayload>, ack?: Ack<unknown>) => void;
  'advisor:status': (p: z.infer<typeof advisorStatusPayload>, ack?: Ack<unknown>) => void;
  'call:accept': (p: z.infer<typeof callAcceptPayload>, ack?: Ack<unknown>) => void;
  'call:end': (p: z.infer<typeof callEndPayload>, ack?: Ack<unknown>) => void;
  'call:notes': (p: z.infer<typeof callNotesPayload>, ack?: Ack<unknown>) => void;
  'client:connect': (p: z.infer<typeof clientConnectPayload>, ack?: Ack<unknown>) => void;
  'call:request': (p: z.infer<typeof callRequestPayload>, ack?: Ack<unknown>) => void;
  'call:status': (p: z.infer<typeof callStatusPayload>, ack?: Ack<unknown>) => void;
  'call:typing': (p: z.infer<typeof callTypingPayload>, ack?: Ack<unknown>) => void;
  /** Joins the call's chat (the visitor after client:connect, its advisor, an admin); answers the messages so far. */
  'chat:join': (
    p: z.infer<typeof chatJoinPayload>,
    ack?: Ack<z.infer<typeof chatHistorySchema>>,
  ) => void;
  /** Stores and delivers one message; the same id again answers the stored message, sent once. */
  'chat:send': (
    p: z.infer<typeof chatSendPayload>,
    ack?: Ack<z.infer<typeof chatMessageSchema>>,
  ) => void;
  'rtc:join': (
    p: z.infer<typeof rtcJoinSchema>,
    ack?: Ack<z.infer<typeof rtcJoinedSchema>>,
  ) => void;
  'rtc:signal': (p: z.infer<typeof rtcSignalSchema>) => void;
  /** Fresh ICE servers for a participant still in the call (before its TURN credential expires). */
  'rtc:ice': (
    p: z.infer<typeof rtcIceSchema>,
    ack?: Ack<z.infer<typeof rtcIceServersSchema>>,
  ) => void;
  'rtc:leave': (p: z.infer<typeof rtcLeaveSchema>) => void;
  /** A supervisor (joined with role 'supervisor') becomes a participant: her media may flow. */
  'rtc:speak': (p: z.infer<typeof rtcSpeakSchema>, ack?: Ack<{ peerId: string }>) => void;
  'rtc:stats': (p: z.infer<typeof rtcStatsSchema>) => void;
  ping: () => void;
};
