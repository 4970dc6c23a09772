/**
 * The advisor's realtime link: a socket authenticated with the session token, the 5 s heartbeat
 * (reconnect 1 s after the client gave up), and every call event patched into the dashboard's query
 * cache. Reports the connection status (connected / error / disconnected) so the page can show when
 * realtime is down. A call of hers that ends refreshes her past consultations; a booking of hers
 * that changes patches 'Mis citas'.
 */
import type {
  AdvisorDashboard,
  AdvisorStatus,
  Call,
  StaffAppointment,
  callOfferWithdrawnPayload,
  callVisitorPresencePayload,
} from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { intakeQueryKey } from '@/components/call-intake';
import type { ChatLink } from '@/components/video-call';
import { endSessionWhenRefused } from '@/lib/session';
import { createSocket, startHeartbeat } from '@/lib/socket';
import { appointmentsKeys } from '../api/appointments';
import { dashboardKey } from '../api/dashboard';
import { pastCallsKeys } from '../api/past-calls';
import { openServicesKey } from '../api/service-outcomes';
import { applyAppointmentChange } from '../utils/appointments';
import {
  addNewCall,
  addUrgentCall,
  applyStatusUpdate,
  moveToActive,
  removeCall,
  removePending,
  replacePending,
} from '../utils/call-lists';

export type RealtimeStatus = 'connecting' | 'connected' | 'error' | 'disconnected';
export type WithdrawReason = z.infer<typeof callOfferWithdrawnPayload>['reason'];
export type VisitorPresence = z.infer<typeof callVisitorPresencePayload>;

export type AdvisorSocketEvents = {
  onAdvisorStatus: (status: AdvisorStatus, reason: string | null) => void;
  onWithdrawn: (callId: string, reason: WithdrawReason) => void;
  onCallEnded: (call: Call) => void;
  /** The server accepted a call for this advisor (autoAcceptCalls): alert her and open it. */
  onAutoAccepted: (call: Call) => void;
  /** One of her calls reaches maxCallDuration in `minutesLeft` minutes. */
  onEndingSoon: (callId: string, minutesLeft: number) => void;
  /** The visitor of one of her calls lost her page's connection, or is back. */
  onVisitorPresence: (presence: VisitorPresence) => void;
};

/** The connection's state, and the socket as a chat link for her calls (new after each connect). */
export function useAdvisorSocket(
  advisorId: string | null,
  token: string | null,
  events: AdvisorSocketEvents,
): { status: RealtimeStatus; chat: ChatLink | null } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [chat, setChat] = useState<ChatLink | null>(null);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  }, [events]);

  useEffect(() => {
    if (!advisorId || !token) return;
    const key = dashboardKey(advisorId);
    const patch = (update: (d: AdvisorDashboard) => AdvisorDashboard) => {
      // A read already on its way (the 10 s poll, the read after a connect) left before this event:
      // its answer would put back the list without it (an offer gone before it rang). It is dropped
      // for a read that starts after the event.
      const stale = queryClient.isFetching({ queryKey: key }) > 0;
      queryClient.setQueryData<AdvisorDashboard>(key, (d) => (d ? update(d) : d));
      if (stale)
        void queryClient
          .cancelQueries({ queryKey: key }, { silent: true })
          .then(() => queryClient.invalidateQueries({ queryKey: key }));
    };
    const mine = (call: Call) => !call.advisorId || call.advisorId === advisorId;
    /** One of her calls finished: her past consultations gain it. */
    const refreshPastCalls = () =>
      void queryClient.invalidateQueries({ queryKey: pastCallsKeys.lists(advisorId) });
    const finished = (status: Call['status']) => status === 'completed' || status === 'cancelled';
    const appointmentsKey = appointmentsKeys.upcoming(advisorId);

    const socket = createSocket({ auth: { token }, autoConnect: false });
    endSessionWhenRefused(socket, token);
    let generation = 0;
    socket.on('connect', () => {
      setStatus('connected');
      // Signed in by the handshake's token: the call's chat may join right away.
      generation += 1;
      setChat({ socket, generation, auth: null });
      // Whatever happened while we were away: one fresh read.
      void queryClient.invalidateQueries({ queryKey: key });
      // Back after a gap: a call may have ended, a booking changed meanwhile (the first connect
      // follows the load).
      if (generation > 1) {
        refreshPastCalls();
        void queryClient.invalidateQueries({ queryKey: appointmentsKey });
      }
    });
    socket.on('disconnect', () => setStatus('disconnected'));
    socket.on('connect_error', () => setStatus('error'));

    socket.on('call:new', (call) => {
      if (mine(call)) patch((d) => addNewCall(d, call));
    });
    socket.on('call:new:urgent', (call) => {
      if (mine(call)) patch((d) => addUrgentCall(d, call));
    });
    socket.on('calls:pending', (calls) => patch((d) => replacePending(d, calls.filter(mine))));
    socket.on('call:status:updated', (p) => {
      // A call that moved to someone else is no longer ours in any list.
      if (p.call.advisorId && p.call.advisorId !== advisorId) patch((d) => removeCall(d, p.callId));
      else patch((d) => applyStatusUpdate(d, p));
      if (p.call.advisorId === advisorId && finished(p.status)) refreshPastCalls();
    });
    socket.on('call:accepted', (call) => {
      if (call.advisorId === advisorId) patch((d) => moveToActive(d, call));
      else patch((d) => removePending(d, call.callId));
    });
    socket.on('call:ending-soon', (p) => eventsRef.current.onEndingSoon(p.callId, p.minutesLeft));
    socket.on('call:visitor:presence', (p) => eventsRef.current.onVisitorPresence(p));
    socket.on('call:auto-accepted', (call) => {
      patch((d) => moveToActive(d, call));
      eventsRef.current.onAutoAccepted(call);
    });
    socket.on('call:ended', (call) => {
      patch((d) => removeCall(d, call.callId));
      if (call.advisorId === advisorId) refreshPastCalls();
      eventsRef.current.onCallEnded(call);
    });
    socket.on('call:offer:withdrawn', ({ callId, reason }) => {
      patch((d) => removePending(d, callId));
      eventsRef.current.onWithdrawn(callId, reason);
    });
    socket.on('call:intake:updated', ({ callId }) => {
      const queryKey = intakeQueryKey(callId);
      // A read already on its way may predate the photo (TanStack would only wait for it, as the
      // query holds no data yet): it is dropped, then made again.
      void queryClient
        .cancelQueries({ queryKey })
        .then(() => queryClient.invalidateQueries({ queryKey }));
    });
    socket.on('appointment:changed', (appointment) => {
      queryClient.setQueryData<StaffAppointment[]>(appointmentsKey, (list) =>
        list ? applyAppointmentChange(list, appointment, advisorId) : list,
      );
      if (appointment.kind === 'service')
        void queryClient.invalidateQueries({ queryKey: openServicesKey(advisorId) });
    });
    socket.on('advisor:connected', (p) => {
      if (p.advisorId === advisorId) eventsRef.current.onAdvisorStatus(p.status, null);
    });
    socket.on('advisor:status:updated', (p) => {
      if (p.advisorId === advisorId) eventsRef.current.onAdvisorStatus(p.status, p.reason);
    });

    socket.connect();
    const stopHeartbeat = startHeartbeat(socket);
    return () => {
      setChat(null);
      stopHeartbeat();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [advisorId, token, queryClient]);

  return { status, chat };
}
