/**
 * The call's chat over the socket: joining it (`chat:join`, answered with its history) and
 * sending a message (`chat:send`). Who may: the visitor after client:connect or call:request (her
 * key is remembered per call on the socket), the advisor who took the call, an admin.
 */
import { chatJoinPayload, chatSendPayload } from '@belleza/contract';
import { chatRoom } from '../realtime/realtime.notifier.js';
import type { SocketContext } from '../realtime/socket-context.js';
import type { ChatService } from './chat.service.js';

export type ChatSocketDeps = { chat: Pick<ChatService, 'history' | 'send'> };

export function registerChatHandlers(ctx: SocketContext, { chat }: ChatSocketDeps): void {
  const { socket } = ctx;

  socket.on(
    'chat:join',
    ctx.handle('chat:join', chatJoinPayload, async ({ callId }) =>
      chat.history(await ctx.actorFor(callId), callId, () => socket.join(chatRoom(callId))),
    ),
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
}
