/**
 * The call's chat as the screens hold it: the socket it rides on, one message with what became of
 * its sending, the snapshot events the chat room hears, and the small rules every part of the chat
 * shares (message ids, what still waits for delivery, the log's order).
 */
import type {
  ChatImageKind,
  ChatMessage,
  SnapshotFailed,
  SnapshotRequest,
} from '@belleza/contract';
import type { AppSocket } from '@/lib/socket';
import type { ChatAuth } from './video-call.api';

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

/** The server's answer to a chat event (`chat:join`, `chat:send`). */
export type Ack =
  { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };

/**
 * Snapshots on Daily (docs/product.md#snapshots), as the chat room hears them; the screen acts on
 * them (read when they arrive, so the handlers may change between renders).
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

/** Still to be delivered: on its way, or its answer never came (sent again on the next join). */
export const awaitsDelivery = (e: ChatEntry) =>
  e.state === 'sending' || (e.state === 'failed' && e.errorCode === LOST);

/** The log's order: by time sent, then by id, the same on every screen. */
export const byTime = (a: ChatEntry, b: ChatEntry) =>
  a.sentAt === b.sentAt ? a.id.localeCompare(b.id) : a.sentAt.localeCompare(b.sentAt);
