/**
 * The visitor's websocket (it connects as a client when a consultation starts): joins `call:{id}`
 * with the clientKey (`client:connect`, again after every reconnect) and reports the call's queue
 * position, estimate and status; the call's chat rides on it. socket.io-client loads only when a
 * call exists, so the landing page's first download does not carry it.
 */
import { callSchema, type CallStatus, type RingingStylist } from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import type { ChatLink } from '@/components/video-call/visitor';
import type { AppSocket } from '@/lib/socket';
import type { CallCredentials } from './consultation.api';

export type CallSocketUpdate = {
  callId: string;
  status?: CallStatus;
  queuePosition?: number | null;
  /** Who rings for her now; null while she is queued. */
  ringing?: RingingStylist | null;
  estimatedWaitTime?: number | null;
  reason?: string | null;
  /** the system ends the call at maxCallDuration in this many minutes */
  endingInMinutes?: number;
};

/** Answers the socket as a chat link once it joined the call (again after each reconnect). */
export function useCallSocket(
  call: CallCredentials | null,
  onUpdate: (update: CallSocketUpdate) => void,
): ChatLink | null {
  const [link, setLink] = useState<ChatLink | null>(null);
  const onUpdateRef = useRef(onUpdate);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
  }, [onUpdate]);

  const callId = call?.callId;
  const clientKey = call?.clientKey;

  useEffect(() => {
    if (!callId || !clientKey) return;
    let disposed = false;
    let socket: AppSocket | null = null;
    let stopReconnecting = () => {};
    const report = (update: CallSocketUpdate) => {
      if (!disposed && update.callId === callId) onUpdateRef.current(update);
    };

    void import('@/lib/socket').then(({ createSocket, keepReconnecting }) => {
      if (disposed) return;
      const s = createSocket();
      socket = s;
      stopReconnecting = keepReconnecting(s);
      const clientId = `client-${Date.now()}`;
      let generation = 0;
      s.on('connect', () => {
        s.emit('client:connect', { callId, clientKey, clientId }, (res) => {
          if (!res.ok || disposed) return;
          generation += 1;
          setLink({ socket: s, generation, auth: { clientKey } });
          // The call as it is now: covers anything that happened before we joined the room.
          const parsed = callSchema.safeParse(res.data);
          if (parsed.success)
            report({
              callId,
              status: parsed.data.status,
              queuePosition: parsed.data.queuePosition,
              estimatedWaitTime: parsed.data.estimatedWaitTime,
              // Rung before we joined: the snapshot names her (the title comes with the next news).
              ringing:
                parsed.data.status === 'pending' && parsed.data.advisorInfo
                  ? { name: parsed.data.advisorInfo.name, title: '' }
                  : null,
            });
        });
      });
      s.on('call:queue:updated', (p) =>
        report({
          callId: p.callId,
          queuePosition: p.queuePosition,
          estimatedWaitTime: p.estimatedWaitTime,
          ringing: p.ringing,
        }),
      );
      s.on('call:accepted', (c) => report({ callId: c.callId, status: 'active' }));
      s.on('call:status:updated', (p) =>
        report({ callId: p.callId, status: p.status, reason: p.call.reason }),
      );
      s.on('call:ended', (c) => report({ callId: c.callId, status: 'completed' }));
      s.on('call:ending-soon', (p) => report({ callId: p.callId, endingInMinutes: p.minutesLeft }));
      s.connect();
    });

    return () => {
      disposed = true;
      setLink(null);
      stopReconnecting();
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  }, [callId, clientKey]);

  return link;
}
