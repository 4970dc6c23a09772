/**
 * Sending one chat message on a joined socket: its photo uploaded first when it has one, then
 * `chat:send` with the message's own id, so a send whose answer was lost can go again and still be
 * stored once.
 */
import { chatMessageSchema, type ChatMessage } from '@belleza/contract';
import { isApiError } from '@/lib/api-client';
import { CHAT_ACK_TIMEOUT_MS, LOST, type Ack, type ChatEntry, type ChatLink } from './chat-entry';
import { uploadChatImage } from './video-call.api';

export type Delivery = {
  callId: string;
  /** the log takes each new state of the message */
  upsert: (entry: ChatEntry) => void;
  /** the server stored the message: its own copy */
  onStored: (message: ChatMessage) => void;
};

/**
 * Sends `entry` on `link`, marking it 'sending'; a refused upload or send marks it failed with the
 * server's code, and an answer not back in time marks it LOST (sent again on the next join), while
 * a late success still counts.
 */
export async function deliverEntry(
  entry: ChatEntry,
  link: ChatLink,
  { callId, upsert, onStored }: Delivery,
): Promise<void> {
  const { errorCode: _previous, ...rest } = entry;
  let sending: ChatEntry = { ...rest, state: 'sending' };
  if (entry.state !== 'sending') upsert(sending);
  if (sending.photo && !sending.image) {
    try {
      const { callId: _call, ...image } = await uploadChatImage(
        callId,
        sending.photo,
        link.auth,
        sending.photoKind,
      );
      const { photo: _sent, photoKind: _kind, ...uploaded } = sending;
      sending = { ...uploaded, image };
      upsert(sending);
    } catch (error) {
      const code = isApiError(error) ? error.code : 'UNKNOWN_ERROR';
      upsert({
        ...sending,
        state: 'failed',
        errorCode: code === 'NETWORK_ERROR' || code === 'TIMEOUT' ? LOST : code,
      });
      return;
    }
  }
  const message = sending;
  let lost = false;
  const timer = setTimeout(() => {
    lost = true;
    upsert({ ...message, state: 'failed', errorCode: LOST });
  }, CHAT_ACK_TIMEOUT_MS);
  link.socket.emit(
    'chat:send',
    {
      callId,
      id: message.id,
      body: message.body,
      ...(message.image ? { imageId: message.image.id } : {}),
    },
    (res: Ack) => {
      clearTimeout(timer);
      if (res.ok) {
        const parsed = chatMessageSchema.safeParse(res.data);
        if (parsed.success) onStored(parsed.data);
      } else if (!lost) {
        upsert({ ...message, state: 'failed', errorCode: res.error.code });
      }
    },
  );
}
