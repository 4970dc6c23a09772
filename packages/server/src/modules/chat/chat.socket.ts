/**
 * The call's chat over the socket: joining it (`chat:join`, answered with its history) and
 * sending a message (`chat:send`). Who may: the visitor after client:connect or call:request (her
 * key is remembered per call on the socket), the advisor who took the call, an admin. An admin who
 * is neither sits in the chat by her rights alone: her socket is marked so (`admin-seat:{id}`) and
 * leaves the chat when those rights go (realtime.notifier.ts).
 */
import {
  chatJoinPayload,
  chatSendPayload,
  closeupRequestPayload,
  closeupStatusPayload,
} from '@belleza/contract';
import { forbidden } from '../../lib/app-error.js';
import type { CallsService } from '../calls/calls.service.js';
import { adminSeatRoom, chatRoom } from '../realtime/realtime.notifier.js';
import type { SocketContext } from '../realtime/socket-context.js';
import type { ChatService } from './chat.service.js';

export type ChatSocketDeps = {
  chat: Pick<ChatService, 'history' | 'send' | 'requestCloseup' | 'reportCloseup'>;
  calls: Pick<CallsService, 'chatParticipant'>;
};

export function registerChatHandlers(ctx: SocketContext, { chat, calls }: ChatSocketDeps): void {
  const { socket } = ctx;

  socket.on(
    'chat:join',
    ctx.handle('chat:join', chatJoinPayload, async ({ callId }) => {
      const actor = await ctx.actorFor(callId);
      return chat.history(actor, callId, async () => {
        const seat = await calls.chatParticipant(actor, callId);
        if (seat.type !== 'admin') {
          await socket.leave(adminSeatRoom(callId));
          await socket.join(chatRoom(callId));
          return;
        }
        await socket.join([chatRoom(callId), adminSeatRoom(callId)]);
        // Her rights read again once she is in: taken away meanwhile, the removal may have missed
        // this socket (the re-read takes her out of the room).
        if (!(await ctx.requireAdvisor()).isAdmin) throw forbidden('This call is not yours');
      });
    }),
  );

  socket.on(
    'chat:send',
    ctx.handle('chat:send', chatSendPayload, async ({ callId, ...message }) => {
      const actor = await ctx.actorFor(callId);
      // The others in the room hear it; this socket has it in its ack.
      const sent = await chat.send(actor, callId, message, { exceptSocketId: socket.id });
      return sent.message;
    }),
  );

  // Close-ups (docs/product.md#close-up-photos): the stylist asks, the visitor's screen answers.
  socket.on(
    'closeup:request',
    ctx.handle('closeup:request', closeupRequestPayload, async ({ callId }) =>
      chat.requestCloseup(await ctx.actorFor(callId), callId),
    ),
  );

  socket.on(
    'closeup:status',
    ctx.handle('closeup:status', closeupStatusPayload, async ({ callId, ...status }) =>
      chat.reportCloseup(await ctx.actorFor(callId), callId, status),
    ),
  );
}
