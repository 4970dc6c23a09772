/**
 * Who may do what in a call's chat, by the sender's part in the call and the call's state; shared
 * by the chat service's parts (messages, photos, snapshots).
 */
import { CHAT_IMAGE_WAITING_MAX } from '@belleza/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ChatParticipant } from '../calls/calls.types.js';

/** The visitor may write while she waits; the staff once the call is theirs to talk in. */
function mayWrite(sender: ChatParticipant): boolean {
  return (
    sender.callStatus === 'active' || (sender.type === 'client' && sender.callStatus === 'pending')
  );
}

export function requireWriter(sender: ChatParticipant): void {
  if (mayWrite(sender)) return;
  throw new AppError(
    'CALL_NOT_ACTIVE',
    409,
    sender.callStatus === 'pending'
      ? 'This call has not started yet: messages open when it is answered'
      : 'This call has ended: it takes no more messages',
  );
}

/** Snapshots are of the call itself: only while it is active (not while she waits, nor after). */
export function requireActive(sender: ChatParticipant): void {
  if (sender.callStatus === 'active') return;
  throw new AppError(
    'CALL_NOT_ACTIVE',
    409,
    sender.callStatus === 'pending'
      ? 'This call has not started yet: no snapshots before it is answered'
      : 'This call has ended: no more snapshots',
  );
}

export const imageNotFound = () => notFound('IMAGE_NOT_FOUND', 'Photo');

/** The visitor before a stylist has taken her call: her photos count against her allowance. */
export const waitsForAnswer = (sender: ChatParticipant): boolean =>
  sender.type === 'client' && sender.callStatus === 'pending';

export const waitingPhotoLimit = () =>
  new AppError(
    'WAITING_PHOTO_LIMIT',
    409,
    `At most ${CHAT_IMAGE_WAITING_MAX} photos while the call waits: more once a stylist takes it`,
    { max: CHAT_IMAGE_WAITING_MAX },
  );

/** The sender's own key for the per-sender limits. */
export const senderKey = (callId: string, sender: ChatParticipant) =>
  `${callId}|${sender.type}:${sender.id}`;
