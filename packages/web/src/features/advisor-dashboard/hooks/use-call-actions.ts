/**
 * The advisor's answers to her calls: 'Aceptar' (which opens the call screen with the room token
 * already on its way), 'Rechazar' and 'Finalizar'. Each patches the dashboard's cache at once and
 * rereads it when the server refused; a failure goes to the dashboard's error banner.
 */
import type { AdvisorDashboard, Call, CallToken } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import { fetchCallToken } from '@/components/video-call';
import { authStore } from '@/lib/auth-store';
import { acceptCall, dashboardKey, declineCall, endCall } from '../api/dashboard';
import { pastCallsKeys } from '../api/past-calls';
import { moveToActive, removeCall, removePending } from '../utils/call-lists';
import type { CallScreen } from './use-call-screen';
import type { IncomingAlert } from './use-incoming-call-alert';

export type CallActionsOptions = {
  advisorId: string | null;
  alert: IncomingAlert;
  screen: CallScreen;
  /** shows the dashboard's error banner */
  fail: (message: string, err?: unknown) => void;
};

/** The accepted call's room token, asked for as soon as the accept answers. */
export type AcceptedToken = { callId: string; token: Promise<CallToken> };

export function useCallActions({ advisorId, alert, screen, fail }: CallActionsOptions) {
  const { t } = useTranslation('advisor');
  const queryClient = useQueryClient();
  const [busyCallId, setBusyCallId] = useState<string | null>(null);
  // The call whose 'Aceptar' is in flight: its warm call screen must outlive the popup, which
  // goes as soon as the socket says the call left the pending list.
  const [accepting, setAccepting] = useState<Call | null>(null);
  const [acceptedToken, setAcceptedToken] = useState<AcceptedToken | null>(null);

  const patch = useCallback(
    (update: (d: AdvisorDashboard) => AdvisorDashboard) => {
      if (!advisorId) return;
      queryClient.setQueryData<AdvisorDashboard>(dashboardKey(advisorId), (d) =>
        d ? update(d) : d,
      );
    },
    [advisorId, queryClient],
  );

  const accept = async (call: Call) => {
    if (!advisorId) {
      fail(t('errors.noAdvisorId'));
      return;
    }
    setBusyCallId(call.callId);
    setAccepting(call);
    try {
      const { roomToken, ...accepted } = await acceptCall(call.callId, advisorId);
      // Normally in the accept's answer; asked for at once otherwise.
      const token = roomToken
        ? Promise.resolve(roomToken)
        : fetchCallToken(accepted.callId, 'advisor');
      token.catch(() => undefined); // the call screen reports a failure (and retries)
      setAcceptedToken({ callId: accepted.callId, token });
      patch((d) => moveToActive(d, accepted));
      if (alert.currentId() === call.callId) alert.close();
      const current = authStore.getState().advisor;
      if (current) authStore.setAdvisor({ ...current, status: 'busy', statusReason: 'in_call' });
      screen.setCall(accepted);
    } catch (err) {
      fail(t('errors.accept'), err);
      void queryClient.invalidateQueries({ queryKey: dashboardKey(advisorId) });
    } finally {
      setBusyCallId(null);
      setAccepting(null);
    }
  };

  const decline = async (call: Call) => {
    if (!advisorId) {
      fail(t('errors.noAdvisorId'));
      return;
    }
    setBusyCallId(call.callId);
    try {
      await declineCall(call.callId);
      if (alert.currentId() === call.callId) alert.close();
      patch((d) => removePending(d, call.callId));
    } catch (err) {
      fail(t('errors.decline'), err);
      void queryClient.invalidateQueries({ queryKey: dashboardKey(advisorId) });
    } finally {
      setBusyCallId(null);
    }
  };

  /** Ends the call for everyone; true when the server did. */
  const end = async (call: Call): Promise<boolean> => {
    setBusyCallId(call.callId);
    screen.endingIdsRef.current.add(call.callId);
    try {
      await endCall(call.callId);
      patch((d) => removeCall(d, call.callId));
      if (screen.callRef.current?.callId === call.callId) screen.setCall(null);
      screen.setAfterCall(call);
      toast.success(t('calls.endedTitle'), t('calls.ended'));
      return true;
    } catch (err) {
      fail(t('errors.end'), err);
      return false;
    } finally {
      screen.endingIdsRef.current.delete(call.callId);
      setBusyCallId(null);
      if (advisorId) {
        void queryClient.invalidateQueries({ queryKey: dashboardKey(advisorId) });
        // Also when the socket is down: the call she just ended joins her past consultations.
        void queryClient.invalidateQueries({ queryKey: pastCallsKeys.lists(advisorId) });
      }
    }
  };

  return { busyCallId, accepting, acceptedToken, accept, decline, end };
}
