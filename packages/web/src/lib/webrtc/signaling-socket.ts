import { SOCKET_OPTIONS } from '@belleza/contract';
import { io } from 'socket.io-client';
import type { SignalingSocket } from './mesh-session';

/**
 * The video page's own Socket.IO connection (anonymous: the room token authorises it). It keeps
 * reconnecting for as long as the page is open, since a call should survive a server restart.
 */
export function connectSignaling(url: string = window.location.origin): SignalingSocket {
  return io(url, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    reconnectionAttempts: Infinity,
  });
}
