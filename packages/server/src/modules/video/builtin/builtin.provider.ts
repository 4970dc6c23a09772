/**
 * Built-in WebRTC provider: a "room" is the call itself (signalling relayed over our Socket.IO,
 * media peer-to-peer), so creating and deleting need no outside service. Tokens are HMAC-signed.
 */
import { builtinRoomUrl } from '@belleza/contract';
import { roomExpiry, type VideoProvider } from '../video.provider.js';
import { signRoomToken } from './room-token.js';

export function createBuiltinProvider(deps: { secret: () => Promise<string> }): VideoProvider {
  return {
    kind: 'builtin',
    createRoom({ callId, settings, now }) {
      return Promise.resolve({
        provider: 'builtin' as const,
        name: callId,
        url: builtinRoomUrl(callId),
        expiresAt: roomExpiry(now, settings).toISOString(),
      });
    },
    async createToken(room, participant) {
      const token = signRoomToken(await deps.secret(), {
        callId: room.name,
        room: room.name,
        type: participant.type,
        id: participant.id,
        name: participant.name,
        expiresAt: new Date(room.expiresAt),
      });
      return { token, expiresAt: room.expiresAt };
    },
    // Peers are ejected by the signalling layer when the room is deleted (see video.socket.ts).
    deleteRoom: () => Promise.resolve(),
    testConnection: () => Promise.resolve({ ok: true, domain: null }),
  };
}
