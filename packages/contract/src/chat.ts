/**
 * Chat in the call (docs/product.md#chat): plain text between the visitor, the call's advisor and
 * admins, over the app's own Socket.IO rooms (both video providers). The sender makes each
 * message's id (a UUID), so a resend after a lost acknowledgement or a reconnect stores and shows
 * it once.
 */
import { z } from 'zod';
import { PHOTO_UPLOAD_MAX_BYTES, PHOTO_UPLOAD_TYPES, idSchema, isoDateTime } from './common.js';

/** Characters in one message (after trimming). */
export const CHAT_MESSAGE_MAX = 1000;
/** Messages one sender may send per call in CHAT_RATE_WINDOW_S seconds. */
export const CHAT_RATE_MAX = 20;
export const CHAT_RATE_WINDOW_S = 10;

/**
 * Photos in the chat (docs/product.md#photos): what a phone sends, at most this many bytes per
 * upload.
 */
export const CHAT_IMAGE_UPLOAD_TYPES = PHOTO_UPLOAD_TYPES;
export const CHAT_IMAGE_MAX_BYTES = PHOTO_UPLOAD_MAX_BYTES;
/** Longest side of the stored (re-encoded) photo, in pixels. */
export const CHAT_IMAGE_MAX_EDGE = 2048;
/**
 * Pixels a chat photo may declare (read from its header, before anything is decoded): a 12 MP
 * phone photo (4032×3024) and a 16 MP one pass; a 40 MP image of a few KB that would cost a core
 * a third of a second to decode does not (413 IMAGE_TOO_LARGE, details.maxPixels).
 */
export const CHAT_IMAGE_MAX_PIXELS = 16_000_000;
/**
 * Photos the visitor may add while she waits, before a stylist has taken the call (409
 * WAITING_PHOTO_LIMIT after that); once the call is active the per-sender rate applies alone.
 */
export const CHAT_IMAGE_WAITING_MAX = 3;
/** Photos one sender may add per call in CHAT_IMAGE_RATE_WINDOW_S seconds. */
export const CHAT_IMAGE_RATE_MAX = 10;
export const CHAT_IMAGE_RATE_WINDOW_S = 60;

/**
 * What a photo is (docs/product.md#snapshots): sent from a device or drawn on (`photo`), a still
 * of the visitor's video the advisor asked for (`snapshot`), which the visitor is told about and
 * may delete, the stylist's hair colour preview on a still of her, before and after side by
 * side (`preview`, docs/product.md#hair-colour-preview), which she may delete too, or a
 * full-resolution close-up her own phone took when the stylist asked (`closeup`,
 * docs/product.md#close-up-photos).
 */
export const chatImageKindSchema = z.enum(['photo', 'snapshot', 'preview', 'closeup']);
export type ChatImageKind = z.infer<typeof chatImageKindSchema>;
/**
 * POST /api/calls/{callId}/images?kind=snapshot: the call's advisor (a still of the remote video,
 * built-in provider) or the visitor herself (her own camera, asked for by `chat:snapshot-requested`
 * on Daily), while the call is active; never an admin watching.
 */
export const chatImageUploadQuery = z.object({ kind: chatImageKindSchema.default('photo') });

/** A stored photo: re-encoded as JPEG without metadata; its bytes at GET …/images/{id}. */
export const chatImageSchema = z.object({
  id: idSchema,
  callId: idSchema,
  kind: chatImageKindSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  contentType: z.literal('image/jpeg'),
  bytes: z.number().int().positive(),
});
export type ChatImage = z.infer<typeof chatImageSchema>;
/** GET /api/calls/{callId}/images/{imageId}: the photo's JPEG bytes. */
export const chatImageParams = z.object({ callId: idSchema, imageId: idSchema });

export const chatSenderTypeSchema = z.enum(['client', 'advisor', 'admin']);
export type ChatSenderType = z.infer<typeof chatSenderTypeSchema>;

export const chatMessageSchema = z.object({
  /** the sender's own id for it (a UUID): unique within the call */
  id: z.uuid(),
  callId: idSchema,
  senderType: chatSenderTypeSchema,
  senderName: z.string(),
  /** may be empty when the message is a photo */
  body: z.string(),
  /** the photo this message shows (uploaded first with POST …/images), or null */
  image: chatImageSchema.omit({ callId: true }).nullable(),
  /** when the server stored it */
  sentAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/calls/{callId}/messages and the `chat:send` event (with callId). */
export const chatSendBodySchema = z
  .object({
    id: z.uuid(),
    body: z
      .string()
      .trim()
      .max(CHAT_MESSAGE_MAX)
      // PostgreSQL cannot store U+0000 in text, and no keyboard types it: refused on both databases.
      .refine((body) => !body.includes('\u0000'), 'validation.invalidCharacters')
      .default(''),
    /** a photo of this call, uploaded first (POST /api/calls/{callId}/images) */
    imageId: idSchema.optional(),
  })
  // Text, a photo, or both: never nothing.
  .refine((m) => m.body.length > 0 || m.imageId !== undefined, {
    error: 'validation.required',
    path: ['body'],
  });
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

export const chatSendPayload = z.object({ callId: idSchema }).and(chatSendBodySchema);
export const chatJoinPayload = z.object({ callId: idSchema });

/** The call's messages, oldest first (GET /api/calls/{callId}/messages, `chat:join`'s answer). */
export const chatHistorySchema = z.object({
  callId: idSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/**
 * DELETE /api/calls/{callId}/images/{imageId}: the visitor removes a photo of hers or a snapshot of
 * her video, during the call; the messages that showed it go with it, announced to the call's chat
 * room as `chat:deleted`.
 */
export const chatDeletedSchema = z.object({
  callId: idSchema,
  /** the messages removed (those that showed the photo) */
  messageIds: z.array(z.uuid()),
  imageId: idSchema,
});
export type ChatDeleted = z.infer<typeof chatDeletedSchema>;

/**
 * Snapshots on Daily (docs/product.md#snapshots): Daily's frame is another origin, so the advisor's
 * page cannot read the visitor's video. The advisor asks instead (POST
 * /api/calls/{callId}/snapshot-requests); the call's chat room hears `chat:snapshot-requested`, and
 * the visitor's own device takes a still of her camera and uploads it with `?kind=snapshot` — or
 * answers why it could not (POST …/snapshot-failures, heard as `chat:snapshot-failed`). Requests
 * and failures count per sender and call like photos (CHAT_IMAGE_RATE_MAX every
 * CHAT_IMAGE_RATE_WINDOW_S seconds).
 */
export const snapshotRequestSchema = z.object({
  callId: idSchema,
  /** made by the server; the visitor's failure answer names it */
  requestId: idSchema,
  /** the advisor who asked, as the chat names her (the visitor's notice says who took it) */
  requestedBy: z.string(),
});
export type SnapshotRequest = z.infer<typeof snapshotRequestSchema>;

/** Why the visitor's device took no still: her camera is off in the call, or capturing failed. */
export const snapshotFailureReasonSchema = z.enum(['camera-off', 'failed']);
export type SnapshotFailureReason = z.infer<typeof snapshotFailureReasonSchema>;
/** POST /api/calls/{callId}/snapshot-failures: which request, and why no still. */
export const snapshotFailureBodySchema = z.object({
  requestId: idSchema,
  reason: snapshotFailureReasonSchema,
});
export type SnapshotFailureBody = z.infer<typeof snapshotFailureBodySchema>;
/** The failure as the chat room hears it (`chat:snapshot-failed`) and the route answers it. */
export const snapshotFailedSchema = snapshotFailureBodySchema.extend({ callId: idSchema });
export type SnapshotFailed = z.infer<typeof snapshotFailedSchema>;

/**
 * How long the visitor's screen waits for her device's still before answering 'failed' (a camera
 * permission prompt may be open), and how long the advisor's screen waits for the photo or that
 * answer before saying nothing came (longer: the upload comes after the capture).
 */
export const SNAPSHOT_CAPTURE_TIMEOUT_MS = 15_000;
export const SNAPSHOT_ANSWER_TIMEOUT_MS = 30_000;
