/**
 * The chat service's close-up requests (docs/product.md#close-up-photos): the call's stylist asks
 * the visitor's phone for a full-resolution close-up; only the call's own sockets (its visitor's)
 * hear it. The visitor's screen tells where her device is with it (rear camera, same camera,
 * cancelled, failed, sent), relayed to the call's chat room for the stylist's status line. The
 * photo itself comes as the visitor's upload of kind `closeup`. Requests and answers are never
 * stored; each counts like a photo per sender and call, so a request cannot be made faster than
 * its photos could come. Part of the chat service: chat.service.ts composes it.
 */
import {
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  type CloseupRequest,
  type CloseupStatus,
} from '@belleza/contract';
import { forbidden } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { createLimiter } from '../../lib/limits.js';
import type { CallActor } from '../calls/calls.types.js';
import { requireActive, senderKey } from './chat.rules.js';
import type { ChatServiceDeps } from './chat.types.js';

/** A visitor's screen reports several steps per request (turned, then sent): more than photos. */
const STATUS_PER_REQUEST = 4;

export function createChatCloseups(
  deps: Pick<ChatServiceDeps, 'notifier' | 'limitStore' | 'calls'>,
) {
  const { notifier, calls } = deps;
  const requestsPerSender = createLimiter(
    'chat-closeup-request',
    { points: CHAT_IMAGE_RATE_MAX, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );
  const statusesPerSender = createLimiter(
    'chat-closeup-status',
    { points: CHAT_IMAGE_RATE_MAX * STATUS_PER_REQUEST, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );

  return {
    /**
     * `closeup:request`: the advisor who took the call asks its visitor for a close-up, while the
     * call is active (FORBIDDEN for anyone else, an admin watching included; CALL_NOT_ACTIVE;
     * RATE_LIMITED over the photo rate). Only the call's own sockets hear `closeup:requested`.
     */
    async requestCloseup(actor: CallActor, callId: string): Promise<CloseupRequest> {
      const sender = await calls.chatParticipant(actor, callId);
      if (sender.type !== 'advisor')
        throw forbidden("Only the call's stylist asks the visitor for a close-up");
      requireActive(sender);
      await requestsPerSender.consume(senderKey(callId, sender));
      const request: CloseupRequest = {
        callId,
        requestId: newId('closeup'),
        requestedBy: sender.name,
      };
      notifier.toCall(callId, 'closeup:requested', request);
      return request;
    },

    /**
     * `closeup:status`: the visitor's screen tells where her device is with a request, while the
     * call is active; the chat room hears `closeup:state`. Only the visitor (FORBIDDEN for staff);
     * requests are not kept, so an unknown id only reaches a screen that ignores it.
     */
    async reportCloseup(
      actor: CallActor,
      callId: string,
      { requestId, state }: Pick<CloseupStatus, 'requestId' | 'state'>,
    ): Promise<CloseupStatus> {
      const sender = await calls.chatParticipant(actor, callId);
      if (sender.type !== 'client')
        throw forbidden('Only the visitor tells how her close-up is going');
      requireActive(sender);
      await statusesPerSender.consume(senderKey(callId, sender));
      const status: CloseupStatus = { callId, requestId, state };
      notifier.toChat(callId, 'closeup:state', status);
      return status;
    },
  };
}
