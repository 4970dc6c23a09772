/**
 * The chat service's snapshot requests. With Daily the visitor's video is in another origin's
 * frame, so the advisor's page cannot draw a still of it: the advisor asks, the visitor's device
 * takes the still of her own camera and uploads it as a photo of kind `snapshot`, or says why it
 * could not. Requests and failures are relayed to the chat room, never stored; each sender makes
 * as many per call as she may upload photos.
 * Part of the chat service: chat.service.ts composes it.
 */
import {
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  type SnapshotFailed,
  type SnapshotFailureBody,
  type SnapshotRequest,
} from '@belleza/contract';
import { forbidden } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { createLimiter } from '../../lib/limits.js';
import type { CallActor } from '../calls/calls.types.js';
import { requireActive, senderKey } from './chat.rules.js';
import type { ChatServiceDeps } from './chat.types.js';

export function createChatSnapshots(
  deps: Pick<ChatServiceDeps, 'notifier' | 'limitStore' | 'calls'>,
) {
  const { notifier, calls } = deps;
  // Each request makes the visitor's device upload a photo: the same numbers as photos.
  const snapshotRequestsPerSender = createLimiter(
    'chat-snapshot-request',
    { points: CHAT_IMAGE_RATE_MAX, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );

  return {
    /**
     * POST /api/calls/{id}/snapshot-requests (Daily): the advisor who took the call asks the
     * visitor's device for a still of her camera, while the call is active (403 for anyone else,
     * 409 CALL_NOT_ACTIVE, 429 over the limit). The chat room hears `chat:snapshot-requested`;
     * the still comes back as her upload of kind `snapshot`. Nothing is stored.
     */
    async requestSnapshot(actor: CallActor, callId: string): Promise<SnapshotRequest> {
      const sender = await calls.chatParticipant(actor, callId);
      if (sender.type !== 'advisor')
        throw forbidden("Only the call's advisor asks for a snapshot of the visitor's video");
      requireActive(sender);
      await snapshotRequestsPerSender.consume(senderKey(callId, sender));
      const request: SnapshotRequest = {
        callId,
        requestId: newId('snap'),
        requestedBy: sender.name,
      };
      notifier.toChat(callId, 'chat:snapshot-requested', request);
      return request;
    },

    /**
     * POST /api/calls/{id}/snapshot-failures: the visitor's device says it took no still (her
     * camera is off, or capturing failed), so the advisor is told at once (`chat:snapshot-failed`
     * to the chat room). Only the visitor, while the call is active; requests are not kept (an
     * unknown id only reaches a screen that ignores it).
     */
    async reportSnapshotFailure(
      actor: CallActor,
      callId: string,
      { requestId, reason }: SnapshotFailureBody,
    ): Promise<SnapshotFailed> {
      const sender = await calls.chatParticipant(actor, callId);
      if (sender.type !== 'client')
        throw forbidden('Only the visitor answers a request for a snapshot of her video');
      requireActive(sender);
      await snapshotRequestsPerSender.consume(senderKey(callId, sender));
      const failed: SnapshotFailed = { callId, requestId, reason };
      notifier.toChat(callId, 'chat:snapshot-failed', failed);
      return failed;
    },
  };
}
