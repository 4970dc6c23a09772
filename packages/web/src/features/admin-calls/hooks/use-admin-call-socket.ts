/**
 * The admin's socket on the live-call screen: signed in with the session token (so it is in the
 * admins' room and may join the call's chat), handed to the chat as a link that changes on every
 * (re)connect, and listening for the call's end. Reconnects after the client gives up, as the
 * admin area's own socket does.
 */
import type { Call } from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import type { ChatLink } from '@/components/video-call';
import { useAuth } from '@/lib/auth-store';
import { endSessionWhenRefused } from '@/lib/session';
import { createSocket, keepReconnecting } from '@/lib/socket';

export type AdminCallSocketEvents = {
  /** (Re)connected: whatever happened meanwhile is read again. */
  onConnect: () => void;
  /** The call ended (or was cancelled) for everyone. */
  onEnded: () => void;
  /** The visitor's page went away or came back (the call's details say since when, until when). */
  onVisitorPresence: () => void;
};

const isOver = (call: Pick<Call, 'status'>) =>
  call.status === 'completed' || call.status === 'cancelled';

export function useAdminCallSocket(callId: string, events: AdminCallSocketEvents): ChatLink | null {
  const { token } = useAuth();
  const [link, setLink] = useState<ChatLink | null>(null);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    if (!token) return;
    const socket = createSocket({ auth: { token } });
    endSessionWhenRefused(socket, token);
    let generation = 0;
    socket.on('connect', () => {
      // Signed in by the handshake's token: the chat may join right away.
      generation += 1;
      setLink({ socket, generation, auth: null });
      eventsRef.current.onConnect();
    });
    socket.on('call:ended', (call) => {
      if (call.callId === callId) eventsRef.current.onEnded();
    });
    socket.on('call:visitor:presence', (p) => {
      if (p.callId === callId) eventsRef.current.onVisitorPresence();
    });
    socket.on('call:status:updated', (update) => {
      if (update.callId === callId && isOver(update)) eventsRef.current.onEnded();
    });
    socket.connect();
    const stopReconnecting = keepReconnecting(socket);
    return () => {
      setLink(null);
      stopReconnecting();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, callId]);

  return link;
}
